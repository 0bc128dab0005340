import { describe, expect, it } from "vitest";
import { loadGnubgVectors } from "../../bench/testkit/vectors.js";
import {
  decodePositionId,
  defaultRules,
  encodePositionId,
  legalPlays,
  playNotation,
  startingSide,
} from "../../src/engine/index.js";
import { sampled } from "../helpers/samples.js";

const cases = loadGnubgVectors();
// `npm test` checks every other case (every fourth for the round trip); the slow suite all.
const every = (n: number) => cases.filter((_, i) => i % sampled(1, n) === 0);
const rules = defaultRules("short");

describe("short nardy agrees with GNU Backgammon", () => {
  it("reads every vector case", () => {
    expect(cases.length).toBe(21 + 8994);
  });

  it("the opening position has the Position ID 4HPwATDgc/ABMA", () => {
    const start = startingSide("short");
    expect(encodePositionId(start, start)).toBe("4HPwATDgc/ABMA");
  });

  it("every case: the same set of resulting Position IDs", () => {
    const mismatches: string[] = [];
    for (const c of every(2)) {
      const pos = decodePositionId(c.pos);
      expect(pos).not.toBeNull();
      const { onRoll, opponent } = pos!;
      const after = legalPlays({ variant: "short", rules, me: onRoll, opp: opponent, dice: c.dice })
        .map((p) => encodePositionId(p.me, p.opp))
        .sort();
      const expected = [...c.after].sort();
      if (after.length !== c.count || after.join() !== expected.join())
        mismatches.push(`${c.pos} ${c.dice}: ${after.length} vs ${c.count}`);
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it("Position IDs round-trip through decode and encode", () => {
    // One expect over the collected failures: an expect per ID would cost more than the check.
    const wrong: string[] = [];
    let checked = 0;
    for (const id of every(4).flatMap((c) => [c.pos, ...c.after])) {
      const p = decodePositionId(id);
      const back = p && encodePositionId(p.onRoll, p.opponent);
      if (back !== id) wrong.push(`${id} -> ${back}`);
      checked++;
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(sampled(100_000, 25_000));
  });

  it("rejects strings that are not Position IDs", () => {
    for (const bad of ["", "4HPwATDgc/ABM", "4HPwATDgc/ABMA!", "//////////////", "4HPwATDgc/AB-A"])
      expect(decodePositionId(bad)).toBeNull();
  });

  it("hits are marked in notation", () => {
    const hitting = cases.find((c) => c.pos === "4HPkASLg2+ABMA")!;
    const pos = decodePositionId(hitting.pos)!;
    const notes = legalPlays({
      variant: "short",
      rules,
      me: pos.onRoll,
      opp: pos.opponent,
      dice: hitting.dice,
    }).map((p) => playNotation(p.steps).join(" "));
    expect(notes.some((n) => n.includes("*"))).toBe(true);
  });
});
