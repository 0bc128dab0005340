import { and, desc, eq, notInArray } from "drizzle-orm";
import type { Db } from "../open.js";
import { tgSeekMessages } from "./schema.js";

/** A message in a seeker's private chat that shows ✖️ Stop looking. */
export interface SeekMessage {
  readonly userId: number;
  readonly messageId: number;
}

/** The newest messages of a seek whose Stop looking is taken off when it ends. */
const KEPT_A_SEEK = 3;

/** The messages that show each seek's ✖️ Stop looking, until the seek ends. */
export class SeekMessageStore {
  constructor(private readonly db: Db) {}

  /**
   * One more message shows the seek's Stop looking. Only the newest few are kept: a person
   * sending /play anyone again and again while one waits leaves no growing list (an older
   * one keeps a stale button, which a press takes off).
   */
  add(seekId: number, message: SeekMessage): Promise<void> {
    return this.db.transaction((tx) =>
      tx.run(async (db) => {
        await db
          .insert(tgSeekMessages)
          .values({ seekId, ...message })
          .onConflictDoNothing();
        const kept = await db
          .select({ messageId: tgSeekMessages.messageId })
          .from(tgSeekMessages)
          .where(eq(tgSeekMessages.seekId, seekId))
          .orderBy(desc(tgSeekMessages.messageId))
          .limit(KEPT_A_SEEK);
        await db.delete(tgSeekMessages).where(
          and(
            eq(tgSeekMessages.seekId, seekId),
            notInArray(
              tgSeekMessages.messageId,
              kept.map((k) => k.messageId),
            ),
          ),
        );
      }),
    );
  }

  /** The seek's messages, forgotten as they are handed out: each is cleared once. */
  take(seekId: number): Promise<SeekMessage[]> {
    return this.db.transaction((tx) =>
      tx.run(async (db) =>
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
