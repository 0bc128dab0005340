import { Worker } from "node:worker_threads";
import { analyseGame, type GameAnalysis } from "./analysis.js";
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
 * progress call has finished (the caller edits one message with both). The worker is the
 * compiled analysis-worker.js; run from the TypeScript sources (development), there is none
 * to start, and the analysis runs in this thread.
 */
export const analyseInWorker: Analyse = (timeline, progress = () => {}) => {
  if (import.meta.url.endsWith(".ts")) return analyseGame(timeline, progress);
  const worker = new Worker(new URL("./analysis-worker.js", import.meta.url), {
    workerData: { timeline },
  });
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
