import { and, eq } from "drizzle-orm";
import type { Db } from "../open.js";
import { tgSeekMessages } from "./schema.js";

/** A message in a seeker's private chat that shows ✖️ Stop looking. */
export interface SeekMessage {
  readonly userId: number;
  readonly messageId: number;
}

/** The messages that show each seek's ✖️ Stop looking, until the seek ends. */
export class SeekMessageStore {
  constructor(private readonly db: Db) {}

  add(seekId: number, message: SeekMessage): Promise<void> {
    return this.db.run(async (db) => {
      await db
        .insert(tgSeekMessages)
        .values({ seekId, ...message })
        .onConflictDoNothing();
    });
  }

  /** The seek's messages, forgotten as they are handed out: each is cleared once. */
  take(seekId: number): Promise<SeekMessage[]> {
    return this.db.transaction(() =>
      this.db.run(async (db) =>
        db
          .delete(tgSeekMessages)
          .where(eq(tgSeekMessages.seekId, seekId))
          .returning({ userId: tgSeekMessages.userId, messageId: tgSeekMessages.messageId }),
      ),
    );
  }

  /** One message no longer needs clearing (its own press already took the button off). */
  forget(userId: number, messageId: number): Promise<void> {
    return this.db.run(async (db) => {
      await db
        .delete(tgSeekMessages)
        .where(and(eq(tgSeekMessages.userId, userId), eq(tgSeekMessages.messageId, messageId)));
    });
  }
}
