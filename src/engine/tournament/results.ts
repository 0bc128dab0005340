import type { MatchResult } from "./types.js";

/** The same key for a pair whichever side is named first. */
export const pairKey = (x: number, y: number): string => (x < y ? `${x}:${y}` : `${y}:${x}`);

/** A result counts only if its winner is one of its two (different) players. */
const wellFormed = (r: MatchResult): boolean =>
  r.a !== r.b && (r.winner === r.a || r.winner === r.b);

/** The result of the match between x and y, named in either order; the first one if several. */
export function findResult(
  results: readonly MatchResult[],
  x: number,
  y: number,
): MatchResult | null {
  return (
    results.find((r) => wellFormed(r) && ((r.a === x && r.b === y) || (r.a === y && r.b === x))) ??
    null
  );
}

/** Whether x and y have a result, answered from a set built once (a table has ~500 pairs). */
export function decidedPairs(results: readonly MatchResult[]): (x: number, y: number) => boolean {
  const decided = new Set(results.filter(wellFormed).map((r) => pairKey(r.a, r.b)));
  return (x, y) => decided.has(pairKey(x, y));
}

/**
 * The results that count among `players`: well formed, between two of them, and only the
 * first one per pair, so a duplicate can never count twice (findResult also takes the first).
 */
export function countedResults(
  players: readonly number[],
  results: readonly MatchResult[],
): MatchResult[] {
  const entered = new Set(players);
  const seen = new Set<string>();
  return results.filter((r) => {
    if (!wellFormed(r) || !entered.has(r.a) || !entered.has(r.b)) return false;
    const key = pairKey(r.a, r.b);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
