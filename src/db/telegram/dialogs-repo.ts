import { and, eq, isNotNull, lt } from "drizzle-orm";
import { first } from "../connection.js";
import type { Db } from "../open.js";
import { type DialogRow, dialogs } from "./schema.js";

export interface DialogPlace {
  readonly chatId: number;
  readonly messageId: number;
  readonly locale: string;
}

export class DialogsRepo {
  constructor(private readonly db: Db) {}

  keys(): Promise<string[]> {
    return this.db.run(async (db) => {
      const rows = await db.select({ key: dialogs.key }).from(dialogs);
      return rows.map((r) => r.key);
    });
  }

  get(key: string): Promise<DialogRow | undefined> {
    return this.db.run(async (db) =>
      first(await db.select().from(dialogs).where(eq(dialogs.key, key)).limit(1)),
    );
  }

  /** Stores the plugin's state; where the dialog's message is stays as it was. */
  put(key: string, state: unknown, now: number): Promise<void> {
    return this.db.run(async (db) => {
      await db
        .insert(dialogs)
        .values({ key, state, updatedAt: now })
        .onConflictDoUpdate({ target: dialogs.key, set: { state, updatedAt: now } });
    });
  }

  /**
   * Where the dialog's message is, and that it has just asked something. The plugin writes its
   * state only when an update is done, so on the first question the row may not exist yet.
   */
  asked(key: string, place: DialogPlace, now: number): Promise<void> {
    return this.db.run(async (db) => {
      const set = { ...place, askedAt: now };
      await db
        .insert(dialogs)
        .values({ key, state: {}, updatedAt: now, ...set })
        .onConflictDoUpdate({ target: dialogs.key, set });
    });
  }

  remove(key: string): Promise<void> {
    return this.db.run(async (db) => {
      await db.delete(dialogs).where(eq(dialogs.key, key));
    });
  }

  /** Dialogs whose last question is older than `before`. */
  askedBefore(before: number): Promise<DialogRow[]> {
    return this.db.run(async (db) =>
      db
        .select()
        .from(dialogs)
        .where(and(isNotNull(dialogs.askedAt), lt(dialogs.askedAt, before))),
    );
  }

  /** Drops dialogs untouched since `before`; returns how many. */
  removeUntouchedSince(before: number): Promise<number> {
    return this.db.run(async (db) => {
      const gone = await db
        .delete(dialogs)
        .where(lt(dialogs.updatedAt, before))
        .returning({ key: dialogs.key });
      return gone.length;
    });
  }
}
