import { describe, expect, it } from "vitest";
import { bearoffIndex, bearoffTable } from "../../src/ai/bearoff.js";
import { stockEvaluator } from "../../src/ai/evaluate.js";
import { decodePositionId, makeSide } from "../../src/engine/index.js";

/** P(the side bears everything off with its next roll), from the bear-off table. */
const oneRoll = (points: Record<number, number>) =>
  bearoffTable().off.chance(bearoffIndex(makeSide(points)), 1);

describe("the evaluator when the other side may finish on its next roll", () => {
  it("knows a certain backgammon (a position from GNU Backgammon's self-play)", () => {
    // Black, to play 6-2, has 15 checkers on the board, one in White's home; White has 14
    // off and one on its 2-point: every play loses a backgammon, as gnubg rates them all.
    const pos = decodePositionId("AQAAzFMAVTgAAA")!;
    expect(pos.opponent[0]).toBe(14);
    const me = pos.onRoll;
    expect(me.slice(19, 25).some((n) => n > 0)).toBe(true);
    const p = stockEvaluator("short").evaluate(me, pos.opponent);
    expect(p).toEqual({ win: 0, winG: 0, winBG: 0, loseG: 1, loseBG: 1 });
  });

  it("holds the chances to the other side's one-roll finish in a race", () => {
    // No contact: my last checker is on my 7-point, the other side's on its 6 and 5-points.
    const me = makeSide({ 0: 0, 7: 1, 6: 4, 5: 5, 4: 5 });
    const opp = makeSide({ 0: 13, 6: 1, 5: 1 });
    const q = oneRoll({ 0: 13, 6: 1, 5: 1 });
    expect(q).toBeGreaterThan(0.1);
    expect(q).toBeLessThan(1);
    const p = stockEvaluator("short").evaluate(me, opp);
    expect(p.win).toBeLessThanOrEqual(1 - q + 1e-12);
    expect(p.loseG).toBeGreaterThanOrEqual(q - 1e-12);
    expect(p.loseBG).toBe(0);
  });

  it("in long nardy, a koks when the other side surely finishes and I am still at the start", () => {
    // The other side: one checker on its 1-point, 14 off. Mine: 14 home, one still at the head.
    const me = makeSide({ 0: 0, 24: 1, 3: 14 });
    const opp = makeSide({ 0: 14, 1: 1 });
    const p = stockEvaluator("long").evaluate(me, opp);
    expect(p).toEqual({ win: 0, winG: 0, winBG: 0, loseG: 1, loseBG: 1 });
  });

  it("leaves long nardy alone while my checkers stand in the other side's home", () => {
    // My checker on my 15-point sits on the other side's 4-point, in its way.
    const me = makeSide({ 0: 0, 15: 1, 3: 14 });
    const opp = makeSide({ 0: 14, 1: 1 });
    const p = stockEvaluator("long").evaluate(me, opp);
    expect(p.loseBG).toBeLessThan(1);
  });
});
