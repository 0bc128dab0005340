/**
 * The body of the computer's thread (see computer-thread.ts): answers each decision request
 * with the move, or with the error that made it fail, and goes on with the next.
 */
import { parentPort } from "node:worker_threads";
import { type DecideRequest, decideHere } from "./computer-thread.js";

const port = parentPort;
if (!port) throw new Error("computer-worker runs as a worker thread");
port.on("message", async ({ id, request }: { id: number; request: DecideRequest }) => {
  try {
    port.postMessage({ id, move: await decideHere(request) });
  } catch (err) {
    port.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
