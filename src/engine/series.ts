import type { Rules } from "./rules.js";

/** Players of a series are seats 0 and 1; colours may change from game to game. */
export type Seat = 0 | 1;

export interface SeriesState {
  readonly scores: readonly [number, number];
  readonly wins: readonly [number, number];
  readonly games: number;
  readonly draws: number;
  /** Seat that started the last game, and the last game's winner (null: draw). */
  readonly lastStarter: Seat | null;
  readonly lastWinner: Seat | null;
  /** Matches to N points: whether the Crawford game has been played. */
  readonly crawfordPlayed: boolean;
  /** Whether the next game is the Crawford game. */
  readonly crawfordNext: boolean;
  readonly winner: Seat | null;
}

export const newSeries = (): SeriesState => ({
  scores: [0, 0],
  wins: [0, 0],
  games: 0,
  draws: 0,
  lastStarter: null,
  lastWinner: null,
  crawfordPlayed: false,
  crawfordNext: false,
  winner: null,
});

const otherSeat = (s: Seat): Seat => (s === 0 ? 1 : 0);

/** Adds a finished game: `winner` null for a draw. */
export function recordGame(
  rules: Rules,
  series: SeriesState,
  game: { winner: Seat | null; points: number; starter: Seat },
): SeriesState {
  const scores: [number, number] = [series.scores[0], series.scores[1]];
  const wins: [number, number] = [series.wins[0], series.wins[1]];
  if (game.winner !== null) {
    scores[game.winner] += game.points;
    wins[game.winner] += 1;
  }
  const crawfordPlayed = series.crawfordPlayed || series.crawfordNext;
  let crawfordNext = false;
  let winner: Seat | null = null;
  const m = rules.match;
  if (m.kind === "points") {
    const capped: [number, number] = [Math.min(scores[0], m.to), Math.min(scores[1], m.to)];
    if (capped[0] >= m.to) winner = 0;
    else if (capped[1] >= m.to) winner = 1;
    // The Crawford game is the one right after a player first reaches N-1.
    else if (!crawfordPlayed && rules.cube && (scores[0] === m.to - 1 || scores[1] === m.to - 1))
      crawfordNext = true;
  } else if (m.kind === "games") {
    const played = series.games + 1;
    if (played >= m.count && scores[0] !== scores[1]) winner = scores[0] > scores[1] ? 0 : 1;
  }
  return {
    scores,
    wins,
    games: series.games + 1,
    draws: series.draws + (game.winner === null ? 1 : 0),
    lastStarter: game.starter,
    lastWinner: game.winner,
    crawfordPlayed,
    crawfordNext,
    winner,
  };
}

/** Who starts the next game: a seat, or "lot" for a new opening roll. */
export function nextStarter(rules: Rules, series: SeriesState): Seat | "lot" {
  if (series.lastStarter === null || rules.nextStarter === "lot") return "lot";
  if (series.lastWinner === null || rules.nextStarter === "alternate")
    return otherSeat(series.lastStarter);
  return rules.nextStarter === "winner" ? series.lastWinner : otherSeat(series.lastWinner);
}

export const seriesOver = (series: SeriesState): boolean => series.winner !== null;

/** Whether a series of these rules may have a game after its first (not a single game). */
export const seriesMayGoOn = (rules: Rules): boolean =>
  !(rules.match.kind === "games" && rules.match.count === 1) &&
  !(rules.match.kind === "points" && rules.match.to === 1);
