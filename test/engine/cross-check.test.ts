import { describe, expect, it } from "vitest";
import { bearOffSpecs, blockHeavySpecs, randomGameSpecs } from "../../bench/testkit/positions.js";
import {
  type BlockRule,
  boardOf,
  type HeadRule,
  legalPlays,
  type TurnSpec,
} from "../../src/engine/index.js";
import { sideToRef, specToRef } from "../helpers/reference-keys.js";
import { FULL_SAMPLES } from "../helpers/samples.js";
import { canonicalKey, referencePlays } from "../reference/generator.js";

/** The fast generator and the slow reference must find the same set of positions. */
function expectSameAsReference(specs: readonly TurnSpec[]): void {
  let compared = 0;
  for (const spec of specs) {
    const fast = legalPlays(spec).map((p) => {
      const b = boardOf("white", p.me, p.opp);
      return canonicalKey(sideToRef(b.white), sideToRef(b.black));
    });
    const slow = referencePlays(specToRef(spec)).map((p) => canonicalKey(p.white, p.black));
    expect(new Set(fast).size, "fast plays are distinct").toBe(fast.length);
    if (fast.length !== slow.length || !slow.every((k) => fast.includes(k))) {
      expect({ spec: specToRef(spec), fast: fast.sort() }).toEqual({
        spec: specToRef(spec),
        fast: slow.sort(),
      });
    }
    compared++;
  }
  expect(compared).toBe(specs.length);
}

// The slow suite compares everything; `npm test` a first part of each sample.
const FULL = FULL_SAMPLES;
// Crafted positions per block reading: 700 in the slow suite, the first 50 in `npm test`.
const BLOCK_HEAVY = FULL ? 700 : 50;
// Random games per variant: 12 in the slow suite, the first 2 in `npm test`.
const GAMES = FULL ? 12 : 2;
// Bear-off positions per variant.
const BEAR_OFF = FULL ? 500 : 200;

describe("fast generator agrees with the reference generator", () => {
  it("long nardy, positions from random games", () => {
    const specs = randomGameSpecs("long", GAMES, 11);
    expect(specs.length).toBeGreaterThan(GAMES * 80);
    expectSameAsReference(specs);
  }, 120_000);

  it("short nardy, positions from random games", () => {
    const specs = randomGameSpecs("short", GAMES, 12);
    expect(specs.length).toBeGreaterThan(GAMES * 33);
    expectSameAsReference(specs);
  }, 120_000);

  for (const block of ["strict", "final", "home"] as BlockRule[]) {
    it(`long nardy, ${BLOCK_HEAVY} crafted block-heavy positions, block=${block}`, () => {
      expectSameAsReference(blockHeavySpecs(BLOCK_HEAVY, 100 + block.length, block));
    }, 120_000);
  }

  it("bear-off positions in both games", () => {
    expectSameAsReference([
      ...bearOffSpecs("long", BEAR_OFF, 7),
      ...bearOffSpecs("short", BEAR_OFF, 8),
    ]);
  }, 120_000);

  for (const head of ["classic", "criterion", "doubles", "wide", "sport"] as HeadRule[]) {
    it(`long nardy openings of random games, head=${head}`, () => {
      const specs = randomGameSpecs("long", 40, 300 + head.length, {
        head,
        block: "strict",
      }).filter((s) => s.firstTurn);
      expect(specs.length).toBe(80);
      expectSameAsReference(specs);
    }, 60_000);
  }
});
