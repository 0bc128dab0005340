import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { GameAnalysis } from "./analysis.js";
import type { Timeline } from "./timeline.js";

/** What analyses a game: in this thread (analyseGame) or in a worker (analyseInWorker). */
export type Analyse = (
  timeline: Timeline,
  progress?: (done: number, total: number) => void | Promise<void>,
) => Promise<GameAnalysis>;

type WorkerMessage =
  | { readonly type: "progress"; readonly done: number; readonly total: number }
  | { readonly type: "done"; readonly result: GameAnalysis };

/**
 * A game's analysis in a worker thread of its own, so the thread taking updates never waits
 * for the evaluator. Progress is handed on in order, and the result only after the last
 * progress call has finished (the caller edits one message with both). Run from the
 * TypeScript sources (tests, tsx), the worker loads them through tsx as well.
 */
export const analyseInWorker: Analyse = (timeline, progress = () => {}) => {
  const worker = startWorker(timeline);
  return new Promise<GameAnalysis>((resolve, reject) => {
    let reported: Promise<void> = Promise.resolve();
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      reject(err);
    };
    worker.on("message", (m: WorkerMessage) => {
      if (m.type === "progress") reported = reported.then(() => progress(m.done, m.total));
      else
        reported.then(() => {
          settled = true;
          resolve(m.result);
        }, fail);
    });
    worker.once("error", fail);
    worker.once("exit", (code) => {
      if (code !== 0) fail(new Error(`the analysis thread stopped with exit code ${code}`));
    });
  });
};

/** The worker: compiled, as the bot runs; from the sources, with tsx registered in it first. */
function startWorker(timeline: Timeline): Worker {
  const workerData = { timeline };
  if (!import.meta.url.endsWith(".ts"))
    return new Worker(new URL("./analysis-worker.js", import.meta.url), { workerData });
  // The package's ES module entry (require.resolve finds its CommonJS twin beside it).
  const api = createRequire(import.meta.url).resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs");
  const tsx = pathToFileURL(api).href;
  const entry = new URL("./analysis-worker.ts", import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true, workerData });
}
