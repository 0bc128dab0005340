import fc from "fast-check";
import {
  type Dice,
  opponentPointToMine,
  type TurnSpec,
  type Variant,
} from "../../src/engine/index.js";
import { spec } from "./plays.js";

const BAR = 25;
const OFF = 0;

const count = (points: readonly number[]): Record<number, number> => {
  const out: Record<number, number> = {};
  for (const p of points) out[p] = (out[p] ?? 0) + 1;
  return out;
};

/**
 * Any turn of `variant`: fifteen checkers a side anywhere on their points, the bar (short
 * nardy) or borne off, never two sides on one point, and any roll. Built from integers, so a
 * failing case shrinks towards checkers at home or borne off and a small roll.
 */
export function arbitraryTurn(variant: Variant): fc.Arbitrary<TurnSpec> {
  const top = variant === "short" ? BAR : 24;
  // The side's farthest point first: at 6, every checker is home and may bear off.
  const place = fc
    .integer({ min: 6, max: top })
    .chain((far) => fc.array(fc.integer({ min: OFF, max: far }), { minLength: 15, maxLength: 15 }));
  const die = fc.integer({ min: 1, max: 6 });
  return fc.tuple(place, place, die, die).map(([mine, theirs, a, b]) => {
    const taken = new Set(mine.filter((p) => p !== OFF && p !== BAR));
    // An opponent's checker on a point of the mover's goes on to the next free one.
    const free = (q: number): number => {
      if (q === OFF || q === BAR) return q;
      for (let k = 0; k < 24; k++) {
        const r = ((q - 1 + k) % 24) + 1;
        if (!taken.has(opponentPointToMine(variant, r))) return r;
      }
      return OFF;
    };
    return spec({
      variant,
      me: count(mine),
      opp: count(theirs.map(free)),
      dice: [a, b] as Dice,
    });
  });
}
