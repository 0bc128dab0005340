import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomGameSpecs } from "../../bench/testkit/positions.js";
import {
  legalPlays,
  opponentPointToMine,
  pipCount,
  type TurnSpec,
  turnShape,
} from "../../src/engine/index.js";
import { arbitraryTurn } from "../helpers/arbitraries.js";
import { sampled } from "../helpers/samples.js";

const pools = {
  long: randomGameSpecs("long", 6, 501),
  short: randomGameSpecs("short", 10, 502),
};

/** Positions from real games, and any position at all (these shrink to a small case). */
const arbSpec = fc.oneof(
  fc.nat(pools.long.length - 1).map((i) => pools.long[i]!),
  fc.nat(pools.short.length - 1).map((i) => pools.short[i]!),
  arbitraryTurn("long"),
  arbitraryTurn("short"),
);

const total = (side: readonly number[]) => side.reduce((a, b) => a + b, 0);

function forEachPlay(check: (spec: TurnSpec, play: ReturnType<typeof legalPlays>[number]) => void) {
  fc.assert(
    fc.property(arbSpec, (spec) => {
      for (const play of legalPlays(spec)) check(spec, play);
    }),
    { numRuns: sampled(400, 120), seed: 42 },
  );
}

describe("properties of every legal play", () => {
  it("each side keeps fifteen checkers", () => {
    forEachPlay((_, p) => {
      expect(total(p.me)).toBe(15);
      expect(total(p.opp)).toBe(15);
    });
  });

  it("no point is shared by both sides", () => {
    forEachPlay((spec, p) => {
      for (let q = 1; q <= 24; q++)
        if ((p.opp[q] ?? 0) > 0) expect(p.me[opponentPointToMine(spec.variant, q)] ?? 0).toBe(0);
    });
  });

  it("the mover's pips drop by exactly the dice played (less only when bearing off from below)", () => {
    forEachPlay((spec, p) => {
      const used = p.steps.reduce((a, s) => a + s.die, 0);
      const moved = p.steps.reduce((a, s) => a + (s.from - s.to), 0);
      expect(pipCount(spec.me) - pipCount(p.me)).toBe(moved);
      for (const s of p.steps) {
        if (s.to > 0) expect(s.from - s.to).toBe(s.die);
        else expect(s.from).toBeLessThanOrEqual(s.die);
      }
      expect(moved).toBeLessThanOrEqual(used);
    });
  });

  it("every play uses the same, largest possible number of dice", () => {
    fc.assert(
      fc.property(arbSpec, (spec) => {
        const plays = legalPlays(spec);
        const shape = turnShape(spec);
        for (const p of plays) expect(p.steps.length).toBe(shape.maxDice);
        const most = spec.dice[0] === spec.dice[1] ? 4 : 2;
        expect(shape.maxDice).toBeLessThanOrEqual(most);
        if (plays.length === 0) expect(shape.maxDice).toBe(0);
      }),
      { numRuns: 400, seed: 7 },
    );
  });

  it("the plays are distinct positions", () => {
    fc.assert(
      fc.property(arbSpec, (spec) => {
        const keys = legalPlays(spec).map((p) => `${p.me}|${p.opp}`);
        expect(new Set(keys).size).toBe(keys.length);
      }),
      { numRuns: 400, seed: 9 },
    );
  });
});

describe("the generated positions", () => {
  it("mostly have plays to check, and a failing property shrinks to a small case", () => {
    for (const variant of ["long", "short"] as const) {
      const specs = fc.sample(arbitraryTurn(variant), { numRuns: 200, seed: 11 });
      const withPlays = specs.filter((s) => legalPlays(s).length > 0).length;
      expect(withPlays).toBeGreaterThan(100);
    }
    // A false claim ("no play bears a checker off"): the counterexample fast-check reports
    // after shrinking has few checkers left on the board.
    const out = fc.check(
      fc.property(arbitraryTurn("short"), (s) =>
        legalPlays(s).every((p) => p.steps.every((st) => st.to > 0)),
      ),
      { seed: 5, numRuns: 500 },
    );
    expect(out.failed).toBe(true);
    const [shrunk] = out.counterexample!;
    const onBoard = shrunk.me.slice(1).reduce((a, b) => a + b, 0);
    expect(onBoard).toBeLessThanOrEqual(2);
  });
});
