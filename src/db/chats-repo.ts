import { eq } from "drizzle-orm";
import { first, only } from "./connection.js";
import type { Db } from "./open.js";
import type { ChatRow } from "./schema.js";

export interface ChatFields {
  readonly id: number;
  readonly type?: string | null;
  readonly title?: string | null;
}

export class ChatsRepo {
  constructor(private readonly db: Db) {}

  /** Inserts the chat or refreshes its type and title; the chat's settings are kept. */
  upsert(c: ChatFields, now: number): Promise<ChatRow> {
    const fields = { type: c.type ?? null, title: c.title ?? null };
    return this.db.run(async (db, { chats }) =>
      only(
        await db
          .insert(chats)
          .values({ id: c.id, ...fields, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({ target: chats.id, set: { ...fields, updatedAt: now } })
          .returning(),
      ),
    );
  }

  /** Makes sure a row exists (for foreign keys) without touching an existing one. */
  async ensure(id: number, now: number): Promise<void> {
    await this.db.run((db, { chats }) =>
      db.insert(chats).values({ id, createdAt: now, updatedAt: now }).onConflictDoNothing(),
    );
  }

  get(id: number): Promise<ChatRow | undefined> {
    return this.db.run(async (db, { chats }) =>
      first(await db.select().from(chats).where(eq(chats.id, id)).limit(1)),
    );
  }

  async setConfirmTurns(id: number, confirmTurns: boolean, now: number): Promise<void> {
    await this.db.run((db, { chats }) =>
      db.update(chats).set({ confirmTurns, updatedAt: now }).where(eq(chats.id, id)),
    );
  }
}
