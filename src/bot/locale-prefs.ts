import type { GameService } from "../services/index.js";
import type { LocalePrefs } from "./features/deps.js";
import { isLocale, type Locale } from "./i18n.js";

/** Users remembered: every update asks for its sender's language. */
const REMEMBERED = 10_000;

/**
 * Users' chosen languages, kept with the players and remembered here, so an update costs no
 * read for it. This process is the only writer, so what it remembers stays true; a read that
 * a choice overtook while it waited for the database keeps the choice.
 */
export function servicePrefs(
  service: Pick<GameService, "playerLocale" | "setPlayerLocale">,
): LocalePrefs {
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
      // A choice written meanwhile is newer than what this read found.
      if (known.has(userId)) return known.get(userId)!;
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
