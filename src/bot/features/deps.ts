import type { I18n } from "@grammyjs/i18n";
import type { Context } from "grammy";
import type { BotConfig } from "../../config.js";
import type { Logger } from "../../log.js";
import type { GameService, PlayerRef } from "../../services/index.js";
import type { GamePresenter } from "../game-presenter.js";
import type { Locale } from "../i18n.js";

/** Where a user's chosen language is kept. */
export interface LocalePrefs {
  get(userId: number): Locale | null;
  set(user: PlayerRef, locale: Locale): void;
}

/** What every feature composer is built from. */
export interface FeatureDeps {
  readonly config: BotConfig;
  readonly service: GameService;
  readonly presenter: GamePresenter;
  readonly i18n: I18n<Context>;
  readonly logger: Logger;
  readonly prefs: LocalePrefs;
}
