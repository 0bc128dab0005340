import { type GameRow, monthStart, type RatingRow, type SeriesRow } from "../db/index.js";
import { RATING_START, ratingMoves, type SeriesState, type Variant } from "../engine/index.js";
import type { ServiceContext } from "./context.js";
import type { RatingLeaderRow, RatingMove, RatingPoint, RatingView } from "./types.js";
import { playerView, strangerView } from "./views.js";

/*
 * The rating that follows a player across chats: one per game, by FIBS's formula
 * (engine/rating.ts), moved by rated games only (a lobby's; see GameView.rated). Games between
 * friends in a chat keep their chat's series and Elo (elo.ts) and leave it alone.
 *
 * A match to N points is rated once, when it ends, as a match of length N won by the match's
 * winner. A running series and a set of games are rated game by game, each a match of
 * length 1 won by the game's winner: the cube's value and the points scored do not count.
 * A draw, a game dropped or broken, and a game one player never gave a sign of playing are
 * not rated.
 */

/** Who won the match a finished game decided, and its length; null: nothing to rate yet. */
async function decided(
  ctx: ServiceContext,
  g: GameRow,
  s: SeriesRow,
  after: SeriesState,
): Promise<{ readonly winnerId: number; readonly length: number } | null> {
  const result = g.state.result;
  if (!result || result.winner === null) return null;
  const m = s.rules.match;
  if (m.kind !== "points")
    return { winnerId: result.winner === "white" ? g.whiteId : g.blackId, length: 1 };
  if (after.winner === null) return null;
  // A match is rated whole: one whose earlier games were friends' games is not.
  if (!(await ctx.ratings.seriesAllRated(s.id))) return null;
  return { winnerId: after.winner === 0 ? s.playerA : s.playerB, length: m.to };
}

/**
 * After a rated game ended (in its transaction; `after`: its series with it counted): moves
 * both players' ratings if it decided a match, winner first. A finish seen again (the game
 * has its history lines already) moves nothing.
 */
export async function rateFinish(
  ctx: ServiceContext,
  g: GameRow,
  s: SeriesRow,
  after: SeriesState,
  now: number,
): Promise<readonly [RatingMove, RatingMove] | null> {
  if (!g.rated || g.status !== "finished") return null;
  // A game one player never gave a sign of playing is not rated (see GameView.unconfirmedId).
  if (g.unconfirmedId !== null && g.unconfirmedId !== undefined) return null;
  const match = await decided(ctx, g, s, after);
  if (!match || (await ctx.ratings.hasGame(g.id))) return null;
  const loserId = match.winnerId === g.whiteId ? g.blackId : g.whiteId;
  const winner = await standing(ctx, match.winnerId, g.variant);
  const loser = await standing(ctx, loserId, g.variant);
  const moves = ratingMoves(winner, loser, match.length);
  const write = async (who: RatingView, delta: number): Promise<RatingMove> => {
    const rating = who.rating + delta;
    await ctx.ratings.record({
      userId: who.userId,
      variant: g.variant,
      rating,
      delta,
      experience: who.experience + match.length,
      matches: who.matches + 1,
      gameId: g.id,
      matchLength: match.length,
      at: now,
    });
    return {
      userId: who.userId,
      variant: g.variant,
      before: who.rating,
      after: rating,
      matchLength: match.length,
    };
  };
  return [await write(winner, moves.winner), await write(loser, moves.loser)];
}

const ratingView = (userId: number, variant: Variant, row: RatingRow | undefined): RatingView =>
  row
    ? {
        userId,
        variant,
        rating: row.rating,
        experience: row.experience,
        matches: row.matches,
        updatedAt: row.updatedAt,
      }
    : { userId, variant, rating: RATING_START, experience: 0, matches: 0, updatedAt: null };

/** Where a player never rated stands. */
export const unrated = (userId: number, variant: Variant): RatingView =>
  ratingView(userId, variant, undefined);

/** These players' ratings in either game (1500 with no match played), read at once. */
export async function ratingLookup(
  ctx: ServiceContext,
  userIds: readonly number[],
): Promise<(userId: number, variant: Variant) => number> {
  const key = (userId: number, variant: Variant) => `${userId}:${variant}`;
  const rows = await ctx.ratings.ofPlayers([...new Set(userIds)]);
  const stored = new Map(rows.map((r) => [key(r.userId, r.variant), r.rating]));
  return (userId, variant) => stored.get(key(userId, variant)) ?? RATING_START;
}

/** The player's rating in the game; 1500 with no match played. */
export async function standing(
  ctx: ServiceContext,
  userId: number,
  variant: Variant,
): Promise<RatingView> {
  return ratingView(userId, variant, await ctx.ratings.get(userId, variant));
}

/** The player's last `limit` rated matches in the game, oldest first. */
export async function ratingHistory(
  ctx: ServiceContext,
  userId: number,
  variant: Variant,
  limit: number,
): Promise<RatingPoint[]> {
  return (await ctx.ratings.history(userId, variant, limit)).map((h) => ({
    at: h.at,
    rating: h.rating,
    delta: h.delta,
    gameId: h.gameId,
    matchLength: h.matchLength,
  }));
}

/**
 * The game's best: without `month`, by rating among players with a rated match; with it, by
 * the rating gained in the month that starts then (the sum of its changes), ties by the
 * rating now.
 */
export async function ratingLeaderboard(
  ctx: ServiceContext,
  variant: Variant,
  month: number | null,
  limit: number,
): Promise<RatingLeaderRow[]> {
  const rows =
    month === null
      ? (await ctx.ratings.top(variant, limit)).map((r) => ({ ...r, gained: null }))
      : await ctx.ratings.gainedInMonth(variant, monthStart(month), limit);
  const players = await ctx.players.getMany(rows.map((r) => r.userId));
  return rows.flatMap((r) => {
    const p = players.get(r.userId);
    return p
      ? [
          {
            // Read by anyone, strangers included: a first name (and the username if allowed).
            player: strangerView(playerView(p)),
            variant,
            rating: r.rating,
            matches: r.matches,
            experience: r.experience,
            gained: r.gained,
          },
        ]
      : [];
  });
}

export const isVariant = (v: unknown): v is Variant => v === "long" || v === "short";

/** A list's length as asked, within 1 to 1000. */
export const boundedLimit = (limit: number): number =>
  Number.isFinite(limit) ? Math.min(1000, Math.max(1, Math.floor(limit))) : 1;
