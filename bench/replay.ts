import { performance } from "node:perf_hooks";
import { playGame } from "../src/ai/index.js";
import { replayFrames } from "../src/bot/features/reviews/replay-frames.js";
import { defaultRules, type GameState, type Variant } from "../src/engine/index.js";
import { renderReplayGif } from "../src/render/replay.js";
import { type Timeline, type Transition, turnsOf } from "../src/services/index.js";
import { peakRss } from "./peak-memory.js";
import { round } from "./stats.js";

const MB = 1024 * 1024;

/** A long nardy game between two pip-count players, as the timeline the service would store. */
export function benchTimeline(
  seed: number,
  variant: Variant = "long",
): { timeline: Timeline; state: GameState } {
  const transitions: Transition[] = [];
  let start: GameState | null = null;
  const state = playGame({
    variant,
    rules: defaultRules(variant),
    white: "pipcount",
    black: "pipcount",
    starter: "white",
    seed,
    onAction: (by, action, before, after) => {
      start ??= before;
      transitions.push({ by, action, dice: [], before, after, auto: false });
    },
  });
  return { timeline: { start: start!, transitions }, state };
}

/**
 * The replay animation of a 60-turn game (cut from a longer one), drawn by the real GIF encoder
 * after one warm-up drawing (the sprite cache): time to make it, its size, and the memory it
 * takes at its peak (the least of the runs': the process's resident size also moves with the
 * collector and the thread pool, never below what the drawing needs); beside it, but for a smoke run, that of the same
 * game three times over (frames are written as they are drawn, so the two should match).
 */
export async function benchReplay(opts: { smoke?: boolean } = {}): Promise<Record<string, number>> {
  let seed = 1;
  let game = benchTimeline(seed);
  while (turnsOf(game.timeline).length < 60) game = benchTimeline(++seed);
  const all = replayFrames(
    { variant: "long", score: { white: 0, black: 0 }, state: game.state },
    game.timeline,
  );
  // The title, the first 60 turns and the closing panel.
  const frames = [...all.slice(0, 61), all.at(-1)!];
  await renderReplayGif(frames.slice(0, 3));
  const runs = opts.smoke ? 1 : 3;
  let best = Number.POSITIVE_INFINITY;
  let cpu = Number.POSITIVE_INFINITY;
  let bytes = 0;
  let peakBytes = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const { value: gif, peakBytes: peak } = await peakRss(() => renderReplayGif(frames));
    const c = process.cpuUsage(c0);
    peakBytes = Math.min(peakBytes, peak);
    best = Math.min(best, performance.now() - t0);
    // All threads' CPU (sharp's included): what it costs on one core, whatever else runs.
    cpu = Math.min(cpu, (c.user + c.system) / 1000);
    bytes = gif.length;
  }
  const tripled: Record<string, number> = opts.smoke
    ? {}
    : {
        replayTripledPeakMb: round(
          (await peakRss(() => renderReplayGif([...frames, ...frames, ...frames]))).peakBytes / MB,
          1,
        ),
      };
  return {
    replayFrames: frames.length,
    replayBestMs: round(best),
    replayCpuMs: round(cpu),
    replayMb: round(bytes / 1024 / 1024, 2),
    replayPeakMb: round(peakBytes / MB, 1),
    ...tripled,
  };
}
