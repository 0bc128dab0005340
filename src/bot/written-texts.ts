import type { MessageStore } from "../db/telegram/message-store.js";
import type { Translate } from "../texts/translate.js";
import { isLocale, localeOf } from "./i18n.js";

/** Who a text is for, as a game's view names its players. */
export interface Reader {
  /** The language chosen with /lang, if any. */
  readonly locale: string | null;
  /** The language of their Telegram app. */
  readonly languageCode: string | null;
}

/** Texts in the language a game or challenge is written in, as the front end's store has it. */
export interface WrittenTexts {
  game(gameId: number): Promise<Translate>;
  challenge(challengeId: number): Promise<Translate>;
  /** A person's own language (their private chat's): chosen with /lang, else their app's. */
  reader(who: Reader): Translate;
}

export const writtenTexts = (
  messages: Pick<MessageStore, "gameLocale" | "challengeLocale">,
  textsFor: (locale: string | null) => Translate,
): WrittenTexts => ({
  game: async (gameId) => textsFor(await messages.gameLocale(gameId)),
  challenge: async (challengeId) => textsFor(await messages.challengeLocale(challengeId)),
  reader: (who) => textsFor(isLocale(who.locale) ? who.locale : localeOf(who.languageCode)),
});
