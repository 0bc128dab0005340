import { asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { perHandle } from "../connection.js";
import type { Db } from "../open.js";
import type { InboxRow } from "./schema.js";

export interface NewInboxEntry {
  readonly updateId: number;
  readonly payload: string;
  readonly receivedAt: number;
}

/** Prepared once per handle: every update is marked done. */
const finishOf = perHandle((db, { inbox }) =>
  db
    .update(inbox)
    .set({ doneAt: sql.placeholder("now") as unknown as number })
    .where(eq(inbox.updateId, sql.placeholder("id")))
    .prepare(),
);

export class InboxRepo {
  constructor(private readonly db: Db) {}

  /** Inserts the entries not stored yet (one statement); returns the ids it inserted. */
  addNew(entries: readonly NewInboxEntry[]): Promise<number[]> {
    return this.db.run(async (db, t) => {
      if (entries.length === 0) return [];
      const rows = await db
        .insert(t.inbox)
        .values([...entries])
        .onConflictDoNothing()
        .returning({ id: t.inbox.updateId });
      return rows.map((r) => r.id);
    });
  }

  /** Entries not done, oldest update first. */
  pending(): Promise<InboxRow[]> {
    return this.db.run(async (db, t) =>
      db.select().from(t.inbox).where(isNull(t.inbox.doneAt)).orderBy(asc(t.inbox.updateId)),
    );
  }

  /** One more attempt at each of these. */
  countAttempt(ids: readonly number[]): Promise<void> {
    return this.db.run(async (db, t) => {
      if (ids.length === 0) return;
      await db
        .update(t.inbox)
        .set({ attempts: sql`${t.inbox.attempts} + 1` })
        .where(inArray(t.inbox.updateId, [...ids]));
    });
  }

  markDone(id: number, now: number): Promise<void> {
    return this.db.run(async (db, t) => {
      await finishOf(db, t).execute({ id, now });
    });
  }

  /** Deletes entries received before `before`; returns how many. */
  pruneBefore(before: number): Promise<number> {
    return this.db.run(async (db, t) => {
      const gone = await db
        .delete(t.inbox)
        .where(lt(t.inbox.receivedAt, before))
        .returning({ id: t.inbox.updateId });
      return gone.length;
    });
  }
}
