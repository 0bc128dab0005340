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
import type { Db } from "./open.js";
import { blocks, players, ratings, type SeekRow, type SeekStatus, seeks } from "./schema.js";

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
  "id" | "status" | "computerOffered" | "gameId" | "updatedAt" | "toldAt"
>;

/** The lobby's seeks: who waits for what, and what became of each. */
export class SeeksRepo {
  constructor(private readonly db: Db) {}

  insert(seek: NewSeek): SeekRow {
    return this.db
      .insert(seeks)
      .values({ ...seek, status: "waiting", updatedAt: seek.createdAt })
      .returning()
      .get();
  }

  get(id: number): SeekRow | undefined {
    return this.db.select().from(seeks).where(eq(seeks.id, id)).get();
  }

  /** The person's waiting seek, if any. */
  waitingOf(userId: number): SeekRow | undefined {
    return this.db
      .select()
      .from(seeks)
      .where(and(eq(seeks.userId, userId), eq(seeks.status, "waiting")))
      .get();
  }

  /** Every waiting seek, oldest first. */
  waiting(): SeekRow[] {
    return this.db
      .select()
      .from(seeks)
      .where(eq(seeks.status, "waiting"))
      .orderBy(asc(seeks.createdAt), asc(seeks.id))
      .all();
  }

  /** The seeks that met game `gameId`. */
  ofGame(gameId: number): SeekRow[] {
    return this.db.select().from(seeks).where(eq(seeks.gameId, gameId)).all();
  }

  /** Waiting seeks whose time is up by `now`. */
  lapsedBy(now: number): SeekRow[] {
    return this.db
      .select()
      .from(seeks)
      .where(and(eq(seeks.status, "waiting"), lte(seeks.expiresAt, now)))
      .all();
  }

  /**
   * Ends a waiting seek (paired with `gameId`, cancelled or lapsed); false when it was not
   * waiting any more: another press, tick or process ended it first.
   */
  end(id: number, status: Exclude<SeekStatus, "waiting">, now: number, gameId?: number): boolean {
    const r = this.db
      .update(seeks)
      .set({ status, updatedAt: now, ...(gameId === undefined ? {} : { gameId }) })
      .where(and(eq(seeks.id, id), eq(seeks.status, "waiting")))
      .run();
    return r.changes > 0;
  }

  /** Its seeker was told what became of it (paired or lapsed). */
  markTold(id: number, now: number): void {
    this.db.update(seeks).set({ toldAt: now }).where(eq(seeks.id, id)).run();
  }

  /** Seeks paired or lapsed since `since` whose seeker was not told (a process died first). */
  untoldSince(since: number): SeekRow[] {
    return this.db
      .select()
      .from(seeks)
      .where(
        and(
          inArray(seeks.status, ["paired", "lapsed"]),
          isNull(seeks.toldAt),
          gte(seeks.updatedAt, since),
        ),
      )
      .orderBy(asc(seeks.id))
      .all();
  }

  /** Marks the computer offered to a waiting seek; false when it was offered already. */
  offerComputer(id: number, now: number): boolean {
    const r = this.db
      .update(seeks)
      .set({ computerOffered: true, updatedAt: now })
      .where(and(eq(seeks.id, id), eq(seeks.status, "waiting"), eq(seeks.computerOffered, false)))
      .run();
    return r.changes > 0;
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
  ): OpenSeek[] {
    const { long, short } = viewerRating;
    const rating = sql<number>`coalesce(${ratings.rating}, ${RATING_START})`;
    return this.db
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
      .leftJoin(ratings, and(eq(ratings.userId, seeks.userId), eq(ratings.variant, seeks.variant)))
      .where(
        and(
          eq(seeks.status, "waiting"),
          gt(seeks.expiresAt, now),
          ne(seeks.userId, viewerId),
          // Neither blocked the other: they are never paired, so never offered.
          notExists(
            this.db
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
        sql`abs(${rating} - (case ${seeks.variant} when 'long' then ${long} else ${short} end))`,
        asc(seeks.createdAt),
        asc(seeks.id),
      )
      .limit(limit)
      .all();
  }

  /** The person's latest seek, whatever became of it. */
  latestOf(userId: number): SeekRow | undefined {
    return this.db
      .select()
      .from(seeks)
      .where(eq(seeks.userId, userId))
      .orderBy(desc(seeks.id))
      .limit(1)
      .get();
  }
}
