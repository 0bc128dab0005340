import { and, desc, eq, isNotNull, lte } from "drizzle-orm";
import type { Db } from "./open.js";
import {
  type ChallengeRow,
  type ChallengeStatus,
  challenges,
  type MessageColumns,
  type NewChallengeRow,
} from "./schema.js";

export class ChallengesRepo {
  constructor(private readonly db: Db) {}

  insert(values: NewChallengeRow): ChallengeRow {
    return this.db.insert(challenges).values(values).returning().get();
  }

  get(id: number): ChallengeRow | undefined {
    return this.db.select().from(challenges).where(eq(challenges.id, id)).get();
  }

  setMessage(id: number, columns: MessageColumns, now: number): ChallengeRow | undefined {
    return this.db
      .update(challenges)
      .set({ ...columns, updatedAt: now })
      .where(eq(challenges.id, id))
      .returning()
      .get();
  }

  /** Moves a pending challenge to `status`; undefined when it was no longer pending. */
  close(id: number, status: ChallengeStatus, now: number): ChallengeRow | undefined {
    return this.db
      .update(challenges)
      .set({ status, updatedAt: now })
      .where(and(eq(challenges.id, id), eq(challenges.status, "pending")))
      .returning()
      .get();
  }

  /** The challenge's message says how it ended and shows no buttons. */
  markCardClosed(id: number): void {
    this.db.update(challenges).set({ cardClosed: true }).where(eq(challenges.id, id)).run();
  }

  /** Accepted challenges whose chat message may still show their buttons. */
  acceptedWithOpenCards(): ChallengeRow[] {
    return this.db
      .select()
      .from(challenges)
      .where(
        and(
          eq(challenges.status, "accepted"),
          eq(challenges.cardClosed, false),
          isNotNull(challenges.messageId),
        ),
      )
      .orderBy(challenges.id)
      .all();
  }

  /** The challenge made from the inline card with this key (see ChallengeInput.cardKey). */
  withCardKey(cardKey: string): ChallengeRow | undefined {
    return this.db.select().from(challenges).where(eq(challenges.cardKey, cardKey)).get();
  }

  inInlineMessage(inlineMessageId: string): ChallengeRow | undefined {
    return this.db
      .select()
      .from(challenges)
      .where(eq(challenges.inlineMessageId, inlineMessageId))
      .orderBy(desc(challenges.id))
      .limit(1)
      .get();
  }

  /** Pending challenges whose expiry time has come. */
  due(now: number): ChallengeRow[] {
    return this.db
      .select()
      .from(challenges)
      .where(and(eq(challenges.status, "pending"), lte(challenges.expiresAt, now)))
      .orderBy(challenges.id)
      .all();
  }
}
