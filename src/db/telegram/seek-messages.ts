import { and, desc, eq, notInArray } from "drizzle-orm";
import type { Db } from "../open.js";

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
      tx.run(async (db, t) => {
        await db
          .insert(t.tgSeekMessages)
          .values({ seekId, ...message })
          .onConflictDoNothing();
        const kept = await db
          .select({ messageId: t.tgSeekMessages.messageId })
          .from(t.tgSeekMessages)
          .where(eq(t.tgSeekMessages.seekId, seekId))
          .orderBy(desc(t.tgSeekMessages.messageId))
          .limit(KEPT_A_SEEK);
        await db.delete(t.tgSeekMessages).where(
          and(
            eq(t.tgSeekMessages.seekId, seekId),
            notInArray(
              t.tgSeekMessages.messageId,
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
      tx.run(async (db, t) =>
        db
          .delete(t.tgSeekMessages)
          .where(eq(t.tgSeekMessages.seekId, seekId))
          .returning({ userId: t.tgSeekMessages.userId, messageId: t.tgSeekMessages.messageId }),
      ),
    );
  }

  /** One message no longer needs clearing (its own press already took the button off). */
  forget(userId: number, messageId: number): Promise<void> {
    return this.db.run(async (db, t) => {
      await db
        .delete(t.tgSeekMessages)
        .where(and(eq(t.tgSeekMessages.userId, userId), eq(t.tgSeekMessages.messageId, messageId)));
    });
  }
}
