import type { Api } from "grammy";
import type { TelegramStore } from "../db/telegram/store.js";
import type { Logger } from "../log.js";
import type { GameService, GameView, MessageRef } from "../services/index.js";
import type { Translate } from "../texts/translate.js";
import { gameMessage } from "./game-message.js";
import type { GameMessenger, SentMessage } from "./game-messenger.js";
import { chatLane } from "./outbox/methods.js";
import { type Outbox, PRIORITY } from "./outbox/outbox.js";
import { isChatGone, retryAfterMs } from "./telegram-errors.js";
import type { WebLink } from "./web-links.js";
import type { WrittenTexts } from "./written-texts.js";

/** Where a player last acted on a game: their own board, the chat's, or the board page. */
type Place = "private" | "chat" | "page";

const PLACES_LIMIT = 10_000;
/** Players told their time is nearly out, by game: once a game each, however many turns. */
const WARNED_LIMIT = 10_000;

/** What {@link PrivateBoards} is built from. */
export interface PrivateBoardsOptions {
  readonly service: GameService;
  readonly store: TelegramStore;
  readonly messenger: GameMessenger;
  readonly texts: WrittenTexts;
  readonly logger: Logger;
  readonly outbox: Outbox;
  /** Where a warning that time is nearly out is sent. */
  readonly api: Api;
  /** The board page's button for a player's own board; null when there is no page. */
  readonly openBoard?: (gameId: number) => WebLink | null;
}

/**
 * A player's own board of a game, in their private chat with the bot: a group's budget (20
 * sends and edits a minute, for every game there) cannot follow a game at a human pace, a
 * private chat's can. It follows every change of the game, like the chat's board; a press on
 * either applies once (the game's version decides). While the player to act plays here, the
 * chat's board is only for onlookers and is edited within the chat's budget.
 */
export class PrivateBoards {
  private readonly places = new Map<string, Place>();
  private readonly warned = new Set<string>();

  private readonly service: GameService;
  private readonly store: TelegramStore;
  private readonly messenger: GameMessenger;
  private readonly texts: WrittenTexts;
  private readonly logger: Logger;
  private readonly outbox: Outbox;
  private readonly api: Api;
  private readonly openBoard: (gameId: number) => WebLink | null;

  constructor(options: PrivateBoardsOptions) {
    this.service = options.service;
    this.store = options.store;
    this.messenger = options.messenger;
    this.texts = options.texts;
    this.logger = options.logger;
    this.outbox = options.outbox;
    this.api = options.api;
    this.openBoard = options.openBoard ?? (() => null);
  }

  /** Posts the player's own board of the game (an older one loses its buttons). */
  async open(game: GameView, userId: number): Promise<void> {
    const old = await this.store.privateBoard(game.id, userId);
    const ref = await this.messenger.send(userId, this.message(this.textsOf(game, userId), game));
    if (ref.kind !== "chat") return;
    await this.store.setPrivateBoard(game.id, userId, ref.messageId, this.service.config.now());
    await this.store.markPrivateShown(game.id, userId, game.version, this.service.config.now());
    await this.delivered(game);
    this.note(game.id, userId, "private");
    if (old && old.messageId !== ref.messageId)
      await this.messenger
        .retire({ kind: "chat", chatId: userId, messageId: old.messageId })
        .catch((err: unknown) => this.logger.warn({ err, gameId: game.id }, "old board kept"));
  }

  /**
   * A game with no chat (paired in the lobby) starts on its players' own boards: the first
   * player's, posted before any die, is the message the dice's second part comes from.
   */
  async postStarting(game: GameView, userId: number): Promise<SentMessage> {
    const sent = await this.messenger.send(userId, this.message(this.textsOf(game, userId), game));
    const now = this.service.config.now();
    await this.store.setPrivateBoard(game.id, userId, sent.messageId, now);
    await this.store.markPrivateShown(game.id, userId, game.version, now);
    this.note(game.id, userId, "private");
    return sent;
  }

  /** Every private board of the game follows it: the player to act's first. */
  async show(game: GameView): Promise<void> {
    for (const row of await this.store.privateBoards(game.id)) {
      const urgent = game.status === "active" && game.waitingFor === row.userId;
      this.outbox.schedule({
        key: `pboard:${game.id}:${row.userId}`,
        lane: chatLane(row.userId),
        priority: urgent ? PRIORITY.urgent : PRIORITY.normal,
        run: () => this.sync(game.id, row.userId),
      });
    }
  }

  /**
   * A begun game's player with no board of it gets one: a lobby game's second board is posted
   * after the game begins, so a process that died in between left that player without it.
   */
  async openMissing(game: GameView): Promise<void> {
    if (game.status !== "active" || game.starting) return;
    for (const userId of [game.white.id, game.black.id]) {
      if (await this.store.privateBoard(game.id, userId)) continue;
      this.outbox.schedule({
        key: `pboard:${game.id}:${userId}`,
        lane: chatLane(userId),
        priority: PRIORITY.urgent,
        run: async () => {
          const now = await this.service.getGame(game.id);
          if (now?.status !== "active" || (await this.store.privateBoard(game.id, userId))) return;
          await this.open(now, userId).catch((err: unknown) =>
            this.logger.warn({ err, gameId: game.id, userId }, "board not posted"),
          );
        },
      });
    }
  }

  /**
   * The running side's time is nearly out: its player, if they have their own board of the
   * game, is told there once a game ("⏱ 8 s left"), a reply to that board. A private chat's
   * budget is the player's own, so the warning never waits behind a group's boards.
   */
  async warnLow(game: GameView): Promise<void> {
    const userId = game.waitingFor;
    if (game.status !== "active" || game.flagAt === null || userId === null) return;
    const row = await this.store.privateBoard(game.id, userId);
    const key = `${game.id}:${userId}`;
    if (!row || this.warned.has(key)) return;
    this.warned.add(key);
    if (this.warned.size > WARNED_LIMIT) this.warned.delete(this.warned.values().next().value!);
    const flagAt = game.flagAt;
    this.outbox.schedule({
      key: `plow:${key}`,
      lane: chatLane(userId),
      priority: PRIORITY.urgent,
      run: async () => {
        const left = flagAt - this.service.config.now();
        if (left <= 0) return;
        const t = this.textsOf(game, userId);
        await this.api
          .sendMessage(userId, t("clock-low", { seconds: Math.ceil(left / 1000), game: game.id }), {
            reply_parameters: { message_id: row.messageId, allow_sending_without_reply: true },
          })
          .catch((err: unknown) =>
            this.logger.warn({ err, gameId: game.id }, "clock warning lost"),
          );
      },
    });
  }

  /** Whether the message is this player's own board of the game. */
  async isBoard(gameId: number, ref: MessageRef): Promise<boolean> {
    if (ref.kind !== "chat") return false;
    return (await this.store.privateBoard(gameId, ref.chatId))?.messageId === ref.messageId;
  }

  /** The player acted on one of the game's boards, or in the board page. */
  note(gameId: number, userId: number, place: Place): void {
    const key = `${gameId}:${userId}`;
    this.places.delete(key);
    this.places.set(key, place);
    if (this.places.size > PLACES_LIMIT) this.places.delete(this.places.keys().next().value!);
  }

  /**
   * Whether the player plays the game on their own board or in the board page (so the chat's
   * is for onlookers).
   */
  async playsHere(gameId: number, userId: number): Promise<boolean> {
    const place = this.places.get(`${gameId}:${userId}`);
    if (place) return place !== "chat";
    return (await this.store.privateBoard(gameId, userId)) !== undefined;
  }

  /** Whether the player last acted on the game in the board page. */
  playsOnPage(gameId: number, userId: number): boolean {
    return this.places.get(`${gameId}:${userId}`) === "page";
  }

  /** A player's own board, and what is said beside it, are in that player's own language. */
  private textsOf(game: GameView, userId: number): Translate {
    return this.texts.reader(game.white.id === userId ? game.white : game.black);
  }

  private message(t: Translate, game: GameView) {
    return gameMessage(
      t,
      game,
      this.service.claimable(game),
      { openBoard: this.openBoard(game.id) },
      this.service.config.computerId,
    );
  }

  /** Delivered: the buttons can be seen, so the side to act's time runs from now. */
  private async delivered(game: GameView): Promise<void> {
    if (game.clock) await this.service.clockSeen(game.id, game.version);
  }

  private async sync(gameId: number, userId: number): Promise<void> {
    const game = await this.service.getGame(gameId);
    const row = await this.store.privateBoard(gameId, userId);
    if (!game || !row || row.shownVersion === game.version) return;
    const t = this.textsOf(game, userId);
    const ref: MessageRef = { kind: "chat", chatId: userId, messageId: row.messageId };
    try {
      const moved = await this.messenger.update(ref, this.message(t, game));
      const now = this.service.config.now();
      if (moved?.kind === "chat")
        await this.store.setPrivateBoard(gameId, userId, moved.messageId, now);
      await this.store.markPrivateShown(gameId, userId, game.version, now);
      await this.delivered(game);
    } catch (err) {
      if (isChatGone(err)) {
        // Blocked: the player is back on the chat's board.
        this.note(gameId, userId, "chat");
        return;
      }
      this.logger.warn({ err, gameId, userId }, "private board not updated");
      if (retryAfterMs(err) !== null) await this.show(game);
    }
  }
}
