import { eq, lt } from "drizzle-orm";
import type { Db } from "./open.js";
import { dialogs } from "./schema.js";

export class DialogsRepo {
  constructor(private readonly db: Db) {}

  get(key: string): unknown {
    return this.db.select({ state: dialogs.state }).from(dialogs).where(eq(dialogs.key, key)).get()
      ?.state;
  }

  put(key: string, state: unknown, now: number): void {
    this.db
      .insert(dialogs)
      .values({ key, state, updatedAt: now })
      .onConflictDoUpdate({ target: dialogs.key, set: { state, updatedAt: now } })
      .run();
  }

  remove(key: string): void {
    this.db.delete(dialogs).where(eq(dialogs.key, key)).run();
  }

  /** Drops dialogs untouched since `before`; returns how many. */
  removeUntouchedSince(before: number): number {
    return this.db.delete(dialogs).where(lt(dialogs.updatedAt, before)).run().changes;
  }
}
