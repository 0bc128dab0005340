import { and, eq, isNotNull, lt } from "drizzle-orm";
import { first } from "../connection.js";
import type { Db } from "../open.js";
import type { DialogRow } from "./schema.js";

export interface DialogPlace {
  readonly chatId: number;
  readonly messageId: number;
  readonly locale: string;
}

export class DialogsRepo {
  constructor(private readonly db: Db) {}

  keys(): Promise<string[]> {
    return this.db.run(async (db, t) => {
      const rows = await db.select({ key: t.dialogs.key }).from(t.dialogs);
      return rows.map((r) => r.key);
    });
  }

  get(key: string): Promise<DialogRow | undefined> {
    return this.db.run(async (db, t) =>
      first(await db.select().from(t.dialogs).where(eq(t.dialogs.key, key)).limit(1)),
    );
  }

  /** Stores the plugin's state; where the dialog's message is stays as it was. */
  put(key: string, state: unknown, now: number): Promise<void> {
    return this.db.run(async (db, t) => {
      await db
        .insert(t.dialogs)
        .values({ key, state, updatedAt: now })
        .onConflictDoUpdate({ target: t.dialogs.key, set: { state, updatedAt: now } });
    });
  }

  /**
   * Where the dialog's message is, and that it has just asked something. The plugin writes its
   * state only when an update is done, so on the first question the row may not exist yet.
   */
  asked(key: string, place: DialogPlace, now: number): Promise<void> {
    return this.db.run(async (db, t) => {
      const set = { ...place, askedAt: now };
      await db
        .insert(t.dialogs)
        .values({ key, state: {}, updatedAt: now, ...set })
        .onConflictDoUpdate({ target: t.dialogs.key, set });
    });
  }

  remove(key: string): Promise<void> {
    return this.db.run(async (db, t) => {
      await db.delete(t.dialogs).where(eq(t.dialogs.key, key));
    });
  }

  /** Dialogs whose last question is older than `before`. */
  askedBefore(before: number): Promise<DialogRow[]> {
    return this.db.run(async (db, t) =>
      db
        .select()
        .from(t.dialogs)
        .where(and(isNotNull(t.dialogs.askedAt), lt(t.dialogs.askedAt, before))),
    );
  }

  /** Drops dialogs untouched since `before`; returns how many. */
  removeUntouchedSince(before: number): Promise<number> {
    return this.db.run(async (db, t) => {
      const gone = await db
        .delete(t.dialogs)
        .where(lt(t.dialogs.updatedAt, before))
        .returning({ key: t.dialogs.key });
      return gone.length;
    });
  }
}
