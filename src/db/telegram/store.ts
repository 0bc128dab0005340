import { and, eq } from "drizzle-orm";
import type { Db } from "../open.js";
import { MessageStore } from "./message-store.js";
import { OutboxRecords } from "./outbox-records.js";
import { ReviewJobs } from "./review-jobs.js";
import type { PrivateBoardRow } from "./schema.js";
import { SeekMessageStore } from "./seek-messages.js";
import { TournamentMessageStore } from "./tournament-messages.js";

/**
 * The Telegram front end's own records (schema.ts beside this): what the outbox spent and
 * keeps, where messages are, and the players' private boards. The only part of the database the bot
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
  /** The chats' budgets spent, and the calls waiting for them. */
  readonly outbox: OutboxRecords;
  /** Analyses and replays asked for, until they are sent. */
  readonly reviewJobs: ReviewJobs;

  constructor(private readonly db: Db) {
    this.tournamentMessages = new TournamentMessageStore(db);
    this.seekMessages = new SeekMessageStore(db);
    this.outbox = new OutboxRecords(db);
    this.reviewJobs = new ReviewJobs(db);
    this.messages = new MessageStore(db, this.tournamentMessages);
  }

  /** The store the bot runs on: the chats it has lost read first. */
  static async open(db: Db): Promise<TelegramStore> {
    const store = new TelegramStore(db);
    await store.messages.readLost();
    return store;
  }

  async privateBoard(gameId: number, userId: number): Promise<PrivateBoardRow | undefined> {
    return (await this.privateBoards(gameId)).find((row) => row.userId === userId);
  }

  privateBoards(gameId: number): Promise<PrivateBoardRow[]> {
    return this.db.run(async (db, t) => {
      const known = this.boards.get(gameId);
      if (known) return known;
      const rows = await db
        .select()
        .from(t.tgPrivateBoards)
        .where(eq(t.tgPrivateBoards.gameId, gameId));
      if (this.boards.size >= CACHED_GAMES) this.boards.delete(this.boards.keys().next().value!);
      this.boards.set(gameId, rows);
      return rows;
    });
  }

  /** The player's board of the game is now this message (it shows nothing known yet). */
  setPrivateBoard(gameId: number, userId: number, messageId: number, now: number): Promise<void> {
    return this.db.run(async (db, t) => {
      await db
        .insert(t.tgPrivateBoards)
        .values({ gameId, userId, messageId, shownVersion: null, updatedAt: now })
        .onConflictDoUpdate({
          target: [t.tgPrivateBoards.gameId, t.tgPrivateBoards.userId],
          set: { messageId, shownVersion: null, updatedAt: now },
        });
      this.boards.delete(gameId);
    });
  }

  markPrivateShown(gameId: number, userId: number, version: number, now: number): Promise<void> {
    return this.db.run(async (db, t) => {
      await db
        .update(t.tgPrivateBoards)
        .set({ shownVersion: version, updatedAt: now })
        .where(and(eq(t.tgPrivateBoards.gameId, gameId), eq(t.tgPrivateBoards.userId, userId)));
      this.boards.delete(gameId);
    });
  }
}
