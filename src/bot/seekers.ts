import type { Api } from "grammy";
import type { SeekMessageStore } from "../db/telegram/seek-messages.js";
import type { Logger } from "../log.js";
import type { GameService, News } from "../services/index.js";
import type { Translate } from "../texts/translate.js";
import type { LocalePrefs } from "./features/deps.js";
import { OPENING_PHRASES, phraseButtons } from "./features/strangers/phrases.js";
import { localeOf } from "./i18n.js";
import { chatLane } from "./outbox/methods.js";
import { type Outbox, PRIORITY } from "./outbox/outbox.js";
import { isPermanent } from "./telegram-errors.js";
import { strangerName } from "./ui/caption.js";

type LobbyNews = Extract<News, { kind: "lobby" }>;
type HoldNews = Extract<News, { kind: "lobby-hold" }>;

/**
 * Tells seekers in their private chats what became of their seek: paired (with whom: first
 * name and rating only; the board follows), lapsed after ten minutes, or still alone after a
 * minute (the bot is offered instead, named as such). On each chat's own budget.
 */
export class Seekers {
  constructor(
    private readonly deps: {
      readonly api: Api;
      readonly outbox: Outbox;
      readonly service: GameService;
      readonly prefs: LocalePrefs;
      readonly textsFor: (locale: string | null) => Translate;
      /** The messages that show a seek's ✖️ Stop looking. */
      readonly seekMessages: SeekMessageStore;
      readonly logger: Logger;
      /** The seeker was told (or can never be): a restart does not tell them again. */
      readonly told: (seekId: number) => Promise<void>;
    },
  ) {}

  async tell(news: LobbyNews): Promise<void> {
    const { seek } = news;
    const userId = seek.userId;
    if (news.what !== "offered") await this.clearStops(seek.id);
    if (news.what === "stopped") return;
    this.deps.outbox.schedule({
      key: `seek:${seek.id}:${news.what}`,
      lane: chatLane(userId),
      priority: PRIORITY.urgent,
      run: async () => {
        const text = await this.text(news);
        if (text === null) return;
        // Found: a greeting can go before the first roll (set phrases only, see strangers).
        const phrases =
          news.what === "paired" && news.gameId !== null
            ? {
                reply_markup: phraseButtons(
                  await this.textsFor(userId),
                  news.gameId,
                  OPENING_PHRASES,
                ),
              }
            : {};
        // A pairing is marked told before it is sent: a process killed between the two never
        // tells it twice, and the board that follows names the opponent all the same. A lapse
        // is marked after: a restart tells it again rather than not at all.
        const markFirst = news.what === "paired";
        if (markFirst) await this.markTold(seek.id);
        const sent = await this.deps.api
          .sendMessage(userId, text, { parse_mode: "HTML", ...phrases })
          .then(
            () => true,
            (err: unknown) => {
              this.deps.logger.warn({ err, userId }, "seeker not told");
              return isPermanent(err);
            },
          );
        // Not marked (the database busy or gone): the next start tells them again.
        if (sent && news.what === "lapsed") await this.markTold(seek.id);
      },
    });
  }

  private async markTold(seekId: number): Promise<void> {
    await this.deps
      .told(seekId)
      .catch((err: unknown) => this.deps.logger.warn({ err, seekId }, "seek not marked told"));
  }

  /** The seek has ended: its ✖️ Stop looking comes off every message that shows it. */
  private async clearStops(seekId: number): Promise<void> {
    for (const m of await this.deps.seekMessages.take(seekId))
      this.deps.outbox.schedule({
        key: `seek-stop:${m.userId}:${m.messageId}`,
        lane: chatLane(m.userId),
        // Tidying, when the chat is quiet: the note and the board go first.
        priority: PRIORITY.idle,
        run: async () => {
          await this.deps.api
            .editMessageReplyMarkup(m.userId, m.messageId, {
              reply_markup: { inline_keyboard: [] },
            })
            .catch((err: unknown) =>
              this.deps.logger.warn({ err, userId: m.userId }, "stop button not cleared"),
            );
        },
      });
  }

  /** Held out of the lobby for walking away: told once, when the hold begins. */
  heldOut(news: HoldNews): void {
    const { userId, until } = news;
    this.deps.outbox.schedule({
      key: `seek-hold:${userId}:${until}`,
      lane: chatLane(userId),
      priority: PRIORITY.urgent,
      run: async () => {
        const text = (await this.textsFor(userId))("seek-held-out-now", {
          minutes: wholeMinutes(until - this.deps.service.config.now()),
        });
        await this.deps.api
          .sendMessage(userId, text)
          .catch((err: unknown) => this.deps.logger.warn({ err, userId }, "walkaway not told"));
      },
    });
  }

  private async textsFor(userId: number): Promise<Translate> {
    const player = await this.deps.service.playerRefOf(userId);
    return this.deps.textsFor(
      (await this.deps.prefs.get(userId)) ?? localeOf(player?.languageCode ?? null),
    );
  }

  private async text(news: LobbyNews): Promise<string | null> {
    const { seek } = news;
    const t = await this.textsFor(seek.userId);
    if (news.what === "lapsed") return t("seek-lapsed");
    if (news.what === "offered") return t("seek-offer-bot");
    const game = news.gameId === null ? null : await this.deps.service.getGame(news.gameId);
    if (!game) return null;
    const opponent = game.white.id === seek.userId ? game.black : game.white;
    const rating = Math.round((await this.deps.service.ratingOf(opponent.id, seek.variant)).rating);
    // A stranger sees a first name and a rating only (and the @username if they allow it).
    return t(game.rated ? "seek-paired" : "seek-paired-unrated", {
      name: strangerName(opponent),
      rating,
    });
  }
}

/** A wait in whole minutes, at least one. */
export const wholeMinutes = (ms: number): number => Math.max(1, Math.ceil(ms / 60_000));
