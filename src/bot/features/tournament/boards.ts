import { type Api, InputFile } from "grammy";
import type {
  TournamentMessageStore,
  TournamentMessages,
} from "../../../db/telegram/tournament-messages.js";
import type { Logger } from "../../../log.js";
import type { RenderStandings } from "../../../render/standings-view.js";
import type { TournamentService, TournamentView } from "../../../services/index.js";
import type { Translate } from "../../../texts/translate.js";
import { chatLane } from "../../outbox/methods.js";
import { type Outbox, PRIORITY, type Priority } from "../../outbox/outbox.js";
import { isChatGone, isMessageGone, isNotModified, retryAfterMs } from "../../telegram-errors.js";
import { standingsPicture } from "./standings-picture.js";
import {
  closedCard,
  finalText,
  minutesLeft,
  signupCard,
  signupKeyboard,
  standingsCaption,
  standingsKeyboard,
} from "./text.js";

const NO_BUTTONS = { inline_keyboard: [] };

/** A tournament with its messages, as the store has them. */
type ShownTournament = TournamentView & TournamentMessages;

/** What {@link TournamentBoards} is built from. */
export interface TournamentBoardsOptions {
  readonly api: Api;
  readonly outbox: Outbox;
  readonly service: TournamentService;
  /** Where each tournament's messages are, and what they show. */
  readonly messages: TournamentMessageStore;
  readonly render: RenderStandings;
  readonly textsFor: (locale: string | null) => Translate;
  readonly logger: Logger;
  readonly now: () => number;
}

/**
 * Keeps a tournament's messages showing what the database holds: the sign-up card, then the
 * standings picture (posted at the start, edited in place after every result), then the
 * final message. Each change is a job in the outbox, so the group's budget goes first to the
 * boards players must press on: standings are for onlookers, and the card's countdown only
 * moves when the chat is quiet. A job reads the newest state when it runs; what failed is
 * tried again, so the messages converge across errors and restarts alike.
 */
export class TournamentBoards {
  /** Tournaments whose standings show the organiser's cancel question. */
  private readonly confirming = new Set<number>();
  /** The countdown each open sign-up card was last written with. */
  private readonly cardMinutes = new Map<number, number>();
  /** Cards to write again though their tournament has not changed: the countdown moved. */
  private readonly countdown = new Set<number>();

  private readonly api: Api;
  private readonly outbox: Outbox;
  private readonly service: TournamentService;
  private readonly messages: TournamentMessageStore;
  private readonly render: RenderStandings;
  private readonly textsFor: (locale: string | null) => Translate;
  private readonly logger: Logger;
  private readonly now: () => number;

  constructor(options: TournamentBoardsOptions) {
    this.api = options.api;
    this.outbox = options.outbox;
    this.service = options.service;
    this.messages = options.messages;
    this.render = options.render;
    this.textsFor = options.textsFor;
    this.logger = options.logger;
    this.now = options.now;
  }

  /** Brings the tournament's messages up to date when the group's budget allows. */
  async request(id: number, priority: Priority = PRIORITY.onlooker): Promise<void> {
    const t = await this.service.get(id);
    if (!t) return;
    // What its players wait to see (their name on the card, the last word) is not for
    // onlookers only.
    const urgent = t.status === "signup" || (t.status !== "running" && !t.announced);
    this.outbox.schedule({
      key: `tournament:${id}`,
      lane: chatLane(t.chatId),
      priority: urgent && priority > PRIORITY.normal ? PRIORITY.normal : priority,
      run: () => this.round(id),
    });
  }

  /** Every tournament whose messages are behind, and sign-up cards whose minutes went by. */
  async catchUp(): Promise<void> {
    for (const id of await this.messages.behind()) await this.request(id);
    const now = this.now();
    for (const t of await this.service.inSignup()) {
      if (
        (await this.messages.of(t.id)).messageId === null ||
        this.cardMinutes.get(t.id) === minutesLeft(t, now)
      )
        continue;
      if (this.outbox.has(`tournament:${t.id}`)) continue;
      this.countdown.add(t.id);
      await this.request(t.id, PRIORITY.idle);
    }
  }

  async settled(): Promise<void> {
    await this.outbox.jobsSettled();
  }

  private async round(id: number): Promise<void> {
    try {
      await this.syncOnce(id);
    } catch (err) {
      this.logger.warn({ err, tournamentId: id }, "tournament message not updated");
      // A 429 holds the chat in the outbox: go again when it lets. Else the next tick will.
      if (retryAfterMs(err) !== null) await this.request(id);
    }
  }

  /** The organiser's cancel question under the standings, or back to the plain button. */
  async askCancel(view: TournamentView, asking: boolean): Promise<void> {
    const t = await this.withMessages(view);
    if (asking) this.confirming.add(t.id);
    else this.confirming.delete(t.id);
    if (t.standingsMessageId === null) return;
    const tr = this.textsFor(t.locale);
    await this.api
      .editMessageReplyMarkup(t.chatId, t.standingsMessageId, {
        reply_markup: standingsKeyboard(tr, t, asking),
      })
      .catch((err) => {
        if (!isNotModified(err)) throw err;
      });
  }

  /**
   * Posts the card or the standings again as new messages (the chat asked to see them); the
   * old message loses its buttons, so only the new one is worked.
   */
  async repost(view: TournamentView): Promise<void> {
    const t = await this.withMessages(view);
    const old = t.status === "signup" ? t.messageId : t.standingsMessageId;
    if (t.status === "signup") await this.messages.set(t.id, { messageId: null });
    else await this.messages.set(t.id, { standingsMessageId: null });
    await this.messages.set(t.id, { shownVersion: 0 });
    await this.request(t.id);
    if (old === null) return;
    await this.api
      .editMessageReplyMarkup(t.chatId, old, { reply_markup: NO_BUTTONS })
      .catch((err) => {
        // Already without buttons, or deleted: nothing left to retire. Otherwise its presses
        // still work: the new message follows the tournament either way.
        if (!isNotModified(err) && !isMessageGone(err) && !isChatGone(err))
          this.logger.warn({ err, tournamentId: t.id }, "old tournament message kept its buttons");
      });
  }

  private async syncOnce(id: number): Promise<void> {
    const view = await this.service.get(id);
    const countdown = this.countdown.delete(id);
    const t = view && (await this.withMessages(view));
    if (!t || (t.shownVersion === t.version && !countdown)) return;
    const tr = this.textsFor(t.locale);
    try {
      await this.showCard(t, tr);
      if (t.startedAt !== null) await this.showStandings(t, tr);
      // A tournament called off before its start has nothing more to say than its card.
      const over = t.status !== "signup" && t.status !== "running";
      if (over && t.startedAt !== null && !t.announced) {
        await this.api.sendMessage(t.chatId, finalText(tr, t), {
          parse_mode: "HTML",
          ...(t.standingsMessageId
            ? {
                reply_parameters: {
                  message_id: t.standingsMessageId,
                  allow_sending_without_reply: true,
                },
              }
            : {}),
        });
        await this.service.markAnnounced(t.id);
      }
    } catch (err) {
      // A chat the bot has lost gets nothing more; the game boards say the same.
      if (isChatGone(err)) {
        await this.messages.set(t.id, { shownVersion: t.version });
        return;
      }
      throw err;
    }
    await this.messages.set(t.id, { shownVersion: t.version });
  }

  private async withMessages(t: TournamentView): Promise<ShownTournament> {
    return { ...t, ...(await this.messages.of(t.id)) };
  }

  private async showCard(t: ShownTournament, tr: Translate): Promise<void> {
    const open = t.status === "signup";
    const now = this.now();
    const text = open ? signupCard(tr, t, now) : closedCard(tr, t);
    // Noted once written: a failed write is tried again at the next tick.
    const written = () => {
      if (open) this.cardMinutes.set(t.id, minutesLeft(t, now));
      else this.cardMinutes.delete(t.id);
    };
    const extra = {
      parse_mode: "HTML" as const,
      reply_markup: open ? signupKeyboard(tr, t) : NO_BUTTONS,
    };
    // A closed card says the same until the end: written once, not at every result.
    if (!open && t.cardStatus !== null && t.cardStatus !== "signup") return;
    if (!t.messageId) {
      if (!open) return;
      const sent = await this.api.sendMessage(t.chatId, text, extra);
      await this.messages.set(t.id, { messageId: sent.message_id });
      await this.service.markCardWritten(t.id, t.status);
      written();
      return;
    }
    try {
      await this.api.editMessageText(t.chatId, t.messageId, text, extra);
    } catch (err) {
      if (!isNotModified(err)) {
        if (!isMessageGone(err) || !open) throw err;
        const sent = await this.api.sendMessage(t.chatId, text, extra);
        await this.messages.set(t.id, { messageId: sent.message_id });
      }
    }
    await this.service.markCardWritten(t.id, t.status);
    written();
  }

  private async showStandings(t: ShownTournament, tr: Translate): Promise<void> {
    const png = await this.render(standingsPicture(tr, t));
    const caption = standingsCaption(tr, t);
    const keyboard = standingsKeyboard(tr, t, this.confirming.has(t.id));
    if (t.status !== "running") this.confirming.delete(t.id);
    if (t.standingsMessageId) {
      try {
        await this.api.editMessageMedia(
          t.chatId,
          t.standingsMessageId,
          {
            type: "photo",
            media: new InputFile(png, "standings.png"),
            caption,
            parse_mode: "HTML",
          },
          { reply_markup: keyboard },
        );
        return;
      } catch (err) {
        if (isNotModified(err)) return;
        if (!isMessageGone(err)) throw err;
      }
    }
    const sent = await this.api.sendPhoto(t.chatId, new InputFile(png, "standings.png"), {
      caption,
      parse_mode: "HTML",
      reply_markup: keyboard,
    });
    await this.messages.set(t.id, { standingsMessageId: sent.message_id });
  }
}
