import { knockoutBracket, knockoutPlaces } from "./knockout.js";
import { decidedPairs } from "./results.js";
import { roundRobinRounds, roundRobinStandings } from "./round-robin.js";
import { bySeed, seedIndex } from "./seeds.js";
import type { MatchResult, Pairing, Placing, TournamentFormat } from "./types.js";

/**
 * The pairings ready to play: both players known, no result yet; in the order to play
 * them (by round, then top to bottom). Better seed first in each.
 */
export function openPairings(
  format: TournamentFormat,
  players: readonly number[],
  results: readonly MatchResult[],
): Pairing[] {
  if (format === "round-robin") {
    const decided = decidedPairs(results);
    return roundRobinRounds(players)
      .flat()
      .filter(([x, y]) => !decided(x, y));
  }
  const seed = seedIndex(players);
  return knockoutBracket(players, results).rounds.flatMap((round) =>
    round.flatMap((m) =>
      m.a !== null && m.b !== null && m.result === null && !m.bye ? [bySeed(seed, m.a, m.b)] : [],
    ),
  );
}

/** A round robin ends when every pair has met; a knock-out when the final is decided. */
export function tournamentOver(
  format: TournamentFormat,
  players: readonly number[],
  results: readonly MatchResult[],
): boolean {
  if (format === "knockout") return knockoutBracket(players, results).champion !== null;
  const decided = decidedPairs(results);
  return roundRobinRounds(players)
    .flat()
    .every(([x, y]) => decided(x, y));
}

/** The winner of a finished tournament; null while it goes on. */
export function tournamentWinner(
  format: TournamentFormat,
  players: readonly number[],
  results: readonly MatchResult[],
): number | null {
  if (format === "knockout") return knockoutBracket(players, results).champion;
  if (!tournamentOver(format, players, results)) return null;
  return roundRobinStandings(players, results)[0]?.player ?? null;
}

/**
 * Places as they stand: a round robin's table (every player, distinct places); a
 * knock-out's shared places of the players out so far and the champion.
 */
export function finalPlaces(
  format: TournamentFormat,
  players: readonly number[],
  results: readonly MatchResult[],
): Placing[] {
  if (format === "knockout") return knockoutPlaces(knockoutBracket(players, results));
  return roundRobinStandings(players, results).map(({ player, place }) => ({ player, place }));
}
