import { and, eq, gte } from "drizzle-orm";
import type { Db } from "../open.js";
import { MessageStore } from "./message-store.js";
import { type PrivateBoardRow, tgPrivateBoards, tgSpends } from "./schema.js";
import { SeekMessageStore } from "./seek-messages.js";
import { TournamentMessageStore } from "./tournament-messages.js";

/**
 * The Telegram front end's own records (schema.ts beside this): how much of each chat's
 * budget is spent, and the players' private boards. The only part of the database the bot
 * layer reads and writes directly.
 */
/** Games whose private boards are kept in memory: every press on a game asks for them. */
const CACHED_GAMES = 10_000;

export class TelegramStore {
  /** Each game's private boards as stored; this process is their only writer. */
  private readonly boards = new Map<number, PrivateBoardRow[]>();
  /** Where games and challenges are shown; the chats the bot has lost. */
  readonly messages: MessageStore;
  readonly tournamentMessages: TournamentMessageStore;
  /** The seeks' ✖️ Stop looking messages. */
  readonly seekMessages: SeekMessageStore;

  constructor(private readonly db: Db) {
    this.tournamentMessages = new TournamentMessageStore(db);
    this.seekMessages = new SeekMessageStore(db);
    this.messages = new MessageStore(db, this.tournamentMessages);
  }

  /** Replaces the saved spends with these. */
  saveSpends(spends: readonly { lane: string; at: number }[]): Promise<void> {
    return this.db.transaction(() =>
      this.db.run((db) => {
        db.delete(tgSpends).run();
        for (const s of spends) db.insert(tgSpends).values(s).run();
      }),
    );
  }

  /** The saved spends from `since` on. */
  spendsSince(since: number): Promise<{ lane: string; at: number }[]> {
    return this.db.run((db) => {
      return db.select().from(tgSpends).where(gte(tgSpends.at, since)).all();
    });
  }

  async privateBoard(gameId: number, userId: number): Promise<PrivateBoardRow | undefined> {
    return (await this.privateBoards(gameId)).find((row) => row.userId === userId);
  }

  privateBoards(gameId: number): Promise<PrivateBoardRow[]> {
    return this.db.run((db) => {
      const known = this.boards.get(gameId);
      if (known) return known;
      const rows = db
        .select()
        .from(tgPrivateBoards)
        .where(eq(tgPrivateBoards.gameId, gameId))
        .all();
      if (this.boards.size >= CACHED_GAMES) this.boards.delete(this.boards.keys().next().value!);
      this.boards.set(gameId, rows);
      return rows;
    });
  }

  /** The player's board of the game is now this message (it shows nothing known yet). */
  setPrivateBoard(gameId: number, userId: number, messageId: number, now: number): Promise<void> {
    return this.db.run((db) => {
      db.insert(tgPrivateBoards)
        .values({ gameId, userId, messageId, shownVersion: null, updatedAt: now })
        .onConflictDoUpdate({
          target: [tgPrivateBoards.gameId, tgPrivateBoards.userId],
          set: { messageId, shownVersion: null, updatedAt: now },
        })
        .run();
      this.boards.delete(gameId);
    });
  }

  markPrivateShown(gameId: number, userId: number, version: number, now: number): Promise<void> {
    return this.db.run((db) => {
      db.update(tgPrivateBoards)
        .set({ shownVersion: version, updatedAt: now })
        .where(and(eq(tgPrivateBoards.gameId, gameId), eq(tgPrivateBoards.userId, userId)))
        .run();
      this.boards.delete(gameId);
    });
  }
}
