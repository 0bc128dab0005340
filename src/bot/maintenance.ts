import type { Api } from "grammy";
import type { MessageStore } from "../db/telegram/message-store.js";
import type { Logger } from "../log.js";
import type { GameService } from "../services/index.js";
import type { BoardSync } from "./boards.js";
import { setChatReach } from "./chat-reach.js";
import { closeChallengeCard } from "./features/challenge/message.js";
import { challengeAcceptedText, challengeClosedText } from "./features/challenge/text.js";
import { isChatGone } from "./telegram-errors.js";
import { fitHtml, TEXT_LIMIT } from "./ui/fit.js";
import { htmlName, mention } from "./ui/names.js";
import type { WrittenTexts } from "./written-texts.js";

/** What {@link Maintenance} is built from. */
export interface MaintenanceOptions {
  readonly api: Api;
  readonly service: GameService;
  readonly messages: MessageStore;
  readonly boards: BoardSync;
  readonly texts: WrittenTexts;
  readonly logger: Logger;
  /** The bot's own user: never reminded to move. */
  readonly ownId?: number | null;
}

/**
 * The work no update triggers, every minute and once at start-up (then also closing accepted
 * challenges whose messages still show their buttons): expiring challenges and
 * set-up dialogs, reminding an idle player once, offering the claim after twice the idle
 * time, and bringing every board that is behind its game up to date (after a restart, or a
 * call that kept failing). Chats the bot has lost are left alone until it is back.
 */
export class Maintenance {
  private timer: NodeJS.Timeout | null = null;
  /** The start-up sweep has run (at the first tick). */
  private swept = false;
  private readonly tickListeners: ((now: number) => void | Promise<void>)[] = [];

  private readonly api: Api;
  private readonly service: GameService;
  private readonly messages: MessageStore;
  private readonly boards: BoardSync;
  private readonly texts: WrittenTexts;
  private readonly logger: Logger;
  private readonly ownId: number | null;

  constructor(options: MaintenanceOptions) {
    this.api = options.api;
    this.service = options.service;
    this.messages = options.messages;
    this.boards = options.boards;
    this.texts = options.texts;
    this.logger = options.logger;
    this.ownId = options.ownId ?? null;
  }

  /** Runs at every tick (the computer player taking up its turns, dialogs expiring). */
  onTick(listener: (now: number) => void | Promise<void>): void {
    this.tickListeners.push(listener);
  }

  /** Ticks now, to catch up after a restart, and then every `everyMs`. */
  start(everyMs = 60_000): void {
    // A tick still running (a slow database) is not joined by the next one.
    let running = false;
    const run = () => {
      if (running) return;
      running = true;
      this.tick()
        .catch((err) => this.logger.error({ err }, "maintenance failed"))
        .finally(() => {
          running = false;
        });
    };
    run();
    this.timer = setInterval(run, everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async tick(now = this.service.config.now()): Promise<void> {
    if (!this.swept) {
      this.swept = true;
      await this.closeAcceptedCards();
    }
    for (const listener of this.tickListeners) await listener(now);
    for (const c of await this.service.expireChallenges(now)) {
      const text = challengeClosedText(await this.texts.challenge(c.id), c, "challenge-expired");
      await this.quietly(c.chatId, () => closeChallengeCard(this.api, this.messages, c, text));
    }
    // A damaged game the minute's work meets is recorded broken (its board then says so).
    await this.service.recordIdleDamage(now);
    // A clock whose next buttons never arrived runs again: none stays held for good.
    await this.service.resumeStalledClocks(now);
    for (const g of await this.service.gamesToRemind(now)) {
      await this.service.markReminded(g.id);
      if (g.chatId === null || g.waitingFor === null || g.waitingFor === this.ownId) continue;
      const waiting = g.waitingFor === g.white.id ? g.white : g.black;
      const opponent = g.waitingFor === g.white.id ? g.black : g.white;
      const t = await this.texts.game(g.id);
      const replyTo = g.message?.kind === "chat" ? g.message.messageId : undefined;
      const chatId = g.chatId;
      await this.quietly(chatId, () =>
        this.api.sendMessage(
          chatId,
          fitHtml(
            t("idle-reminder", { name: mention(waiting), other: htmlName(opponent) }),
            TEXT_LIMIT,
          ),
          {
            parse_mode: "HTML",
            ...(replyTo
              ? { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } }
              : {}),
          },
        ),
      );
    }
    await this.boards.catchUp(now);
  }

  /**
   * Once, at the first tick: accepted challenges whose messages may still offer Accept (the
   * press came before /play stored the message, or a restart cut the edit off) are closed.
   */
  private async closeAcceptedCards(): Promise<void> {
    for (const { challengeId, gameId } of await this.messages.acceptedCardsLeftOpen()) {
      const c = await this.service.getChallenge(challengeId);
      const game = await this.service.getGame(gameId);
      if (!c || !game) continue;
      const text = challengeAcceptedText(await this.texts.challenge(c.id), c, game);
      await this.quietly(c.chatId, () => closeChallengeCard(this.api, this.messages, c, text));
    }
  }

  /** A failed message is logged; one the chat refuses for good marks the chat lost. */
  private async quietly(chatId: number | null, fn: () => Promise<unknown>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      if (chatId !== null && isChatGone(err))
        await setChatReach({ messages: this.messages, service: this.service }, chatId, false);
      this.logger.warn({ err, chatId }, "maintenance message failed");
    }
  }
}
