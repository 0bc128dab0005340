import { eq } from "drizzle-orm";
import type { Db } from "./open.js";
import { type ChatRow, chats } from "./schema.js";

export interface ChatFields {
  readonly id: number;
  readonly type?: string | null;
  readonly title?: string | null;
}

export class ChatsRepo {
  constructor(private readonly db: Db) {}

  /** Inserts the chat or refreshes its type and title; the chat's settings are kept. */
  upsert(c: ChatFields, now: number): ChatRow {
    const fields = { type: c.type ?? null, title: c.title ?? null };
    return this.db
      .insert(chats)
      .values({ id: c.id, ...fields, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: chats.id, set: { ...fields, updatedAt: now } })
      .returning()
      .get();
  }

  /** Makes sure a row exists (for foreign keys) without touching an existing one. */
  ensure(id: number, now: number): void {
    this.db
      .insert(chats)
      .values({ id, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .run();
  }

  get(id: number): ChatRow | undefined {
    return this.db.select().from(chats).where(eq(chats.id, id)).get();
  }

  setConfirmTurns(id: number, confirmTurns: boolean, now: number): void {
    this.db.update(chats).set({ confirmTurns, updatedAt: now }).where(eq(chats.id, id)).run();
  }
}
