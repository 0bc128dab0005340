/**
 * The body of an analysis thread (see analysis-thread.ts): analyses the timeline it is given
 * and posts its progress, then the result.
 */
import { parentPort, workerData } from "node:worker_threads";
import { analyseGame } from "./analysis.js";
import type { Timeline } from "./timeline.js";

const port = parentPort;
if (!port) throw new Error("analysis-worker runs as a worker thread");
const { timeline } = workerData as { timeline: Timeline };
const result = await analyseGame(timeline, (done, total) => {
  port.postMessage({ type: "progress", done, total });
});
port.postMessage({ type: "done", result });
