import type { GameService } from "../services/index.js";
import type { LocalePrefs } from "./features/deps.js";
import { isLocale, type Locale } from "./i18n.js";

/** Users remembered: every update asks for its sender's language. */
const REMEMBERED = 10_000;

/**
 * Users' chosen languages, kept with the players and remembered here, so an update costs no
 * read for it. This process is the only writer, so what it remembers stays true.
 */
export function servicePrefs(service: GameService): LocalePrefs {
  const known = new Map<number, Locale | null>();
  const remember = (userId: number, locale: Locale | null) => {
    known.delete(userId);
    known.set(userId, locale);
    if (known.size > REMEMBERED) known.delete(known.keys().next().value!);
  };
  return {
    get: async (userId) => {
      if (known.has(userId)) return known.get(userId)!;
      const stored = await service.playerLocale(userId);
      const locale = isLocale(stored) ? stored : null;
      remember(userId, locale);
      return locale;
    },
    set: async (user, locale: Locale) => {
      await service.setPlayerLocale(user, locale);
      remember(user.id, locale);
    },
  };
}
