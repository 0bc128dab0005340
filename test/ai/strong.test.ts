import { describe, expect, it } from "vitest";
import { randomGameSpecs } from "../../bench/testkit/positions.js";
import { stockEvaluator } from "../../src/ai/evaluate.js";
import { choosePlay, cubeDecision, pipcountPlay } from "../../src/ai/index.js";
import { matchEquity } from "../../src/ai/met.js";
import { lookAhead, lookTwoAhead, scorePlays } from "../../src/ai/search.js";
import { outcomeValues } from "../../src/ai/values.js";
import {
  defaultRules,
  legalPlays,
  makeSide,
  type Play,
  sidesEqual,
  startingSide,
  type TurnSpec,
} from "../../src/engine/index.js";
import { versus } from "../../tools/train/versus.js";
import { sampled } from "../helpers/samples.js";

// 200 games a side in the slow suite; `npm test` plays the first 30 of them.
const GAMES = sampled(200, 30);

describe("the strong player against the pip-count player", () => {
  for (const variant of ["short", "long"] as const) {
    it(`${variant}: medium wins most of ${GAMES} cubeless games (fixed seeds)`, {
      timeout: 60_000,
    }, () => {
      // The move-generator loop of the trainer: the game flow itself is tested elsewhere.
      const medium = (spec: TurnSpec) => choosePlay(spec, {}, "medium");
      const r = versus(variant, medium, pipcountPlay, GAMES, 1000);
      expect(r.winRate).toBeGreaterThan(0.6);
    });
  }
});

describe("the strong player's cube", () => {
  const rules = defaultRules("short");
  const base = { variant: "short" as const, rules };
  const centred = { value: 1, owner: null };

  it("neither doubles nor passes at the start", () => {
    const me = startingSide("short");
    const pos = { ...base, me, opp: me, cube: centred, canDouble: true };
    expect(cubeDecision(pos, {}, "medium")).toEqual({ double: false, take: true });
  });

  it("doubles a won race, and the opponent passes", () => {
    const pos = {
      ...base,
      me: makeSide({ 1: 2, 0: 13 }),
      opp: makeSide({ 6: 10, 0: 5 }),
      cube: centred,
      canDouble: true,
    };
    expect(cubeDecision(pos, {}, "hard")).toEqual({ double: true, take: false });
  });

  it("post-Crawford, the trailer 3-away doubles at once and the leader takes", () => {
    const me = startingSide("short");
    const pos = { ...base, me, opp: me, cube: centred, canDouble: true };
    const answer = cubeDecision(pos, { match: { to: 5, me: 2, opp: 4 } }, "medium");
    expect(answer).toEqual({ double: true, take: true });
    const leader = cubeDecision(pos, { match: { to: 5, me: 4, opp: 2 } }, "medium");
    expect(leader.double).toBe(false);
  });

  it("the match equity table is symmetric and sensible", () => {
    expect(matchEquity(1, 1, true)).toBeCloseTo(0.5);
    for (let a = 1; a <= 9; a++)
      for (let b = 1; b <= 9; b++)
        expect(matchEquity(a, b, false) + matchEquity(b, a, false)).toBeCloseTo(1);
    expect(matchEquity(2, 5, false)).toBeGreaterThan(matchEquity(3, 5, false));
    expect(matchEquity(1, 2, false)).toBeGreaterThan(0.6);
    // After the Crawford game the leader is still the favourite, less so the closer the trailer.
    expect(matchEquity(1, 4, true)).toBeGreaterThan(matchEquity(1, 2, true));
    expect(matchEquity(1, 3, true)).toBeGreaterThan(0.5);
    expect(matchEquity(3, 1, true)).toBeCloseTo(1 - matchEquity(1, 3, true));
  });
});

const longEv = stockEvaluator("long");
const longValues = outcomeValues("long", {});
const same = (a: Play, b: Play) => sidesEqual(a.me, b.me) && sidesEqual(a.opp, b.opp);

/**
 * Hard's first look, as long nardy's hard played before the two-roll look: the best 4 at 0-ply
 * within 0.15, ranked by the mean of the 0- and 1-ply equities.
 */
function firstLook(spec: TurnSpec): { play: Play; equity: number }[] {
  const top = scorePlays(longEv, legalPlays(spec), longValues).sort((a, b) => b.equity - a.equity);
  const cut = top[0]!.equity - 0.15;
  return top
    .slice(0, 4)
    .filter((s, i) => i === 0 || s.equity >= cut)
    .map((s) => ({
      play: s.play,
      equity: (s.equity + lookAhead(longEv, spec, s.play, longValues).equity) / 2,
    }))
    .sort((a, b) => b.equity - a.equity);
}

describe("long nardy's hard level settles close calls two rolls ahead", () => {
  // Positions with a choice, from a seeded game; the slow suite looks at more of them.
  const specs = randomGameSpecs("long", sampled(3, 1), 41)
    .filter((spec) => legalPlays(spec).length > 1)
    .filter((_, i) => i % 4 === 1)
    .slice(0, sampled(40, 10));

  it(`on ${specs.length} positions it keeps to the one-roll look's close leaders and picks the best of them two rolls ahead`, {
    timeout: 60_000,
  }, () => {
    let overturned = 0;
    for (const spec of specs) {
      const hard = choosePlay(spec, {}, "hard")!;
      const rated = firstLook(spec);
      const leader = rated[0]!;
      const mine = rated.find((r) => same(r.play, hard));
      // Hard plays one of the plays the first look keeps within 0.05 of its best.
      expect(mine).toBeDefined();
      expect(mine!.equity).toBeGreaterThanOrEqual(leader.equity - 0.05);
      if (same(hard, leader.play)) continue;
      overturned++;
      const twoAhead = (p: Play) => lookTwoAhead(longEv, spec, p, longValues).equity;
      expect(twoAhead(hard)).toBeGreaterThan(twoAhead(leader.play));
    }
    // The two-roll look did decide somewhere: without it hard would always play the leader.
    expect(overturned).toBeGreaterThan(0);
  });
});
