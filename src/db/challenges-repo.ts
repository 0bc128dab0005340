import { and, eq, lte } from "drizzle-orm";
import type { Db } from "./open.js";
import {
  type ChallengeRow,
  type ChallengeStatus,
  challenges,
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

  /** Moves a pending challenge to `status`; undefined when it was no longer pending. */
  close(id: number, status: ChallengeStatus, now: number): ChallengeRow | undefined {
    return this.db
      .update(challenges)
      .set({ status, updatedAt: now })
      .where(and(eq(challenges.id, id), eq(challenges.status, "pending")))
      .returning()
      .get();
  }

  /** The challenge made from the inline card with this key (see ChallengeInput.cardKey). */
  withCardKey(cardKey: string): ChallengeRow | undefined {
    return this.db.select().from(challenges).where(eq(challenges.cardKey, cardKey)).get();
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
