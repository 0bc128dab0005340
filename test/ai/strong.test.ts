import { describe, expect, it } from "vitest";
import { cubeDecision, playGame } from "../../src/ai/index.js";
import { matchEquity } from "../../src/ai/met.js";
import { defaultRules, makeSide, startingSide } from "../../src/engine/index.js";

describe("the strong player against the pip-count player", () => {
  for (const variant of ["short", "long"] as const) {
    it(`${variant}: medium wins most of 200 cubeless games (fixed seeds)`, () => {
      const rules = defaultRules(variant, { cube: false });
      let won = 0;
      for (let g = 0; g < 200; g++) {
        const strong = g % 2 === 0 ? "white" : "black";
        const state = playGame({
          variant,
          rules,
          white: strong === "white" ? "medium" : "pipcount",
          black: strong === "black" ? "medium" : "pipcount",
          starter: g % 4 < 2 ? "white" : "black",
          seed: 1000 + g,
        });
        if (state.result?.winner === strong) won++;
      }
      expect(won / 200).toBeGreaterThan(0.6);
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

  it("post-Crawford, the trailer doubles at once and the leader takes", () => {
    const me = startingSide("short");
    const pos = { ...base, me, opp: me, cube: centred, canDouble: true };
    const answer = cubeDecision(pos, { match: { to: 5, me: 1, opp: 4 } }, "medium");
    expect(answer).toEqual({ double: true, take: true });
    const leader = cubeDecision(pos, { match: { to: 5, me: 4, opp: 1 } }, "medium");
    expect(leader.double).toBe(false);
  });

  it("the match equity table is symmetric and sensible", () => {
    expect(matchEquity(1, 1, true)).toBeCloseTo(0.5);
    for (let a = 1; a <= 9; a++)
      for (let b = 1; b <= 9; b++)
        expect(matchEquity(a, b, false) + matchEquity(b, a, false)).toBeCloseTo(1);
    expect(matchEquity(2, 5, false)).toBeGreaterThan(matchEquity(3, 5, false));
    expect(matchEquity(1, 2, false)).toBeGreaterThan(0.6);
  });
});
