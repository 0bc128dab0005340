import { describe, expect, it } from "vitest";
import { reviewsRun } from "../../bench/reviews.js";
import { REVIEW_LIMITS } from "../../src/bot/review-queue.js";

describe("analyses and replays asked for all at once, through the whole bot", () => {
  it("20 presses: no more workers than the queue's, and memory bounded by them", () => {
    // Ten games of about 16 turns, each with 📊 and 🎞 pressed at once: the compiled bot's
    // worker threads, the real renderers, the queue's limits for this machine.
    const r = reviewsRun({ games: 10, actions: 40, compiled: true });
    expect(r.asked).toBe(20);
    const { analyses, replays } = REVIEW_LIMITS;
    expect(r.analysisWorkers).toBeLessThanOrEqual(analyses.workers);
    expect(r.replayWorkers).toBeLessThanOrEqual(replays.workers);
    // Unbounded, all 20 ran at once: ten analysis threads and ten replays, about 360 MB
    // above the bot on a two-core machine (175 MB with one of each). Bounded: the bot's
    // first use of the renderer and the evaluator, and a share per worker.
    expect(r.peakRssMb).toBeLessThan(120 + 80 * analyses.workers + 30 * replays.workers);
  }, 600_000);
});
