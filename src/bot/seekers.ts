import type { Api } from "grammy";
import type { Logger } from "../log.js";
import type { GameService, News } from "../services/index.js";
import type { Translate } from "../texts/translate.js";
import type { LocalePrefs } from "./features/deps.js";
import { localeOf } from "./i18n.js";
import { chatLane } from "./outbox/methods.js";
import { type Outbox, PRIORITY } from "./outbox/outbox.js";
import { htmlName } from "./ui/names.js";

type LobbyNews = Extract<News, { kind: "lobby" }>;

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
      readonly logger: Logger;
    },
  ) {}

  tell(news: LobbyNews): void {
    const { seek } = news;
    const userId = seek.userId;
    this.deps.outbox.schedule({
      key: `seek:${seek.id}:${news.what}`,
      lane: chatLane(userId),
      priority: PRIORITY.urgent,
      run: async () => {
        const text = this.text(news);
        if (text === null) return;
        await this.deps.api
          .sendMessage(userId, text, { parse_mode: "HTML" })
          .catch((err: unknown) => this.deps.logger.warn({ err, userId }, "seeker not told"));
      },
    });
  }

  private text(news: LobbyNews): string | null {
    const { seek } = news;
    const player = this.deps.service.playerRefOf(seek.userId);
    const t = this.deps.textsFor(
      this.deps.prefs.get(seek.userId) ?? localeOf(player?.languageCode ?? null),
    );
    if (news.what === "lapsed") return t("seek-lapsed");
    if (news.what === "offered") return t("seek-offer-bot");
    const game = news.gameId === null ? null : this.deps.service.getGame(news.gameId);
    if (!game) return null;
    const opponent = game.white.id === seek.userId ? game.black : game.white;
    const rating = Math.round(this.deps.service.ratingOf(opponent.id, seek.variant).rating);
    // A stranger sees a first name and a rating only.
    return t("seek-paired", { name: htmlName({ firstName: opponent.firstName }), rating });
  }
}
