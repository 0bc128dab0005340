import type { GameService } from "../services/index.js";
import type { LocalePrefs } from "./features/deps.js";
import { isLocale, type Locale } from "./i18n.js";

/** Users' chosen languages, kept with the players. */
export function servicePrefs(service: GameService): LocalePrefs {
  return {
    get: (userId) => {
      const locale = service.playerLocale(userId);
      return isLocale(locale) ? locale : null;
    },
    set: (user, locale: Locale) => {
      service.setPlayerLocale(user, locale);
    },
  };
}
