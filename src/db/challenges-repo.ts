import { and, asc, eq, lte } from "drizzle-orm";
import { first, only } from "./connection.js";
import type { Db } from "./open.js";
import type { ChallengeRow, ChallengeStatus, NewChallengeRow } from "./schema.js";

export class ChallengesRepo {
  constructor(private readonly db: Db) {}

  insert(values: NewChallengeRow): Promise<ChallengeRow> {
    return this.db.run(async (db, { challenges }) =>
      only(await db.insert(challenges).values(values).returning()),
    );
  }

  get(id: number): Promise<ChallengeRow | undefined> {
    return this.db.run(async (db, { challenges }) =>
      first(await db.select().from(challenges).where(eq(challenges.id, id)).limit(1)),
    );
  }

  /** Moves a pending challenge to `status`; undefined when it was no longer pending. */
  close(id: number, status: ChallengeStatus, now: number): Promise<ChallengeRow | undefined> {
    return this.db.run(async (db, { challenges }) =>
      first(
        await db
          .update(challenges)
          .set({ status, updatedAt: now })
          .where(and(eq(challenges.id, id), eq(challenges.status, "pending")))
          .returning(),
      ),
    );
  }

  /** The challenge made from the inline card with this key (see ChallengeInput.cardKey). */
  withCardKey(cardKey: string): Promise<ChallengeRow | undefined> {
    return this.db.run(async (db, { challenges }) =>
      first(await db.select().from(challenges).where(eq(challenges.cardKey, cardKey)).limit(1)),
    );
  }

  /** Pending challenges whose expiry time has come. */
  due(now: number): Promise<ChallengeRow[]> {
    return this.db.run((db, { challenges }) =>
      db
        .select()
        .from(challenges)
        .where(and(eq(challenges.status, "pending"), lte(challenges.expiresAt, now)))
        .orderBy(asc(challenges.id)),
    );
  }
}
