/**
 * The FIBS rating formula against its published form, written again here from the text
 * (docs/rules.md, "The rating"): for a match of length N between ratings D apart, the
 * underdog wins with P = 1/(10^(D·√N/2000)+1); each player's rating moves by 4·√N times the
 * chance of the result that did not happen, times their own experience factor
 * max(1, 5 − experience/100).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  experienceFactor,
  RATING_START,
  ratingMoves,
  underdogWinChance,
  winChance,
} from "../../src/engine/index.js";

/** The published form, independently: the underdog's chance. */
const published = (d: number, n: number) => 1 / (10 ** ((Math.abs(d) * Math.sqrt(n)) / 2000) + 1);

/** The published update, independently: [winner's change, loser's change]. */
function publishedUpdate(
  winner: { rating: number; experience: number },
  loser: { rating: number; experience: number },
  n: number,
): [number, number] {
  const d = winner.rating - loser.rating;
  const underdog = published(d, n);
  // The result that did not happen is the loser winning.
  const loserChance = winner.rating >= loser.rating ? underdog : 1 - underdog;
  const factor = (e: number) => Math.max(1, 5 - e / 100);
  const k = 4 * Math.sqrt(n);
  return [k * loserChance * factor(winner.experience), -k * loserChance * factor(loser.experience)];
}

const newcomer = (rating: number) => ({ rating, experience: 0 });
const veteran = (rating: number) => ({ rating, experience: 400 });

describe("the FIBS rating formula", () => {
  it("starts everyone at 1500", () => {
    expect(RATING_START).toBe(1500);
  });

  it("equal ratings, a single game: P = 0.5, each moves 2 times its factor", () => {
    expect(underdogWinChance(0, 1)).toBe(0.5);
    expect(winChance(1500, 1500, 1)).toBe(0.5);
    // 4·√1·0.5 = 2, times 5 for newcomers, times 1 for veterans.
    expect(ratingMoves(newcomer(1500), newcomer(1500), 1)).toEqual({ winner: 10, loser: -10 });
    expect(ratingMoves(veteran(1500), veteran(1500), 1)).toEqual({ winner: 2, loser: -2 });
  });

  it("1600 against 1400 in a match to 5", () => {
    // D·√N/2000 = 200·2.2360680/2000 = 0.2236068; 10^0.2236068 = 1.6734; P = 1/2.6734.
    expect(underdogWinChance(200, 5)).toBeCloseTo(0.374052, 6);
    expect(underdogWinChance(-200, 5)).toBeCloseTo(0.374052, 6);
    expect(winChance(1400, 1600, 5)).toBeCloseTo(0.374052, 6);
    expect(winChance(1600, 1400, 5)).toBeCloseTo(0.625948, 6);
    // The favourite wins: 4·√5 · 0.374052 = 3.34562 each way (veterans: factor 1).
    const expected = ratingMoves(veteran(1600), veteran(1400), 5);
    expect(expected.winner).toBeCloseTo(3.34562, 5);
    expect(expected.loser).toBeCloseTo(-3.34562, 5);
    // The underdog wins: 4·√5 · 0.625948 = 5.59865.
    const upset = ratingMoves(veteran(1400), veteran(1600), 5);
    expect(upset.winner).toBeCloseTo(5.59865, 5);
    expect(upset.loser).toBeCloseTo(-5.59865, 5);
  });

  it("a newcomer (factor 5) against a veteran (factor 1): not a zero sum", () => {
    expect(experienceFactor(0)).toBe(5);
    expect(experienceFactor(250)).toBe(2.5);
    expect(experienceFactor(399)).toBeCloseTo(1.01, 12);
    expect(experienceFactor(400)).toBe(1);
    expect(experienceFactor(5000)).toBe(1);
    expect(ratingMoves(newcomer(1500), veteran(1500), 1)).toEqual({ winner: 10, loser: -2 });
    expect(ratingMoves(veteran(1500), newcomer(1500), 1)).toEqual({ winner: 2, loser: -10 });
    // 1550 beats 1450 in one game: 4 · 0.471249 = 1.884998; the newcomer loses five times that.
    const m = ratingMoves(veteran(1550), newcomer(1450), 1);
    expect(m.winner).toBeCloseTo(1.884998, 6);
    expect(m.loser).toBeCloseTo(-9.424989, 6);
  });

  it("docs/rules.md's worked example: 1600 (450 played) beats 1400 (40 played) in a match to 5", () => {
    const alice = { rating: 1600, experience: 450 };
    const bob = { rating: 1400, experience: 40 };
    const won = ratingMoves(alice, bob, 5);
    expect(won.winner).toBeCloseTo(3.35, 2);
    expect(won.loser).toBeCloseTo(-15.39, 2);
    expect(1600 + won.winner).toBeCloseTo(1603.35, 2);
    expect(1400 + won.loser).toBeCloseTo(1384.61, 2);
    const lost = ratingMoves(bob, alice, 5);
    expect(lost.winner).toBeCloseTo(25.75, 2);
    expect(lost.loser).toBeCloseTo(-5.6, 2);
    expect([won.winner, won.loser]).toEqual(publishedUpdate(alice, bob, 5));
  });

  it("a longer match moves ratings more: equal newcomers in a match to 3 move 4·√3·0.5·5", () => {
    expect(ratingMoves(newcomer(1500), newcomer(1500), 3).winner).toBeCloseTo(17.320508, 6);
  });

  it("agrees with the published form everywhere", () => {
    const rating = fc.double({ min: 500, max: 2500, noNaN: true });
    const experience = fc.integer({ min: 0, max: 2000 });
    fc.assert(
      fc.property(
        rating,
        rating,
        experience,
        experience,
        fc.integer({ min: 1, max: 25 }),
        (a, b, ea, eb, n) => {
          const got = ratingMoves({ rating: a, experience: ea }, { rating: b, experience: eb }, n);
          const [w, l] = publishedUpdate(
            { rating: a, experience: ea },
            { rating: b, experience: eb },
            n,
          );
          expect(got.winner).toBeCloseTo(w, 9);
          expect(got.loser).toBeCloseTo(l, 9);
          expect(winChance(a, b, n) + winChance(b, a, n)).toBeCloseTo(1, 12);
          expect(got.winner).toBeGreaterThan(0);
          expect(got.loser).toBeLessThan(0);
        },
      ),
    );
  });

  it("refuses a match length that is not a whole number of points", () => {
    expect(() => underdogWinChance(0, 0)).toThrow(RangeError);
    expect(() => ratingMoves(newcomer(1500), newcomer(1500), 1.5)).toThrow(RangeError);
  });
});
