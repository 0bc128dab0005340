import { describe, expect, it } from "vitest";
import { benchTimeline } from "../../bench/replay.js";
import { rankPlays } from "../../src/ai/analyse.js";
import { turnSpec } from "../../src/engine/index.js";
import { analyseGame, BLUNDER_LOSS, ERROR_LOSS, turnsOf } from "../../src/services/index.js";

describe("the analysis of a whole game", () => {
  it("weighs every play with a choice, and counts errors, blunders and losses from them", async () => {
    const { timeline } = benchTimeline(3);
    const seen: number[] = [];
    const a = await analyseGame(timeline, (done) => {
      seen.push(done);
    });
    const turns = turnsOf(timeline).length;
    // Long nardy without the cube: every step weighed is a turn, or a roll that cannot double.
    expect(seen).toEqual(Array.from({ length: seen.length }, (_, i) => i + 1));
    expect(seen.length).toBeGreaterThanOrEqual(turns);
    for (const c of ["white", "black"] as const) {
      const p = a[c];
      expect(p.decisions).toBeGreaterThan(10);
      expect(p.decisions).toBeLessThanOrEqual(turns);
      expect(p.blunders).toBeLessThanOrEqual(p.errors);
      expect(p.costliest.length).toBeLessThanOrEqual(3);
      const losses = p.costliest.map((d) => d.loss);
      expect(losses).toEqual([...losses].sort((x, y) => y - x));
      expect(p.cube).toEqual({ decisions: 0, errors: 0, lost: 0 });
      for (const d of p.costliest) {
        if (d.kind === "cube") throw new Error("a cube decision in a game without the cube");
        expect(d.color).toBe(c);
        expect(d.loss).toBeCloseTo(d.bestEquity - d.playedEquity, 9);
        expect(p.lost).toBeGreaterThanOrEqual(d.loss);
      }
      // The worst play's loss decides whether there was an error at all.
      expect(p.errors > 0).toBe((p.costliest[0]?.loss ?? 0) >= ERROR_LOSS);
      expect(p.blunders > 0).toBe((p.costliest[0]?.loss ?? 0) >= BLUNDER_LOSS);
    }
  });

  it("names the best play and the play made with the equities the evaluator ranks them by", async () => {
    const { timeline } = benchTimeline(5);
    const a = await analyseGame(timeline);
    const d = [...a.white.costliest, ...a.black.costliest][0]!;
    if (d.kind === "cube") throw new Error("a cube decision in a game without the cube");
    const t = timeline.transitions.find(
      (x) =>
        x.after.lastMove && x.after.lastMove !== x.before.lastMove && x.after.board === d.after,
    )!;
    const ranked = rankPlays(turnSpec({ ...t.before, steps: [] }, [d.dice[0], d.dice[1]]), {
      scoring: t.before.rules.scoring,
    });
    expect(ranked[0]!.equity).toBe(d.bestEquity);
    expect(ranked.some((r) => r.equity === d.playedEquity)).toBe(true);
  });
});
