import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "./open.js";
import { type SeekRow, type SeekStatus, seeks } from "./schema.js";

export type NewSeek = Omit<SeekRow, "id" | "status" | "computerOffered" | "gameId" | "updatedAt">;

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

  /** Marks the computer offered to a waiting seek; false when it was offered already. */
  offerComputer(id: number, now: number): boolean {
    const r = this.db
      .update(seeks)
      .set({ computerOffered: true, updatedAt: now })
      .where(and(eq(seeks.id, id), eq(seeks.status, "waiting"), eq(seeks.computerOffered, false)))
      .run();
    return r.changes > 0;
  }
}
