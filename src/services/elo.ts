/** Elo for one game: `score` is A's result (1 win, 0.5 draw, 0 loss); the sum is kept. */
export function eloUpdate(
  ratingA: number,
  ratingB: number,
  score: number,
  k = 32,
): { a: number; b: number } {
  const expected = 1 / (1 + 10 ** ((ratingB - ratingA) / 400));
  const delta = k * (score - expected);
  return { a: ratingA + delta, b: ratingB - delta };
}
