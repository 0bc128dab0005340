import type { Dice } from "./types.js";

/** Where dice come from; the game never rolls by itself. */
export interface DiceSource {
  /** One die, 1..6. */
  die(): number;
}

export const rollDice = (source: DiceSource): Dice => [source.die(), source.die()];

/** mulberry32: a small reproducible generator of 32-bit words. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** A reproducible uniform source in [0, 1), for tests, benchmarks and noise. */
export function seededRandom(seed: number): () => number {
  const next = mulberry32(seed);
  return () => next() / 2 ** 32;
}

/** Reproducible dice for tests and benchmarks (rejection keeps them unbiased). */
export function seededDice(seed: number): DiceSource {
  const next = mulberry32(seed);
  const limit = 2 ** 32 - (2 ** 32 % 6);
  return {
    die() {
      for (;;) {
        const x = next();
        if (x < limit) return (x % 6) + 1;
      }
    },
  };
}

/** Plays back fixed dice, for tests that need a given roll. */
export function scriptedDice(values: readonly number[]): DiceSource {
  let i = 0;
  return {
    die() {
      const v = values[i++];
      if (v === undefined) throw new Error("scripted dice ran out");
      return v;
    },
  };
}
