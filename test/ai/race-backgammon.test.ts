import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GNUBG_FIXTURES } from "../../bench/testkit/vectors.js";
import { rankPlays } from "../../src/ai/analyse.js";
import { Evaluator, stockEvaluator } from "../../src/ai/evaluate.js";
import { decodePositionId, defaultRules } from "../../src/engine/index.js";

/** Races with a backgammon still possible, and GNU Backgammon's chances for the mover. */
const cases = readFileSync(path.join(GNUBG_FIXTURES, "race-backgammons.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as { pos: string; probs: number[] });

const moverSides = (id: string) => {
  const pos = decodePositionId(id)!;
  return { me: pos.onRoll, opp: pos.opponent };
};

describe("backgammons in a short-nardy race", () => {
  it("are GNU Backgammon's, for the winner either side of the roll", () => {
    const ev = stockEvaluator("short");
    let undecided = 0;
    for (const c of cases) {
      const { me, opp } = moverSides(c.pos);
      const p = ev.evaluate(me, opp);
      const [, , winBG, , loseBG] = c.probs;
      // gnubg prints six decimals.
      expect(Math.abs(p.winBG - winBG!), c.pos).toBeLessThan(5e-5);
      expect(Math.abs(p.loseBG - loseBG!), c.pos).toBeLessThan(5e-5);
      expect(p.loseG).toBeGreaterThanOrEqual(p.loseBG);
      expect(p.winG).toBeGreaterThanOrEqual(p.winBG);
      expect(p.win + p.loseG).toBeLessThanOrEqual(1 + 1e-12);
      if (Math.max(winBG!, loseBG!) > 0.01 && Math.max(winBG!, loseBG!) < 0.99) undecided++;
    }
    // Not only the sure and the impossible ones.
    expect(undecided).toBeGreaterThan(60);
  });

  it("were the race net's guess before, and far from gnubg's", () => {
    const stock = stockEvaluator("short");
    const netOnly = new Evaluator("short", stock.net, stock.raceNet, false);
    let off = 0;
    for (const c of cases) {
      const { me, opp } = moverSides(c.pos);
      const p = netOnly.evaluate(me, opp);
      if (Math.abs(p.winBG - c.probs[2]!) + Math.abs(p.loseBG - c.probs[4]!) > 0.05) off++;
    }
    expect(off).toBeGreaterThan(cases.length / 10);
  });

  it("make every play equal when each loses the same backgammon (gnubg's self-play)", () => {
    // Black, to play 6-4, has four checkers on its 23-point and nothing off; White has 11 off
    // and 4 on its ace. Every play needs 5-5 or 6-6 next to save the backgammon, and gnubg
    // rates all 48 at -2.953704 (1/6 + 5/6 x 34/36 lost by a backgammon).
    const { me, opp } = moverSides("DwAAIEHM1MADAA");
    const ranked = rankPlays({
      variant: "short",
      rules: defaultRules("short"),
      me,
      opp,
      dice: [6, 4],
    });
    expect(ranked).toHaveLength(48);
    for (const r of ranked) expect(r.equity).toBeCloseTo(-2.953704, 5);
  });
});
