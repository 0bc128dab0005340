import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Variant } from "../engine/index.js";
import { first } from "./connection.js";
import type { Db } from "./open.js";
import type { RatingHistoryRow, RatingRow } from "./schema.js";

/** One player's side of a rated match, as stored: the new standing and the history line. */
export interface RatedLine {
  readonly userId: number;
  readonly variant: Variant;
  /** The rating after the match, and its change. */
  readonly rating: number;
  readonly delta: number;
  /** Experience and matches after it. */
  readonly experience: number;
  readonly matches: number;
  readonly gameId: number;
  readonly matchLength: number;
  readonly at: number;
}

/** A player's gain over a while: the sum of the changes, and the rating now. */
export interface RatingGain {
  readonly userId: number;
  readonly gained: number;
  readonly rating: number;
  readonly matches: number;
  readonly experience: number;
}

/** The first moment of the month `at` falls in (UTC): the key of the kept monthly gains. */
export function monthStart(at: number): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** The ratings that follow players across chats, and each rated match's change to them. */
export class RatingsRepo {
  constructor(private readonly db: Db) {}

  get(userId: number, variant: Variant): Promise<RatingRow | undefined> {
    return this.db.run(async (db, { ratings }) =>
      first(
        await db
          .select()
          .from(ratings)
          .where(and(eq(ratings.userId, userId), eq(ratings.variant, variant)))
          .limit(1),
      ),
    );
  }

  /** The ratings of these players, in both games, in one read. */
  async ofPlayers(userIds: readonly number[]): Promise<RatingRow[]> {
    if (userIds.length === 0) return [];
    return this.db.run((db, { ratings }) =>
      db
        .select()
        .from(ratings)
        .where(inArray(ratings.userId, [...userIds])),
    );
  }

  /** Whether the game has moved anyone's rating already. */
  hasGame(gameId: number): Promise<boolean> {
    return this.db.run(async (db, { ratingHistory }) => {
      const rows = await db
        .select({ id: ratingHistory.id })
        .from(ratingHistory)
        .where(eq(ratingHistory.gameId, gameId))
        .limit(1);
      return rows.length > 0;
    });
  }

  /** Whether every finished game of the series was rated (a match to N is rated whole). */
  seriesAllRated(seriesId: number): Promise<boolean> {
    return this.db.run(async (db, { games }) => {
      const unrated = await db
        .select({ id: games.id })
        .from(games)
        .where(
          and(eq(games.seriesId, seriesId), eq(games.status, "finished"), eq(games.rated, false)),
        )
        .limit(1);
      return unrated.length === 0;
    });
  }

  /**
   * Stores the player's history line for a match and their standing after it; in the
   * caller's transaction. A second line for the same game and player is refused (a unique
   * index) before anything is written.
   */
  async record(line: RatedLine): Promise<void> {
    await this.db.run(async (db, { ratingHistory, ratings, ratingMonths }) => {
      // Throws on the unique index first, so the standing is not touched.
      await db.insert(ratingHistory).values({
        userId: line.userId,
        variant: line.variant,
        at: line.at,
        rating: line.rating,
        delta: line.delta,
        gameId: line.gameId,
        matchLength: line.matchLength,
      });
      const standing = {
        rating: line.rating,
        experience: line.experience,
        matches: line.matches,
        updatedAt: line.at,
      };
      await db
        .insert(ratings)
        .values({ userId: line.userId, variant: line.variant, ...standing })
        .onConflictDoUpdate({ target: [ratings.userId, ratings.variant], set: standing });
      await db
        .insert(ratingMonths)
        .values({
          variant: line.variant,
          month: monthStart(line.at),
          userId: line.userId,
          gained: line.delta,
        })
        .onConflictDoUpdate({
          target: [ratingMonths.variant, ratingMonths.month, ratingMonths.userId],
          set: { gained: sql`${ratingMonths.gained} + ${line.delta}` },
        });
    });
  }

  /** The player's last `limit` rated matches in the game, oldest first. */
  history(userId: number, variant: Variant, limit: number): Promise<RatingHistoryRow[]> {
    return this.db.run(async (db, { ratingHistory }) => {
      const rows = await db
        .select()
        .from(ratingHistory)
        .where(and(eq(ratingHistory.userId, userId), eq(ratingHistory.variant, variant)))
        .orderBy(desc(ratingHistory.at), desc(ratingHistory.id))
        .limit(limit);
      return rows.reverse();
    });
  }

  /** The best ratings among players with a rated match in the game; ties by user id. */
  top(variant: Variant, limit: number): Promise<RatingRow[]> {
    return this.db.run((db, { ratings }) =>
      db
        .select()
        .from(ratings)
        .where(and(eq(ratings.variant, variant), gt(ratings.matches, 0)))
        .orderBy(desc(ratings.rating), asc(ratings.userId))
        .limit(limit),
    );
  }

  /**
   * Who gained the most rating in the month that starts at `month` (see monthStart); ties
   * by rating now. Reads the kept monthly sums: one row a player, at any history size.
   */
  gainedInMonth(variant: Variant, month: number, limit: number): Promise<RatingGain[]> {
    return this.db.run((db, { ratingMonths, ratings }) =>
      db
        .select({
          userId: ratingMonths.userId,
          gained: ratingMonths.gained,
          rating: ratings.rating,
          matches: ratings.matches,
          experience: ratings.experience,
        })
        .from(ratingMonths)
        .innerJoin(
          ratings,
          and(eq(ratings.userId, ratingMonths.userId), eq(ratings.variant, ratingMonths.variant)),
        )
        .where(and(eq(ratingMonths.variant, variant), eq(ratingMonths.month, month)))
        .orderBy(desc(ratingMonths.gained), desc(ratings.rating), asc(ratingMonths.userId))
        .limit(limit),
    );
  }
}
