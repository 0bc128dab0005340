import { and, eq, gte } from "drizzle-orm";
import type { Db } from "../open.js";
import { type PrivateBoardRow, tgPrivateBoards, tgSpends } from "./schema.js";

/**
 * The Telegram front end's own records (schema.ts beside this): how much of each chat's
 * budget is spent, and the players' private boards. The only part of the database the bot
 * layer reads and writes directly.
 */
export class TelegramStore {
  constructor(private readonly db: Db) {}

  /** Replaces the saved spends with these. */
  saveSpends(spends: readonly { lane: string; at: number }[]): void {
    this.db.transaction((tx) => {
      tx.delete(tgSpends).run();
      for (const s of spends) tx.insert(tgSpends).values(s).run();
    });
  }

  /** The saved spends from `since` on. */
  spendsSince(since: number): { lane: string; at: number }[] {
    return this.db.select().from(tgSpends).where(gte(tgSpends.at, since)).all();
  }

  privateBoard(gameId: number, userId: number): PrivateBoardRow | undefined {
    return this.db
      .select()
      .from(tgPrivateBoards)
      .where(and(eq(tgPrivateBoards.gameId, gameId), eq(tgPrivateBoards.userId, userId)))
      .get();
  }

  privateBoards(gameId: number): PrivateBoardRow[] {
    return this.db.select().from(tgPrivateBoards).where(eq(tgPrivateBoards.gameId, gameId)).all();
  }

  /** The player's board of the game is now this message (it shows nothing known yet). */
  setPrivateBoard(gameId: number, userId: number, messageId: number, now: number): void {
    this.db
      .insert(tgPrivateBoards)
      .values({ gameId, userId, messageId, shownVersion: null, updatedAt: now })
      .onConflictDoUpdate({
        target: [tgPrivateBoards.gameId, tgPrivateBoards.userId],
        set: { messageId, shownVersion: null, updatedAt: now },
      })
      .run();
  }

  markPrivateShown(gameId: number, userId: number, version: number, now: number): void {
    this.db
      .update(tgPrivateBoards)
      .set({ shownVersion: version, updatedAt: now })
      .where(and(eq(tgPrivateBoards.gameId, gameId), eq(tgPrivateBoards.userId, userId)))
      .run();
  }
}
