import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { benchTimeline } from "../../bench/replay.js";
import { type Analyse, analyseGame } from "../../src/services/index.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The analysis made in a worker thread is the one made here, progress and all. */
async function sameAsHere(analyse: Analyse): Promise<void> {
  const { timeline } = benchTimeline(4);
  const here = await analyseGame(timeline);
  const seen: [number, number][] = [];
  const there = await analyse(timeline, async (done, total) => {
    // A slow progress call (an edit of a message) holds the result back until it is done.
    await new Promise((r) => setTimeout(r, 1));
    seen.push([done, total]);
  });
  expect(there).toEqual(here);
  const total = seen[0]![1];
  expect(seen.map(([d]) => d)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
}

describe("the analysis in a worker thread", () => {
  // The worker is the compiled one: the sources analyse in their own thread.
  it("from the compiled bot (dist/, as npm start and the image run it) gives the same", async () => {
    const url = pathToFileURL(path.join(ROOT, "dist/services/analysis-thread.js")).href;
    const built = (await import(url)) as { analyseInWorker: Analyse };
    await sameAsHere(built.analyseInWorker);
  });
});
