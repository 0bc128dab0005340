import type { Pairing } from "./types.js";

/** Each player's seed: their index in the entry order (0 is the top seed). */
export const seedIndex = (players: readonly number[]): ReadonlyMap<number, number> =>
  new Map(players.map((p, i) => [p, i]));

/** The two players as a pairing, the better (earlier) seed first. */
export function bySeed(seed: ReadonlyMap<number, number>, x: number, y: number): Pairing {
  return (seed.get(x) ?? Infinity) <= (seed.get(y) ?? Infinity) ? [x, y] : [y, x];
}
