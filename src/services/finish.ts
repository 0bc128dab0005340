import { type GameRow, ratingOf } from "../db/index.js";
import {
  type Color,
  encodePositionId,
  recordGame,
  type Seat,
  seriesOver,
} from "../engine/index.js";
import type { ServiceContext } from "./context.js";
import { eloUpdate } from "./elo.js";
import { rateFinish } from "./rating.js";
import type { FinishInfo, RatingChange } from "./types.js";
import { seriesView } from "./views.js";

/**
 * The second part of the dice of a game that follows `g` by itself, its seed committed to at
 * g's start: g's final position, which its players' own moves made after that ("after:" and
 * GNU Backgammon's Position ID, White as the side on roll).
 */
export const afterSecondPart = (g: GameRow): string =>
  `after:${encodePositionId(g.state.board.white, g.state.board.black)}`;

export const userOf = (g: GameRow, c: Color): number => (c === "white" ? g.whiteId : g.blackId);

/**
 * After a game ended (in the same transaction): the series, both ratings (the chat's Elo,
 * and a rated game's rating across chats), the seed.
 */
export async function recordFinish(
  ctx: ServiceContext,
  g: GameRow,
  now: number,
): Promise<FinishInfo> {
  const result = g.state.result;
  const s = await ctx.series.get(g.seriesId);
  if (!result || !s) throw new Error(`game ${g.id} has no result or series`);
  const seat = (userId: number): Seat => (userId === s.playerA ? 0 : 1);
  const winnerId = result.winner === null ? null : userOf(g, result.winner);
  const next = recordGame(s.rules, s.state, {
    winner: winnerId === null ? null : seat(winnerId),
    points: result.points,
    starter: seat(userOf(g, g.state.starter)),
  });
  await ctx.series.save(s.id, next, seriesOver(next) ? "finished" : "active", now);

  const white = await ctx.players.get(g.whiteId);
  const black = await ctx.players.get(g.blackId);
  if (!white || !black) throw new Error(`game ${g.id} lost a player`);
  const score = result.winner === null ? 0.5 : result.winner === "white" ? 1 : 0;
  const before = { w: ratingOf(white, g.variant), b: ratingOf(black, g.variant) };
  // A game one player never gave a sign of playing is not rated (see GameView.unconfirmedId).
  const after =
    g.unconfirmedId === null || g.unconfirmedId === undefined
      ? eloUpdate(before.w, before.b, score, ctx.config.ratingK)
      : { a: before.w, b: before.b };
  await ctx.players.setRating(white.id, g.variant, after.a, now);
  await ctx.players.setRating(black.id, g.variant, after.b, now);
  const ratings: [RatingChange, RatingChange] = [
    { userId: white.id, before: before.w, after: after.a },
    { userId: black.id, before: before.b, after: after.b },
  ];
  const rated = await rateFinish(ctx, g, s, next, now);
  const saved = await ctx.series.get(s.id);
  if (!saved) throw new Error(`series ${s.id} vanished`);
  const whiteSeat = seat(g.whiteId);
  const byColour = (scores: readonly [number, number]) => ({
    white: scores[whiteSeat],
    black: scores[whiteSeat === 0 ? 1 : 0],
  });
  const over = saved.status === "finished";
  await ctx.games.setSeriesAfter(
    g.id,
    {
      before: byColour(s.state.scores),
      ...byColour(next.scores),
      over,
      ...(!over && g.nextDiceSeed !== null ? { nextSecondPart: afterSecondPart(g) } : {}),
    },
    // A seed committed to at the game's start (a lobby or tournament match's) stays.
    over ? null : (g.nextDiceSeed ?? ctx.config.newSeed().toString("hex")),
  );
  return {
    result,
    winnerId,
    series: await seriesView(ctx, saved),
    ratings,
    rated,
    seed: g.diceSeed,
  };
}
