/**
 * The FIBS rating formula, as FIBS publishes it (docs/rules.md, "The rating"): pure numbers,
 * no storage. A match to N points counts N; a single game counts 1.
 *
 * - Between ratings D apart, the underdog wins a match to N with P = 1/(10^(D·√N/2000)+1).
 * - Each player's rating moves by 4·√N times the chance of the result that did not happen,
 *   times the player's own experience factor max(1, 5 − experience/100), experience being
 *   the sum of the lengths of the matches played before this one.
 */

/** Everyone's rating before their first rated match. */
export const RATING_START = 1500;

/** A player as the formula sees them: the rating, and the match lengths played so far. */
export interface RatedPlayer {
  readonly rating: number;
  readonly experience: number;
}

function checkLength(n: number): void {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`a match length is 1 or more, not ${n}`);
}

/** The chance the lower-rated of two players `d` rating points apart wins a match to `n`. */
export function underdogWinChance(d: number, n: number): number {
  checkLength(n);
  return 1 / (10 ** ((Math.abs(d) * Math.sqrt(n)) / 2000) + 1);
}

/** The chance a player rated `rating` beats one rated `opponent` in a match to `n`. */
export function winChance(rating: number, opponent: number, n: number): number {
  const underdog = underdogWinChance(rating - opponent, n);
  return rating <= opponent ? underdog : 1 - underdog;
}

/** How much faster a newcomer's rating moves: 5 at first, down to 1 from 400 points played. */
export function experienceFactor(experience: number): number {
  return Math.max(1, 5 - experience / 100);
}

/** What a rated match does to both players: each one's change (the loser's is negative). */
export interface RatingMoves {
  readonly winner: number;
  readonly loser: number;
}

/**
 * The rating changes after `winner` beat `loser` in a match to `n` points: 4·√n times the
 * chance the loser had of winning, times each player's own experience factor. Not a zero
 * sum while either player is new.
 */
export function ratingMoves(winner: RatedPlayer, loser: RatedPlayer, n: number): RatingMoves {
  const upset = winChance(loser.rating, winner.rating, n);
  const k = 4 * Math.sqrt(n) * upset;
  return {
    winner: k * experienceFactor(winner.experience),
    loser: -k * experienceFactor(loser.experience),
  };
}
