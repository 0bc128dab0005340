import { describe, expect, it } from "vitest";
import {
  bracketSize,
  finalPlaces,
  knockoutBracket,
  knockoutPlaces,
  type MatchResult,
  openPairings,
  type Pairing,
  roundRobinRounds,
  roundRobinStandings,
  seedOrder,
  type TournamentFormat,
  tournamentOver,
  tournamentWinner,
} from "../../src/engine/index.js";

/** A small seeded generator, so a failing run can be repeated. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Ids that are not in seed order, so a mix-up of id and seed shows. */
const entrants = (n: number): number[] => Array.from({ length: n }, (_, i) => 1000 - 7 * i);

/** `winner` beat `loser`, written with the winner as side a. */
const beat = (winner: number, loser: number, scored = 1, conceded = 0): MatchResult => ({
  a: winner,
  b: loser,
  winner,
  pointsA: scored,
  pointsB: conceded,
  forfeit: false,
});

/** The same result written the other way round (loser as side a). */
const flip = (r: MatchResult): MatchResult => ({
  ...r,
  a: r.b,
  b: r.a,
  pointsA: r.pointsB,
  pointsB: r.pointsA,
});

/** Plays every open pairing with a random winner until none is left. */
function playOut(format: TournamentFormat, players: number[], random: () => number): MatchResult[] {
  const results: MatchResult[] = [];
  for (let open = openPairings(format, players, results); open.length > 0; ) {
    for (const [x, y] of open) {
      const r = beat(random() < 0.5 ? x : y, random() < 0.5 ? y : x, 3, Math.floor(random() * 3));
      // A result naming the same player twice would be a bug in the line above.
      const fixed = r.a === r.b ? beat(x, y, 3, 1) : r;
      results.push(random() < 0.5 ? flip(fixed) : fixed);
    }
    open = openPairings(format, players, results);
  }
  return results;
}

/** 1, 2, 3, 3, 5, 5, 5, 5, 9, ... cut to n players. */
function sharedPlaces(n: number): number[] {
  const places = [1];
  for (let matches = 1; places.length < n; matches *= 2)
    for (let i = 0; i < matches && places.length < n; i++) places.push(matches + 1);
  return places;
}

const sizes = Array.from({ length: 30 }, (_, i) => i + 3);
const pairKey = ([x, y]: Pairing) => (x < y ? `${x}:${y}` : `${y}:${x}`);

describe("round robin pairings", () => {
  it.each(sizes)("%i players: every pair once, nobody twice in a round", (n) => {
    const players = entrants(n);
    const rounds = roundRobinRounds(players);
    expect(rounds).toHaveLength(n % 2 === 0 ? n - 1 : n);
    const seed = new Map(players.map((p, i) => [p, i]));
    const met = new Set<string>();
    const rests = new Map(players.map((p) => [p, 0]));
    // Collected first and asserted once: an expect per pair makes 32 players slow.
    const faults: string[] = [];
    rounds.forEach((round, r) => {
      if (round.length !== Math.floor(n / 2)) faults.push(`round ${r} has ${round.length}`);
      const busy = new Set(round.flat());
      if (busy.size !== round.length * 2) faults.push(`someone plays twice in round ${r}`);
      for (const p of players) if (!busy.has(p)) rests.set(p, rests.get(p)! + 1);
      for (const pair of round) {
        if (seed.get(pair[0])! > seed.get(pair[1])!) faults.push(`${pair} not in seed order`);
        if (met.has(pairKey(pair))) faults.push(`${pair} meet again in round ${r}`);
        met.add(pairKey(pair));
      }
    });
    expect(faults).toEqual([]);
    expect(met.size).toBe((n * (n - 1)) / 2);
    // An odd field: each player rests exactly one round; an even one: nobody rests.
    for (const count of rests.values()) expect(count).toBe(n % 2);
  });

  it("lists open pairings round by round, dropping those with a result in either order", () => {
    const players = entrants(6);
    const rounds = roundRobinRounds(players);
    expect(openPairings("round-robin", players, [])).toEqual(rounds.flat());
    const firstRound = rounds[0]!.map(([x, y], i) => (i % 2 ? flip(beat(x, y)) : beat(y, x)));
    const open = openPairings("round-robin", players, firstRound);
    expect(open).toEqual(rounds.slice(1).flat());
    expect(tournamentOver("round-robin", players, firstRound)).toBe(false);
    expect(tournamentWinner("round-robin", players, firstRound)).toBeNull();
  });
});

describe("round robin standings", () => {
  const order = (players: number[], results: MatchResult[]) =>
    roundRobinStandings(players, results).map((r) => r.player);

  it("sorts by wins and counts each column", () => {
    // 1 beats everyone, 2 beats 3: wins 2, 1, 0.
    const rows = roundRobinStandings(
      [3, 2, 1],
      [beat(1, 2, 5, 2), flip(beat(1, 3, 5, 0)), beat(2, 3, 5, 4)],
    );
    expect(rows).toEqual([
      { player: 1, place: 1, played: 2, wins: 2, losses: 0, pointsFor: 10, pointsAgainst: 2 },
      { player: 2, place: 2, played: 2, wins: 1, losses: 1, pointsFor: 7, pointsAgainst: 9 },
      { player: 3, place: 3, played: 2, wins: 0, losses: 2, pointsFor: 4, pointsAgainst: 10 },
    ]);
  });

  it("breaks a cycle A>B>C>A on points difference", () => {
    // Each has one win and one head-to-head win, so the difference decides: +2, +1, -3.
    const results = [beat(10, 20, 5, 1), flip(beat(20, 30, 5, 4)), beat(30, 10, 5, 3)];
    expect(order([10, 20, 30], results)).toEqual([10, 30, 20]);
  });

  it("breaks a three-way tie of players who have not met on points difference", () => {
    // 1, 2, 3 each won once against 4, 5, 6 and never met: differences +1, +3, +5 (and -1, -3, -5).
    const results = [beat(1, 4, 5, 4), beat(2, 5, 5, 2), flip(beat(3, 6, 5, 0))];
    expect(order([1, 2, 3, 4, 5, 6], results)).toEqual([3, 2, 1, 4, 5, 6]);
  });

  it("puts head-to-head before a better points difference", () => {
    // 1 and 2 both won twice; 2 beat 1, though 1's difference is +9 against 2's +1.
    // 3 and 4 both won once; 3 beat 4 (their differences are equal, -5).
    const results = [
      beat(1, 3, 5, 0),
      beat(1, 4, 5, 0),
      beat(2, 1, 5, 4),
      flip(beat(2, 3, 5, 4)),
      beat(4, 2, 5, 4),
      beat(3, 4, 5, 4),
    ];
    expect(order([4, 3, 1, 2], results)).toEqual([2, 1, 3, 4]);
  });

  it("applies head-to-head again inside a group it splits", () => {
    // 1..4 all won three; among them 1 and 2 won twice, 3 and 4 once. Inside each pair the
    // direct match decides (1 beat 2, 3 beat 4) though 2 and 4 have the better difference.
    // 5 won twice, 6 once. The seed order is reversed, so it decides nothing here.
    const results = [
      beat(1, 2, 5, 4),
      beat(1, 3),
      beat(4, 1),
      beat(2, 3),
      beat(2, 4),
      beat(3, 4, 5, 4),
      beat(5, 1),
      beat(1, 6),
      beat(2, 5),
      beat(6, 2, 5, 4),
      beat(3, 5),
      beat(3, 6),
      beat(4, 5),
      beat(4, 6),
      beat(5, 6),
    ].map((r, i) => (i % 3 ? r : flip(r)));
    const rows = roundRobinStandings([6, 5, 4, 3, 2, 1], results);
    expect(rows.map((r) => r.wins)).toEqual([3, 3, 3, 3, 2, 1]);
    expect(rows.map((r) => r.player)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("falls back to points for, then to seed", () => {
    // 1 and 2 never met and are level on wins and difference (+2); 2 scored more (4 to 2).
    // Likewise 3 and 4 (no wins, -2): 4 scored 2, 3 nothing.
    const results = [beat(1, 3, 2, 0), beat(2, 4, 4, 2)];
    expect(order([1, 2, 3, 4], results)).toEqual([2, 1, 4, 3]);
    // Nothing played: the seed order, with distinct places.
    const rows = roundRobinStandings([7, 3, 9], []);
    expect(rows.map((r) => [r.player, r.place])).toEqual([
      [7, 1],
      [3, 2],
      [9, 3],
    ]);
  });

  it("ignores a result with a stranger and counts a repeated pair once", () => {
    const rows = roundRobinStandings([1, 2], [beat(2, 1, 3, 0), beat(1, 2, 3, 0), beat(1, 99)]);
    expect(rows.map((r) => [r.player, r.played, r.wins])).toEqual([
      [2, 1, 1],
      [1, 1, 0],
    ]);
  });

  it.each(sizes)("%i players: a random full table ends with places 1..n", (n) => {
    const players = entrants(n);
    const results = playOut("round-robin", players, rng(n));
    expect(results).toHaveLength((n * (n - 1)) / 2);
    expect(tournamentOver("round-robin", players, results)).toBe(true);
    expect(tournamentOver("round-robin", players, results.slice(1))).toBe(false);
    const rows = roundRobinStandings(players, results);
    expect(rows.map((r) => r.place)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.player)).size).toBe(n);
    expect(rows.every((r) => r.played === n - 1)).toBe(true);
    expect(rows.every((r, i) => i === 0 || rows[i - 1]!.wins >= r.wins)).toBe(true);
    expect(tournamentWinner("round-robin", players, results)).toBe(rows[0]!.player);
    expect(finalPlaces("round-robin", players, results)).toEqual(
      rows.map(({ player, place }) => ({ player, place })),
    );
  });
});

describe("knock-out bracket", () => {
  it("sizes and seeds the bracket", () => {
    expect([2, 3, 4, 5, 8, 9, 16, 17, 32].map(bracketSize)).toEqual([
      2, 4, 4, 8, 8, 16, 16, 32, 32,
    ]);
    expect(seedOrder(2)).toEqual([0, 1]);
    expect(seedOrder(4)).toEqual([0, 3, 1, 2]);
    expect(seedOrder(8)).toEqual([0, 7, 3, 4, 1, 6, 2, 5]);
    for (const size of [16, 32, 64]) {
      const order = seedOrder(size);
      expect([...order].sort((x, y) => x - y)).toEqual([...Array(size).keys()]);
      // First-round opponents' seeds add up to size - 1: the best meets the worst.
      for (let k = 0; k < size / 2; k++) expect(order[2 * k]! + order[2 * k + 1]!).toBe(size - 1);
    }
  });

  it.each(sizes)("%i players: byes to the top seeds, seeds 1 and 2 apart", (n) => {
    const players = entrants(n);
    const size = bracketSize(n);
    expect(size).toBeGreaterThanOrEqual(n);
    expect(size / 2).toBeLessThan(n);
    const { rounds, champion } = knockoutBracket(players, []);
    expect(champion).toBeNull();
    expect(rounds).toHaveLength(Math.log2(size));
    expect(rounds.map((round) => round.length)).toEqual(rounds.map((_, r) => size / 2 ** (r + 1)));
    const byes = rounds[0]!.filter((m) => m.bye);
    expect(byes).toHaveLength(size - n);
    expect(byes.map((m) => players.indexOf(m.winner!)).sort((x, y) => x - y)).toEqual([
      ...Array(size - n).keys(),
    ]);
    for (const m of byes) expect(m.result).toBeNull();
    // Everyone is in the first round once.
    const placed = rounds[0]!.flatMap((m) => [m.a, m.b]).filter((p) => p !== null);
    expect([...placed].sort()).toEqual([...players].sort());
    // The top two seeds start in different halves, so only the final can bring them together.
    const slotOf = (p: number) => rounds[0]!.findIndex((m) => m.a === p || m.b === p);
    expect(slotOf(players[0]!)).toBeLessThan(size / 4);
    expect(slotOf(players[1]!)).toBeGreaterThanOrEqual(size / 4);
  });

  it.each(sizes)("%i players: a random knock-out has one champion and shared places", (n) => {
    const players = entrants(n);
    const results = playOut("knockout", players, rng(100 + n));
    expect(results).toHaveLength(n - 1);
    const bracket = knockoutBracket(players, results);
    expect(bracket.rounds.flat().filter((m) => m.result !== null)).toHaveLength(n - 1);
    expect(
      bracket.rounds
        .slice(1)
        .flat()
        .some((m) => m.bye),
    ).toBe(false);
    expect(bracket.champion).not.toBeNull();
    expect(players).toContain(bracket.champion);
    expect(tournamentOver("knockout", players, results)).toBe(true);
    expect(tournamentOver("knockout", players, results.slice(0, -1))).toBe(false);
    expect(tournamentWinner("knockout", players, results)).toBe(bracket.champion);
    // Each later match is fed by the winners of the two above it.
    const fed = bracket.rounds.slice(1).every((round, r) => {
      const before = bracket.rounds[r]!;
      return round.every(
        (m, slot) => m.a === before[2 * slot]!.winner && m.b === before[2 * slot + 1]!.winner,
      );
    });
    expect(fed).toBe(true);
    // Seeds 1 and 2 meet in the final or not at all.
    const [top, second] = [players[0]!, players[1]!];
    const meeting = bracket.rounds.flat().find((m) => new Set([m.a, m.b, top, second]).size === 2);
    if (meeting) expect(meeting.round).toBe(bracket.rounds.length - 1);
    const places = finalPlaces("knockout", players, results);
    expect(places.map((p) => p.place)).toEqual(sharedPlaces(n));
    expect(new Set(places.map((p) => p.player)).size).toBe(n);
    expect(places[0]!.player).toBe(bracket.champion);
  });

  it.each(sizes)(
    "%i players: if the better seed always wins, seeds 1 and 2 meet in the final",
    (n) => {
      const players = entrants(n);
      const results: MatchResult[] = [];
      for (let open = openPairings("knockout", players, results); open.length > 0; ) {
        // Each open pairing names the better seed first.
        for (const [better, worse] of open) results.push(beat(better, worse));
        open = openPairings("knockout", players, results);
      }
      const { rounds, champion } = knockoutBracket(players, results);
      const final = rounds.at(-1)![0]!;
      expect([final.a, final.b]).toEqual([players[0], players[1]]);
      expect(champion).toBe(players[0]);
    },
  );

  it("builds the same bracket whatever order the results arrive in", () => {
    const players = [11, 22, 33, 44, 55];
    // 1, 2 and 3 have byes, so seeds 2 and 3 can meet at once, as can seeds 4 and 5.
    expect(openPairings("knockout", players, [])).toEqual([
      [44, 55],
      [22, 33],
    ]);
    const inOrder = [beat(55, 44, 3, 2), beat(11, 55, 3, 1), beat(33, 22, 3, 0), beat(33, 11)];
    const expected = knockoutBracket(players, inOrder);
    expect(expected.champion).toBe(33);
    expect(expected.rounds.map((round) => round.map((m) => [m.a, m.b, m.winner]))).toEqual([
      [
        [11, null, 11],
        [44, 55, 55],
        [22, null, 22],
        [33, null, 33],
      ],
      [
        [11, 55, 11],
        [22, 33, 33],
      ],
      [[11, 33, 33]],
    ]);
    const shuffled = [inOrder[3]!, inOrder[1]!, inOrder[2]!, inOrder[0]!];
    expect(knockoutBracket(players, shuffled)).toEqual(expected);
    expect(knockoutBracket(players, [...inOrder].reverse())).toEqual(expected);
    // Sides named the other way round change only the stored results, not who went where.
    const flipped = knockoutBracket(players, inOrder.map(flip));
    const shape = (b: typeof expected) => b.rounds.flat().map((m) => [m.a, m.b, m.winner, m.bye]);
    expect(shape(flipped)).toEqual(shape(expected));
    expect(knockoutPlaces(expected)).toEqual([
      { player: 33, place: 1 },
      { player: 11, place: 2 },
      { player: 22, place: 3 },
      { player: 55, place: 3 },
      { player: 44, place: 5 },
    ]);
  });

  it("places only the players already out while the knock-out goes on", () => {
    const players = [11, 22, 33, 44, 55];
    const results = [beat(55, 44), beat(33, 22)];
    const bracket = knockoutBracket(players, results);
    expect(bracket.rounds[1]!.map((m) => [m.a, m.b])).toEqual([
      [11, 55],
      [22, 33],
    ]);
    expect(bracket.rounds[2]![0]).toMatchObject({ a: null, b: 33, winner: null, bye: false });
    expect(knockoutPlaces(bracket)).toEqual([
      { player: 22, place: 3 },
      { player: 44, place: 5 },
    ]);
    expect(openPairings("knockout", players, results)).toEqual([[11, 55]]);
    expect(tournamentOver("knockout", players, results)).toBe(false);
    expect(tournamentWinner("knockout", players, results)).toBeNull();
  });
});
