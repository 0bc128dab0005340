import { and, desc, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { ContextSlot } from "../../context-slot.js";
import { first, only, perHandle } from "../connection.js";
import type { Db } from "../open.js";
import type { GameStatus } from "../schema.js";
import type { ChallengeCardRow, GameBoardRow } from "./schema.js";
import { TournamentMessageStore } from "./tournament-messages.js";

/** A message in a chat, or an inline message (no chat): the services' MessageRef, to the letter. */
export type MessagePlace =
  | { readonly kind: "chat"; readonly chatId: number; readonly messageId: number }
  | { readonly kind: "inline"; readonly inlineMessageId: string };

/** What a game's board shows, as last written. */
export type BoardShown = Pick<GameBoardRow, "shownVersion" | "shownClaim" | "shownStatus">;

const placeColumns = (place: MessagePlace) =>
  place.kind === "chat"
    ? { chatId: place.chatId, messageId: place.messageId, inlineMessageId: null }
    : { chatId: null, messageId: null, inlineMessageId: place.inlineMessageId };

function placeOf(
  row:
    | { chatId: number | null; messageId: number | null; inlineMessageId: string | null }
    | undefined,
): MessagePlace | null {
  if (!row) return null;
  if (row.inlineMessageId !== null) return { kind: "inline", inlineMessageId: row.inlineMessageId };
  if (row.chatId !== null && row.messageId !== null)
    return { kind: "chat", chatId: row.chatId, messageId: row.messageId };
  return null;
}

const p = (name: string) => sql.placeholder(name);

/** Every press reads its game's place: prepared once per handle. */
const statementsOf = perHandle((db, { tgGameBoards }) => ({
  board: db
    .select()
    .from(tgGameBoards)
    .where(eq(tgGameBoards.gameId, p("gameId")))
    .prepare(),
  inInline: db
    .select({ gameId: tgGameBoards.gameId })
    .from(tgGameBoards)
    .where(eq(tgGameBoards.inlineMessageId, p("inlineMessageId")))
    .orderBy(desc(tgGameBoards.gameId))
    .limit(1)
    .prepare(),
}));

/** Games whose board rows are kept in memory: a press asks for its game's several times. */
const CACHED_BOARDS = 10_000;

/**
 * Where the bot shows each game and challenge, what those messages show, and the chats it
 * has lost (tournament-messages.ts keeps the tournaments'). The game service reads and
 * writes the games' and challenges' places through its front-end port (createApp hands it this store), inside its own transactions:
 * the same connection, so a game and its message are stored together.
 */
export class MessageStore {
  /** Asked before every call into a chat: the few lost ones are kept in memory. */
  private readonly lost: Set<number>;
  /**
   * Board rows as committed; this process is their only writer. A row read or written inside
   * a transaction is not kept (the transaction may yet roll back, and its game id be reused),
   * and one written there is dropped, so the next read after it ends is the database's.
   */
  private readonly boards: Map<number, GameBoardRow | null>;
  /** The language of what the front end is making now (see writtenIn); none: the default. */
  private readonly writing: ContextSlot<string>;

  constructor(
    private readonly db: Db,
    /** Where a tournament's language is kept, for the games it opens. */
    private readonly tournaments = new TournamentMessageStore(db),
    /** A transaction's view shares its store's memory (see within). */
    shared?: MessageStore,
  ) {
    this.lost = shared?.lost ?? new Set();
    this.boards = shared?.boards ?? new Map();
    this.writing = shared?.writing ?? new ContextSlot<string>();
  }

  /** The store as the transaction `tx` reads and writes it (the service's port, bound). */
  within(tx: Db): MessageStore {
    return new MessageStore(tx, this.tournaments.within(tx), this);
  }

  /** A store whose lost chats are read: the one the bot runs on. */
  static async open(db: Db, tournaments?: TournamentMessageStore): Promise<MessageStore> {
    const store = new MessageStore(db, tournaments);
    await store.readLost();
    return store;
  }

  /** Reads the chats the bot has lost, kept in memory from then on. */
  async readLost(): Promise<void> {
    const rows = await this.db.run(async (db, t) =>
      db.select({ id: t.tgLostChats.chatId }).from(t.tgLostChats),
    );
    for (const r of rows) this.lost.add(r.id);
  }

  private boardRow(gameId: number): Promise<GameBoardRow | null> {
    return this.db.run(async (db, t) => {
      const known = this.boards.get(gameId);
      if (known !== undefined) return known;
      const row = first(await statementsOf(db, t).board.execute({ gameId })) ?? null;
      this.keepBoard(gameId, row);
      return row;
    });
  }

  /** Keeps a board row as read or written, unless a transaction may yet roll it back. */
  private keepBoard(gameId: number, row: GameBoardRow | null): void {
    this.boards.delete(gameId);
    if (this.db.inTransaction()) return;
    if (this.boards.size >= CACHED_BOARDS) this.boards.delete(this.boards.keys().next().value!);
    this.boards.set(gameId, row);
  }

  /** Writes these columns of the game's board row, made if missing; the row written is kept. */
  private updateBoard(gameId: number, set: Partial<Omit<GameBoardRow, "gameId">>): Promise<void> {
    return this.db.run(async (db, t) => {
      const row = only(
        await db
          .insert(t.tgGameBoards)
          .values({ gameId, ...set })
          .onConflictDoUpdate({ target: t.tgGameBoards.gameId, set })
          .returning(),
      );
      this.keepBoard(gameId, row);
    });
  }

  /** Writes these columns of the challenge's card row, made if missing. */
  private updateCard(
    challengeId: number,
    set: Partial<Omit<ChallengeCardRow, "challengeId">>,
  ): Promise<void> {
    return this.db.run(async (db, t) => {
      await db
        .insert(t.tgChallengeCards)
        .values({ challengeId, ...set })
        .onConflictDoUpdate({ target: t.tgChallengeCards.challengeId, set });
    });
  }

  /**
   * Runs a call into the service so that the challenge or tournament it makes is
   * written in `locale`: the service tells this store of each one inside the transaction
   * that stores it, before anything else can show it.
   */
  writtenIn<T>(locale: string, make: () => Promise<T>): Promise<T> {
    return this.writing.run(locale, make);
  }

  async challengeCreated(challengeId: number): Promise<void> {
    const locale = this.writing.getStore();
    if (locale === undefined) return;
    await this.updateCard(challengeId, { locale });
  }

  async tournamentCreated(tournamentId: number): Promise<void> {
    const locale = this.writing.getStore();
    if (locale === undefined) return;
    await this.tournaments.set(tournamentId, { locale });
  }

  /**
   * A new game (inside the transaction that stores it) is written in the language of what it
   * began from: the challenge's card, the game before it, or its tournament's messages.
   */
  async gameCreated(origin: {
    readonly gameId: number;
    readonly challengeId: number | null;
    readonly previousGameId: number | null;
    readonly tournamentId: number | null;
  }): Promise<void> {
    const locale =
      origin.challengeId !== null
        ? await this.challengeLocale(origin.challengeId)
        : origin.previousGameId !== null
          ? await this.gameLocale(origin.previousGameId)
          : origin.tournamentId !== null
            ? (await this.tournaments.of(origin.tournamentId)).locale
            : null;
    if (locale === null) return;
    await this.updateBoard(origin.gameId, { locale });
  }

  /** The language the game's messages are written in; null: the default's. */
  async gameLocale(gameId: number): Promise<string | null> {
    return (await this.boardRow(gameId))?.locale ?? null;
  }

  async gameMessage(gameId: number): Promise<MessagePlace | null> {
    return placeOf((await this.boardRow(gameId)) ?? undefined);
  }

  /** The game is shown there now; what the message shows is kept (the caller marks it). */
  async setGameMessage(gameId: number, place: MessagePlace): Promise<void> {
    await this.updateBoard(gameId, placeColumns(place));
  }

  /** The newest game shown in an inline message (a rematch takes its message over). */
  gameInInlineMessage(inlineMessageId: string): Promise<number | null> {
    return this.db.run(
      async (db, t) =>
        first(await statementsOf(db, t).inInline.execute({ inlineMessageId }))?.gameId ?? null,
    );
  }

  async boardShown(gameId: number): Promise<BoardShown | null> {
    return await this.boardRow(gameId);
  }

  /** What the game's message shows now: the game's version and status, the claim or not. */
  async markGameShown(
    gameId: number,
    version: number,
    claim: boolean,
    status: GameStatus,
  ): Promise<void> {
    await this.updateBoard(gameId, {
      shownVersion: version,
      shownClaim: claim,
      shownStatus: status,
    });
  }

  /**
   * Games in chats the bot can reach whose board is missing, or shows an older version or
   * another status (a game marked broken keeps its version), oldest first.
   */
  gamesBehindBoard(): Promise<number[]> {
    return this.db.run(async (db, t, dialect) => {
      const rows = await db
        .select({ id: t.games.id })
        .from(t.games)
        .leftJoin(t.tgGameBoards, eq(t.tgGameBoards.gameId, t.games.id))
        .leftJoin(t.tgLostChats, eq(t.tgLostChats.chatId, t.games.chatId))
        .where(
          and(
            isNull(t.tgLostChats.chatId),
            or(
              isNull(t.tgGameBoards.shownVersion),
              lt(t.tgGameBoards.shownVersion, t.games.version),
              dialect.distinct(t.tgGameBoards.shownStatus, t.games.status),
            ),
          ),
        )
        .orderBy(t.games.id);
      return rows.map((r) => r.id);
    });
  }

  /**
   * The message a new game's board answers in its chat: the card of the challenge that
   * started it, or the previous game's board; null when there is none in that chat.
   */
  async replyTargetOf(game: {
    readonly chatId: number | null;
    readonly challengeId: number | null;
    readonly previousGameId: number | null;
  }): Promise<number | null> {
    if (game.chatId === null) return null;
    const from =
      game.challengeId !== null
        ? await this.challengeMessage(game.challengeId)
        : game.previousGameId !== null
          ? await this.gameMessage(game.previousGameId)
          : null;
    return from?.kind === "chat" && from.chatId === game.chatId ? from.messageId : null;
  }

  /** The challenge's card row: where it is and what it shows. */
  private cardRow(challengeId: number): Promise<ChallengeCardRow | undefined> {
    return this.db.run(async (db, t) =>
      first(
        await db
          .select()
          .from(t.tgChallengeCards)
          .where(eq(t.tgChallengeCards.challengeId, challengeId))
          .limit(1),
      ),
    );
  }

  async challengeMessage(challengeId: number): Promise<MessagePlace | null> {
    return placeOf(await this.cardRow(challengeId));
  }

  async setChallengeMessage(challengeId: number, place: MessagePlace): Promise<void> {
    await this.updateCard(challengeId, placeColumns(place));
  }

  /** The language of the challenge's card and of its game; null: the default's. */
  async challengeLocale(challengeId: number): Promise<string | null> {
    return (await this.cardRow(challengeId))?.locale ?? null;
  }

  /** The newest challenge made in an inline message. */
  challengeInInlineMessage(inlineMessageId: string): Promise<number | null> {
    return this.db.run(async (db, t) => {
      const row = first(
        await db
          .select({ id: t.tgChallengeCards.challengeId })
          .from(t.tgChallengeCards)
          .where(eq(t.tgChallengeCards.inlineMessageId, inlineMessageId))
          .orderBy(desc(t.tgChallengeCards.challengeId))
          .limit(1),
      );
      return row?.id ?? null;
    });
  }

  /** The challenge's card now says how it ended, without buttons. */
  async markCardClosed(challengeId: number): Promise<void> {
    await this.updateCard(challengeId, { closed: true });
  }

  async cardClosed(challengeId: number): Promise<boolean> {
    return (await this.cardRow(challengeId))?.closed ?? false;
  }

  /**
   * Accepted challenges whose chat card may still show their buttons (the accepting press
   * came before the card was stored, or closing it failed), each with the game it started.
   */
  acceptedCardsLeftOpen(): Promise<{ challengeId: number; gameId: number }[]> {
    return this.db.run(async (db, t) => {
      return await db
        .select({ challengeId: t.tgChallengeCards.challengeId, gameId: t.games.id })
        .from(t.tgChallengeCards)
        .innerJoin(t.challenges, eq(t.challenges.id, t.tgChallengeCards.challengeId))
        .innerJoin(t.games, eq(t.games.challengeId, t.challenges.id))
        .where(
          and(
            eq(t.tgChallengeCards.closed, false),
            isNotNull(t.tgChallengeCards.messageId),
            eq(t.challenges.status, "accepted"),
          ),
        )
        .orderBy(t.tgChallengeCards.challengeId);
    });
  }

  /** The bot was removed from the chat or blocked there, or (`lost` false) is back. */
  setChatLost(chatId: number, lost: boolean, now: number): Promise<void> {
    return this.db.run(async (db, t) => {
      if (this.lost.has(chatId) === lost) return;
      if (lost)
        await db.insert(t.tgLostChats).values({ chatId, lostAt: now }).onConflictDoNothing();
      else await db.delete(t.tgLostChats).where(eq(t.tgLostChats.chatId, chatId));
      if (lost) this.lost.add(chatId);
      else this.lost.delete(chatId);
    });
  }

  /** Whether the bot has lost the chat and has not been back since: nothing goes there. */
  isChatLost(chatId: number | null): boolean {
    return chatId !== null && this.lost.has(chatId);
  }
}
