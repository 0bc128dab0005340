import { countedResults } from "./results.js";
import { bySeed, seedIndex } from "./seeds.js";
import type { MatchResult, Pairing, StandingRow } from "./types.js";

/**
 * Every pair once, by the circle method: one slot stays put while the others turn one step
 * a round. An odd field gets an empty slot, and whoever faces it rests that round.
 */
export function roundRobinRounds(players: readonly number[]): Pairing[][] {
  if (players.length < 2) return [];
  const seed = seedIndex(players);
  // The empty slot is the fixed one, so each player faces it (rests) exactly once.
  let slots: (number | null)[] = players.length % 2 === 0 ? [...players] : [null, ...players];
  const size = slots.length;
  const rounds: Pairing[][] = [];
  for (let r = 0; r < size - 1; r++) {
    const round: Pairing[] = [];
    for (let i = 0; i < size / 2; i++) {
      const x = slots[i] ?? null;
      const y = slots[size - 1 - i] ?? null;
      if (x !== null && y !== null) round.push(bySeed(seed, x, y));
    }
    rounds.push(round);
    slots = [slots[0] ?? null, slots[size - 1] ?? null, ...slots.slice(1, size - 1)];
  }
  return rounds;
}

/** A table row being counted up; mutable only while `tally` fills it. */
type Tally = { -readonly [K in Exclude<keyof StandingRow, "place">]: StandingRow[K] };

/**
 * The table, best first: more wins; then, among players level on wins, wins in the matches
 * between them only (again within any smaller group this leaves level, while it still
 * separates someone); then points difference; then points for; then seed.
 */
export function roundRobinStandings(
  players: readonly number[],
  results: readonly MatchResult[],
): StandingRow[] {
  const counted = countedResults(players, results);
  const tallies = tally(players, counted);
  const seed = seedIndex(players);
  const order = levels(players, (p) => tallies.get(p)!.wins).flatMap((group) =>
    breakTie(group, counted, tallies, seed),
  );
  return order.map((p, i) => ({ ...tallies.get(p)!, place: i + 1 }));
}

function tally(players: readonly number[], results: readonly MatchResult[]): Map<number, Tally> {
  const rows = new Map<number, Tally>();
  for (const player of players)
    rows.set(player, { player, played: 0, wins: 0, losses: 0, pointsFor: 0, pointsAgainst: 0 });
  for (const r of results) {
    add(rows.get(r.a)!, r.winner === r.a, r.pointsA, r.pointsB);
    add(rows.get(r.b)!, r.winner === r.b, r.pointsB, r.pointsA);
  }
  return rows;
}

function add(row: Tally, won: boolean, scored: number, conceded: number): void {
  row.played += 1;
  if (won) row.wins += 1;
  else row.losses += 1;
  row.pointsFor += scored;
  row.pointsAgainst += conceded;
}

/** Orders a group level on wins (overall, or in a mini-league one step up). */
function breakTie(
  group: readonly number[],
  results: readonly MatchResult[],
  tallies: ReadonlyMap<number, Tally>,
  seed: ReadonlyMap<number, number>,
): number[] {
  if (group.length < 2) return [...group];
  const inGroup = new Set(group);
  const mini = new Map(group.map((p) => [p, 0]));
  for (const r of results)
    if (inGroup.has(r.a) && inGroup.has(r.b)) mini.set(r.winner, mini.get(r.winner)! + 1);
  const split = levels(group, (p) => mini.get(p)!);
  // Head-to-head again inside each part, but only while it still tells someone apart.
  if (split.length > 1) return split.flatMap((part) => breakTie(part, results, tallies, seed));
  const diff = (p: number) => tallies.get(p)!.pointsFor - tallies.get(p)!.pointsAgainst;
  return [...group].sort(
    (x, y) =>
      diff(y) - diff(x) ||
      tallies.get(y)!.pointsFor - tallies.get(x)!.pointsFor ||
      seed.get(x)! - seed.get(y)!,
  );
}

/** Players grouped by a score, highest first; each group keeps the order it was given in. */
function levels(players: readonly number[], score: (p: number) => number): number[][] {
  const byScore = new Map<number, number[]>();
  for (const p of players) {
    const s = score(p);
    const group = byScore.get(s);
    if (group) group.push(p);
    else byScore.set(s, [p]);
  }
  return [...byScore.entries()].sort(([x], [y]) => y - x).map(([, group]) => group);
}
