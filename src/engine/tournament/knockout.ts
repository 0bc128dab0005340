import { findResult } from "./results.js";
import type { Bracket, BracketMatch, MatchResult, Placing } from "./types.js";

/** The smallest power of two that holds n players (at least 2). */
export function bracketSize(n: number): number {
  let size = 2;
  while (size < n) size *= 2;
  return size;
}

/**
 * 0-based seeds by bracket position, top to bottom, for a power-of-two size: each doubling
 * puts seed s opposite seed (2L-1-s), so the top seeds meet last and face the empty seeds
 * (the byes) first. For 8: [0, 7, 3, 4, 1, 6, 2, 5].
 */
export function seedOrder(size: number): number[] {
  let order = [0];
  while (order.length < size) {
    const doubled = order.length * 2;
    order = order.flatMap((s) => [s, doubled - 1 - s]);
  }
  return order;
}

/** A side of a match: a player, not known yet, or no one ever (an empty seed position). */
type Side = number | "unknown" | "nobody";

/**
 * The bracket as far as `results` decide it. `players` are in seed order; a seed position
 * past the last player is empty, and whoever faces it goes through with a bye.
 */
export function knockoutBracket(
  players: readonly number[],
  results: readonly MatchResult[],
): Bracket {
  const size = bracketSize(players.length);
  const order = seedOrder(size);
  let sides: Side[] = order.map((s) => players[s] ?? "nobody");
  const rounds: BracketMatch[][] = [];
  while (sides.length >= 2) {
    const round: BracketMatch[] = [];
    const next: Side[] = [];
    for (let slot = 0; slot < sides.length / 2; slot++) {
      const [match, out] = playMatch(
        rounds.length,
        slot,
        sides[2 * slot]!,
        sides[2 * slot + 1]!,
        results,
      );
      round.push(match);
      next.push(out);
    }
    rounds.push(round);
    sides = next;
  }
  const champion = rounds.at(-1)?.[0]?.winner ?? null;
  return { rounds, champion };
}

/** One match and who comes out of it. */
function playMatch(
  round: number,
  slot: number,
  a: Side,
  b: Side,
  results: readonly MatchResult[],
): [BracketMatch, Side] {
  const player = (s: Side) => (typeof s === "number" ? s : null);
  const match = { round, slot, a: player(a), b: player(b), winner: null, bye: false, result: null };
  if (typeof a === "number" && typeof b === "number") {
    const result = findResult(results, a, b);
    const winner = result?.winner ?? null;
    return [{ ...match, result, winner }, winner ?? "unknown"];
  }
  if (typeof a === "number" && b === "nobody") return [{ ...match, winner: a, bye: true }, a];
  if (typeof b === "number" && a === "nobody") return [{ ...match, winner: b, bye: true }, b];
  // Only a match between two empty positions leaves no one; it cannot happen with more than
  // half the bracket filled, but then the next round gives its opponent a bye.
  return [match, a === "nobody" && b === "nobody" ? "nobody" : "unknown"];
}

/**
 * Places of the players already out, and the champion's: the losers of a round of m matches
 * share place m + 1 (final 2, semi-finals 3, quarter-finals 5, ...). Players still in the
 * running are left out. Best place first; a shared place in seed order.
 */
export function knockoutPlaces(bracket: Bracket): Placing[] {
  const first = bracket.rounds[0] ?? [];
  const order = seedOrder(first.length * 2);
  const seed = new Map<number, number>();
  first.forEach((m, slot) => {
    if (m.a !== null) seed.set(m.a, order[2 * slot]!);
    if (m.b !== null) seed.set(m.b, order[2 * slot + 1]!);
  });
  const places: Placing[] = [];
  if (bracket.champion !== null) places.push({ player: bracket.champion, place: 1 });
  for (const round of bracket.rounds)
    for (const m of round) {
      if (m.result === null || m.winner === null) continue;
      const loser = m.winner === m.a ? m.b : m.a;
      if (loser !== null) places.push({ player: loser, place: round.length + 1 });
    }
  return places.sort((x, y) => x.place - y.place || seed.get(x.player)! - seed.get(y.player)!);
}
