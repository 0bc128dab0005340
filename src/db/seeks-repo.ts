import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lte,
  ne,
  notExists,
  or,
  sql,
} from "drizzle-orm";
import { RATING_START, type TimeControlName, type Variant } from "../engine/index.js";
import { first, only } from "./connection.js";
import type { Db } from "./open.js";
import type { SeekRow, SeekStatus } from "./schema.js";

/** A waiting seek as the lobby's list shows it: its terms, its seeker's first name and rating. */
export interface OpenSeek {
  readonly id: number;
  readonly userId: number;
  readonly firstName: string;
  readonly variant: Variant;
  readonly matchLength: number;
  readonly clock: TimeControlName;
  /** The seeker's rating in the seek's game. */
  readonly rating: number;
  readonly createdAt: number;
}

export type NewSeek = Omit<
  SeekRow,
  "id" | "status" | "computerOffered" | "gameId" | "updatedAt" | "toldAt" | "mark"
> & { readonly mark?: string | null };

/** The lobby's seeks: who waits for what, and what became of each. */
export class SeeksRepo {
  constructor(private readonly db: Db) {}

  insert(seek: NewSeek): Promise<SeekRow> {
    return this.db.run(async (db, { seeks }) =>
      only(
        await db
          .insert(seeks)
          .values({ ...seek, status: "waiting", updatedAt: seek.createdAt })
          .returning(),
      ),
    );
  }

  get(id: number): Promise<SeekRow | undefined> {
    return this.db.run(async (db, { seeks }) =>
      first(await db.select().from(seeks).where(eq(seeks.id, id)).limit(1)),
    );
  }

  /** The person's waiting seek, if any. */
  waitingOf(userId: number): Promise<SeekRow | undefined> {
    return this.db.run(async (db, { seeks }) =>
      first(
        await db
          .select()
          .from(seeks)
          .where(and(eq(seeks.userId, userId), eq(seeks.status, "waiting")))
          .limit(1),
      ),
    );
  }

  /** Every waiting seek, oldest first. */
  waiting(): Promise<SeekRow[]> {
    return this.db.run((db, { seeks }) =>
      db
        .select()
        .from(seeks)
        .where(eq(seeks.status, "waiting"))
        .orderBy(asc(seeks.createdAt), asc(seeks.id)),
    );
  }

  /** The seeks that met game `gameId`. */
  ofGame(gameId: number): Promise<SeekRow[]> {
    return this.db.run((db, { seeks }) => db.select().from(seeks).where(eq(seeks.gameId, gameId)));
  }

  /** Waiting seeks whose time is up by `now`. */
  lapsedBy(now: number): Promise<SeekRow[]> {
    return this.db.run((db, { seeks }) =>
      db
        .select()
        .from(seeks)
        .where(and(eq(seeks.status, "waiting"), lte(seeks.expiresAt, now))),
    );
  }

  /**
   * Ends a waiting seek (paired with `gameId`, cancelled or lapsed); false when it was not
   * waiting any more: another press, tick or process ended it first.
   */
  end(
    id: number,
    status: Exclude<SeekStatus, "waiting">,
    now: number,
    gameId?: number,
  ): Promise<boolean> {
    return this.db.run(async (db, { seeks }) => {
      const changed = await db
        .update(seeks)
        .set({ status, updatedAt: now, ...(gameId === undefined ? {} : { gameId }) })
        .where(and(eq(seeks.id, id), eq(seeks.status, "waiting")))
        .returning({ id: seeks.id });
      return changed.length > 0;
    });
  }

  /** Its seeker was told what became of it (paired or lapsed). */
  async markTold(id: number, now: number): Promise<void> {
    await this.db.run((db, { seeks }) =>
      db.update(seeks).set({ toldAt: now }).where(eq(seeks.id, id)),
    );
  }

  /** Seeks paired or lapsed since `since` whose seeker was not told (a process died first). */
  untoldSince(since: number): Promise<SeekRow[]> {
    return this.db.run((db, { seeks }) =>
      db
        .select()
        .from(seeks)
        .where(
          and(
            inArray(seeks.status, ["paired", "lapsed"]),
            isNull(seeks.toldAt),
            gte(seeks.updatedAt, since),
          ),
        )
        .orderBy(asc(seeks.id)),
    );
  }

  /** Marks the computer offered to a waiting seek; false when it was offered already. */
  offerComputer(id: number, now: number): Promise<boolean> {
    return this.db.run(async (db, { seeks }) => {
      const changed = await db
        .update(seeks)
        .set({ computerOffered: true, updatedAt: now })
        .where(and(eq(seeks.id, id), eq(seeks.status, "waiting"), eq(seeks.computerOffered, false)))
        .returning({ id: seeks.id });
      return changed.length > 0;
    });
  }

  /**
   * Others' waiting seeks, nearest the viewer's rating in each seek's game first (the longer
   * waiter on a tie), none of anyone either blocked: one query, bounded by `limit` however
   * many wait.
   */
  openFor(
    viewerId: number,
    viewerRating: Readonly<Record<Variant, number>>,
    now: number,
    limit: number,
  ): Promise<OpenSeek[]> {
    const { long, short } = viewerRating;
    return this.db.run((db, { seeks, players, ratings, blocks }) => {
      const rating = sql<number>`coalesce(${ratings.rating}, ${RATING_START})`.mapWith(Number);
      return db
        .select({
          id: seeks.id,
          userId: seeks.userId,
          firstName: players.firstName,
          variant: seeks.variant,
          matchLength: seeks.matchLength,
          clock: seeks.clock,
          rating,
          createdAt: seeks.createdAt,
        })
        .from(seeks)
        .innerJoin(players, eq(players.id, seeks.userId))
        .leftJoin(
          ratings,
          and(eq(ratings.userId, seeks.userId), eq(ratings.variant, seeks.variant)),
        )
        .where(
          and(
            eq(seeks.status, "waiting"),
            gt(seeks.expiresAt, now),
            ne(seeks.userId, viewerId),
            // Neither blocked the other: they are never paired, so never offered.
            notExists(
              db
                .select({ x: blocks.blockerId })
                .from(blocks)
                .where(
                  or(
                    and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, seeks.userId)),
                    and(eq(blocks.blockerId, seeks.userId), eq(blocks.blockedId, viewerId)),
                  ),
                ),
            ),
          ),
        )
        .orderBy(
          // Typed: PostgreSQL cannot tell a bound value's type inside a case.
          sql`abs(${rating} - (case ${seeks.variant} when 'long' then cast(${long} as double precision) else cast(${short} as double precision) end))`,
          asc(seeks.createdAt),
          asc(seeks.id),
        )
        .limit(limit);
    });
  }

  /** The person's latest seek, whatever became of it. */
  latestOf(userId: number): Promise<SeekRow | undefined> {
    return this.db.run(async (db, { seeks }) =>
      first(
        await db
          .select()
          .from(seeks)
          .where(eq(seeks.userId, userId))
          .orderBy(desc(seeks.id))
          .limit(1),
      ),
    );
  }
}
