import type { MessageStore } from "../db/telegram/message-store.js";
import type { Logger } from "../log.js";
import {
  type DiceOrigin,
  type GameService,
  type GameView,
  isLobbyGame,
  type MessageRef,
} from "../services/index.js";
import type { Translate } from "../texts/translate.js";
import { setChatReach } from "./chat-reach.js";
import { type BoardLinks, gameMessage } from "./game-message.js";
import { type GameMessenger, sameRef } from "./game-messenger.js";
import { chatLane, inlineLane } from "./outbox/methods.js";
import { type Outbox, PRIORITY, type Priority } from "./outbox/outbox.js";
import type { PrivateBoards } from "./private-boards.js";
import { isChatGone, isPermanent, retryAfterMs } from "./telegram-errors.js";
import { brokenCaption } from "./ui/caption.js";
import type { WrittenTexts } from "./written-texts.js";

/** What a request may already know. */
export interface BoardHint {
  /**
   * The message a press on this game's buttons came from: it becomes the game's message when
   * the game has none recorded (a restart cut the record off), and loses its buttons when it
   * is a second copy.
   */
  readonly pressedOn?: MessageRef;
  /** Who pressed there. */
  readonly pressedBy?: number;
}

interface Shown {
  readonly version: number | null;
  readonly claim: boolean;
  /** The message says the game is broken. */
  readonly broken: boolean;
}

/** Try the game again later, not before `holdMs` (0: the usual backoff). */
interface Again {
  readonly holdMs: number;
}

/** Waits before trying a failed board again; after the last, the minute's maintenance does. */
const RETRY_MS = [1_000, 3_000, 10_000, 30_000];
const SHOWN_LIMIT = 10_000;

const boardKey = (gameId: number) => `board:${gameId}`;

/** What {@link BoardSync} is built from. */
export interface BoardSyncOptions {
  readonly service: GameService;
  /** Where each game is shown and what its message shows; the chats the bot has lost. */
  readonly messages: MessageStore;
  readonly messenger: GameMessenger;
  readonly texts: WrittenTexts;
  readonly logger: Logger;
  readonly outbox: Outbox;
  readonly privateBoards: PrivateBoards;
  /** The links under a chat's board: to a player's own board, to the board page. */
  readonly linksOf: (game: GameView) => BoardLinks;
}

/**
 * Keeps every game's message showing what the database holds. Any change asks for its game's
 * board: a job in the outbox, which runs when the chat's budget allows and reads the newest
 * state then, so boards never go back to an older position, a burst of changes costs one
 * edit, and a game that has no message yet is posted exactly once. The board of a game
 * waiting for a player goes before what is only for onlookers. Nothing is sent when the
 * message already shows the stored version. Failures are tried again, with backoff, and at
 * every maintenance tick (games behind their board are found in the database), so a board
 * converges whatever the network did, including across a restart.
 */
export class BoardSync {
  /** What the requests waiting for each board knew. */
  private readonly hints = new Map<number, BoardHint>();
  private readonly backoffs = new Map<number, { timer: NodeJS.Timeout | null; attempt: number }>();
  /** What each message shows, as this process last set it (the store has it too). */
  private readonly shown = new Map<number, Shown>();
  /** The turn whose start each chat's board was last asked to show. */
  private readonly turnAsked = new Map<number, number>();
  private stopped = false;

  private readonly service: GameService;
  private readonly messages: MessageStore;
  private readonly messenger: GameMessenger;
  private readonly texts: WrittenTexts;
  private readonly logger: Logger;
  private readonly outbox: Outbox;
  private readonly privateBoards: PrivateBoards;
  private readonly linksOf: (game: GameView) => BoardLinks;

  constructor(options: BoardSyncOptions) {
    this.service = options.service;
    this.messages = options.messages;
    this.messenger = options.messenger;
    this.texts = options.texts;
    this.logger = options.logger;
    this.outbox = options.outbox;
    this.privateBoards = options.privateBoards;
    this.linksOf = options.linksOf;
  }

  /** Brings the game's message up to date as soon as its chat's budget allows. */
  async request(gameId: number, hint: BoardHint = {}): Promise<void> {
    if (this.stopped) return;
    const game = await this.service.getGame(gameId);
    if (game) await this.show(game, hint);
  }

  /** `request` for a game just read. */
  async show(game: GameView, hint: BoardHint = {}): Promise<void> {
    if (this.stopped) return;
    await this.privateBoards.show(game);
    const { pressedOn, pressedBy } = hint;
    if (pressedOn && pressedBy !== undefined) {
      const own = await this.privateBoards.isBoard(game.id, pressedOn);
      this.privateBoards.note(game.id, pressedBy, own ? "private" : "chat");
      // A player's own board is none of the chat board's business.
      if (own) hint = {};
    }
    // A turn played on a player's own board or in the page costs the chat one edit: its
    // start is shown (the dice, when they were rolled for the player), then nothing until
    // the next turn's.
    if (
      (await this.midTurnElsewhere(game)) &&
      this.turnAsked.get(game.id) === game.state.turnNumber
    )
      return;
    if (game.status === "active") this.turnAsked.set(game.id, game.state.turnNumber);
    else this.turnAsked.delete(game.id);
    this.hints.set(game.id, merged(this.hints.get(game.id) ?? {}, hint));
    const backoff = this.backoffs.get(game.id);
    if (backoff?.timer) clearTimeout(backoff.timer);
    if (backoff) backoff.timer = null;
    const lane = laneOfGame(game, hint);
    // A lobby game has no chat board; once over, it is marked shown: the catch-up, which
    // posts a missing private board, stops reading it.
    if (!lane && isLobbyGame(game) && game.status !== "active") await this.markShown(game, false);
    if (!lane) return;
    this.outbox.schedule({
      key: boardKey(game.id),
      lane,
      priority: await this.priorityOf(game),
      run: () => this.round(game.id),
    });
  }

  /**
   * The chat's board is what the player to act presses, unless they play on their own board:
   * then it is for onlookers, and waits for the chat's budget behind what someone must press.
   */
  private async priorityOf(game: GameView): Promise<Priority> {
    if (game.status !== "active") return PRIORITY.normal;
    const actor = game.waitingFor;
    return actor !== null && (await this.privateBoards.playsHere(game.id, actor))
      ? PRIORITY.onlooker
      : PRIORITY.urgent;
  }

  /**
   * The player to act plays on their own board or in the page and is in the middle of their
   * turn (rolled, or some steps taken and not confirmed).
   */
  private async midTurnElsewhere(game: GameView): Promise<boolean> {
    return (
      game.status === "active" &&
      game.state.phase === "move" &&
      game.waitingFor !== null &&
      (await this.privateBoards.playsHere(game.id, game.waitingFor))
    );
  }

  /** Every game whose board is behind the database, or should now offer the claim. */
  async catchUp(now: number = this.service.config.now()): Promise<void> {
    for (const id of await this.messages.gamesBehindBoard()) {
      const game = await this.service.getGame(id);
      if (!game) continue;
      await this.show(game);
      if (isLobbyGame(game)) await this.privateBoards.openMissing(game);
    }
    for (const game of await this.service.claimableGames(now))
      if (!(await this.shownOf(game)).claim) await this.show(game);
  }

  /** Resolves once no board (nor any other message) waits or is being worked on. */
  async settled(): Promise<void> {
    await this.outbox.jobsSettled();
  }

  /**
   * Resolves once no board is being worked on or waiting to be tried again: at shutdown a
   * board held by a 429 still goes out if its wait ends in time (the caller bounds it).
   */
  async idle(): Promise<void> {
    for (;;) {
      await this.settled();
      const waiting = [...this.backoffs.values()].some((b) => b.timer !== null);
      if (!waiting || this.stopped) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** No new work; boards in flight finish. */
  stop(): void {
    this.stopped = true;
    for (const { timer } of this.backoffs.values()) if (timer) clearTimeout(timer);
    this.backoffs.clear();
  }

  /** One job's run: what the requests knew, then one post or edit. */
  private async round(gameId: number): Promise<void> {
    const hint = this.hints.get(gameId) ?? {};
    this.hints.delete(gameId);
    let again: Again | null;
    try {
      again = await this.syncOnce(gameId, hint);
    } catch (err) {
      this.logger.error({ err, gameId }, "board update failed");
      again = { holdMs: 0 };
    }
    if (again) {
      // What was asked while this round failed waits for the retry, not a moment after.
      if (again.holdMs === 0) this.outbox.forget(boardKey(gameId));
      await this.retryLater(gameId, again.holdMs, hint);
    } else this.backoffs.delete(gameId);
  }

  /**
   * A later round: at once after a 429 (the outbox holds the chat for the wait Telegram asked
   * for), else after a backoff. It reads the game again then, so what it sends is the newest
   * state, never the one that failed.
   */
  private async retryLater(gameId: number, holdMs: number, hint: BoardHint): Promise<void> {
    if (this.stopped) return;
    this.hints.set(gameId, merged(hint, this.hints.get(gameId) ?? {}));
    if (holdMs > 0) {
      await this.request(gameId);
      return;
    }
    const last = this.backoffs.get(gameId);
    const attempt = last?.attempt ?? 0;
    const backoff = RETRY_MS[attempt];
    if (backoff === undefined) {
      this.backoffs.delete(gameId);
      return;
    }
    const timer = setTimeout(() => {
      const b = this.backoffs.get(gameId);
      if (b) b.timer = null;
      this.request(gameId).catch((err) =>
        this.logger.error({ err, gameId }, "board update failed"),
      );
    }, backoff);
    timer.unref();
    this.backoffs.set(gameId, { timer, attempt: attempt + 1 });
  }

  /** One round: post or edit once. Null: done; else when to try again. */
  private async syncOnce(gameId: number, hint: BoardHint): Promise<Again | null> {
    // Read now, not taken from the change that asked: a round before this one may have
    // posted the board again, and an older copy of the game would still name the old message.
    let game = await this.service.getGame(gameId);
    if (!game) return null;
    // Nothing goes into a chat the bot has lost; the board catches up when it is back.
    if (this.messages.isChatLost(game.chatId)) return null;
    const pressedOn = hint.pressedOn ?? null;
    if (
      !game.starting &&
      !game.message &&
      pressedOn &&
      pressedOn.kind === "chat" &&
      pressedOn.chatId === game.chatId
    ) {
      await this.messages.setGameMessage(game.id, pressedOn);
      game = { ...game, message: pressedOn };
    }
    const t = await this.texts.game(game.id);
    if (game.status === "broken" || game.status === "abandoned") return this.showBroken(game, t);
    if (game.starting) {
      const begun = await this.begin(game, t);
      if (begun === null || !("id" in begun)) return begun;
      game = begun;
    }
    // A lobby game has no chat board: its players' own boards follow it (show()).
    if (isLobbyGame(game)) return null;
    const claim = this.service.claimable(game);
    try {
      if (!game.message) return await this.post(game, t, claim);
      if (pressedOn && !sameRef(pressedOn, game.message)) await this.messenger.retire(pressedOn);
      const shown = await this.shownOf(game);
      if (shown.version === game.version && shown.claim === claim) return null;
      const message = gameMessage(
        t,
        game,
        claim,
        this.linksOf(game),
        this.service.config.computerId,
      );
      const moved = await this.messenger.update(game.message, message);
      if (moved) await this.messages.setGameMessage(game.id, moved);
      // Delivered: the buttons can be seen, so the side to act's time runs from now.
      if (game.clock) await this.service.clockSeen(game.id, game.version);
    } catch (err) {
      return await this.failed(game, err);
    }
    await this.markShown(game, claim);
    return null;
  }

  /**
   * A game waiting for the message it starts in: in a chat the bot posts it (the starting
   * position and the commitment, no die yet), then hands the service the place and date
   * Telegram gave it, the dice's second part; the opening follows from both parts. An inline
   * game starts in its own message. Returns the game begun, or what this round returns.
   */
  private async begin(game: GameView, t: Translate): Promise<GameView | Again | null> {
    let origin: DiceOrigin;
    if (game.message?.kind === "inline")
      origin = { kind: "inline", inlineMessageId: game.message.inlineMessageId };
    else if (game.chatId === null && isLobbyGame(game)) {
      try {
        origin = await this.privateBoards.postStarting(game, game.white.id);
      } catch (err) {
        return await this.failed(game, err);
      }
    } else if (game.chatId === null) {
      this.logger.warn({ gameId: game.id }, "starting game without a chat or message");
      return null;
    } else {
      try {
        const replyTo = await this.messages.replyTargetOf(game);
        origin = await this.messenger.send(
          game.chatId,
          gameMessage(t, game, false, {}, this.service.config.computerId),
          replyTo,
        );
      } catch (err) {
        return await this.failed(game, err);
      }
    }
    const r = await this.service.beginGame(game.id, origin);
    if (r.ok && isLobbyGame(r.value.game) && origin.kind === "chat") {
      // The other player's own board (the lot may have swapped the colours since).
      const begun = r.value.game;
      const other = origin.chatId === begun.white.id ? begun.black.id : begun.white.id;
      await this.privateBoards
        .open(begun, other)
        .catch((err: unknown) => this.logger.warn({ err, gameId: game.id }, "board not posted"));
    }
    if (r.ok) return r.value.game;
    if (r.error.code === "busy") return { holdMs: 0 };
    // Stale: another round started it, and shows it.
    if (r.error.code !== "stale")
      this.logger.error({ gameId: game.id, reason: r.error.message }, "game not started");
    return null;
  }

  private async post(game: GameView, t: Translate, claim: boolean): Promise<null> {
    if (game.chatId === null) {
      this.logger.warn({ gameId: game.id }, "inline game without its message");
      return null;
    }
    const replyTo = await this.messages.replyTargetOf(game);
    const message = gameMessage(t, game, claim, this.linksOf(game), this.service.config.computerId);
    const ref = await this.messenger.send(game.chatId, message, replyTo);
    await this.messages.setGameMessage(game.id, ref);
    await this.markShown(game, claim);
    if (game.clock) await this.service.clockSeen(game.id, game.version);
    return null;
  }

  /** A broken game's message says so, once, and loses its buttons. */
  private async showBroken(game: GameView, t: Translate): Promise<Again | null> {
    const shown = await this.shownOf(game);
    if (shown.broken && shown.version === game.version) return null;
    if (!game.message) {
      await this.markShown(game, false);
      return null;
    }
    try {
      await this.messenger.notice(game.message, brokenCaption(t, game));
    } catch (err) {
      return await this.failed(game, err);
    }
    await this.markShown(game, false);
    return null;
  }

  /** Decides what a failed call means: the chat is gone, a refusal, or a try-again. */
  private async failed(game: GameView, err: unknown): Promise<Again | null> {
    if (isChatGone(err) && game.chatId !== null) {
      this.logger.warn({ err, chatId: game.chatId }, "the bot lost this chat");
      await setChatReach({ messages: this.messages, service: this.service }, game.chatId, false);
      return null;
    }
    const wait = retryAfterMs(err);
    if (wait === null && isPermanent(err)) {
      // Sending the same again would be refused again: record it as shown, say so loudly.
      // A game that has not started yet stays behind its board, so that every tick tries to
      // post its first message again (the bot may get the right to post photos back).
      this.logger.error({ err, gameId: game.id }, "board refused");
      if (!game.starting) await this.markShown(game, this.service.claimable(game));
      // The buttons shown are what the player has: a clock held for this edit runs again.
      if (game.clock && !game.starting) await this.service.clockSeen(game.id, game.version);
      return null;
    }
    this.logger.warn({ err, gameId: game.id }, "board not updated; trying again");
    return { holdMs: wait ?? 0 };
  }

  private async shownOf(game: GameView): Promise<Shown> {
    const mine = this.shown.get(game.id);
    if (mine) return mine;
    const stored = await this.messages.boardShown(game.id);
    // A message that showed the game in another status (before it was marked broken) shows
    // nothing of it now.
    if (!stored || stored.shownStatus !== game.status)
      return { version: null, claim: stored?.shownClaim ?? false, broken: false };
    const broken = game.status === "broken" || game.status === "abandoned";
    return { version: stored.shownVersion, claim: stored.shownClaim, broken };
  }

  private async markShown(game: GameView, claim: boolean): Promise<void> {
    await this.messages.markGameShown(game.id, game.version, claim, game.status);
    this.shown.delete(game.id);
    const closed = game.status === "broken" || game.status === "abandoned";
    this.shown.set(game.id, { version: game.version, claim, broken: closed });
    if (this.shown.size > SHOWN_LIMIT) this.shown.delete(this.shown.keys().next().value!);
  }
}

/** The latest pressed message. */
function merged(a: BoardHint, b: BoardHint): BoardHint {
  const pressedOn = b.pressedOn ?? a.pressedOn;
  return pressedOn ? { pressedOn } : {};
}

/** The budget a game's board spends: its message's chat or inline message, else its chat. */
function laneOfGame(game: GameView, hint: BoardHint): string | null {
  const ref = game.message ?? hint.pressedOn ?? null;
  if (ref?.kind === "inline") return inlineLane(ref.inlineMessageId);
  if (ref?.kind === "chat") return chatLane(ref.chatId);
  // A lobby game starts on its first player's own board, in their private chat.
  if (game.chatId === null && isLobbyGame(game))
    return game.starting ? chatLane(game.white.id) : null;
  return game.chatId === null ? null : chatLane(game.chatId);
}
