import { asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../open.js";
import { type InboxRow, inbox } from "./schema.js";

export interface NewInboxEntry {
  readonly updateId: number;
  readonly payload: string;
  readonly receivedAt: number;
}

export class InboxRepo {
  // Prepared once: every update is marked done.
  private readonly finish;

  constructor(private readonly db: Db) {
    this.finish = db.sql
      .update(inbox)
      .set({ doneAt: sql.placeholder("now") as unknown as number })
      .where(eq(inbox.updateId, sql.placeholder("id")))
      .prepare();
  }

  /** Inserts the entries not stored yet (one statement); returns the ids it inserted. */
  addNew(entries: readonly NewInboxEntry[]): Promise<number[]> {
    return this.db.run(async (db) => {
      if (entries.length === 0) return [];
      const rows = await db
        .insert(inbox)
        .values([...entries])
        .onConflictDoNothing()
        .returning({ id: inbox.updateId });
      return rows.map((r) => r.id);
    });
  }

  /** Entries not done, oldest update first. */
  pending(): Promise<InboxRow[]> {
    return this.db.run(async (db) =>
      db.select().from(inbox).where(isNull(inbox.doneAt)).orderBy(asc(inbox.updateId)),
    );
  }

  /** One more attempt at each of these. */
  countAttempt(ids: readonly number[]): Promise<void> {
    return this.db.run(async (db) => {
      if (ids.length === 0) return;
      await db
        .update(inbox)
        .set({ attempts: sql`${inbox.attempts} + 1` })
        .where(inArray(inbox.updateId, [...ids]));
    });
  }

  markDone(id: number, now: number): Promise<void> {
    return this.db.run(async () => {
      await this.finish.execute({ id, now });
    });
  }

  /** Deletes entries received before `before`; returns how many. */
  pruneBefore(before: number): Promise<number> {
    return this.db.run(async (db) => {
      const gone = await db
        .delete(inbox)
        .where(lt(inbox.receivedAt, before))
        .returning({ id: inbox.updateId });
      return gone.length;
    });
  }
}
