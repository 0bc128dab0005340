import type { MessageStore } from "../db/telegram/message-store.js";
import type { Translate } from "../texts/translate.js";

/** Texts in the language a game or challenge is written in, as the front end's store has it. */
export interface WrittenTexts {
  game(gameId: number): Translate;
  challenge(challengeId: number): Translate;
}

export const writtenTexts = (
  messages: Pick<MessageStore, "gameLocale" | "challengeLocale">,
  textsFor: (locale: string | null) => Translate,
): WrittenTexts => ({
  game: (gameId) => textsFor(messages.gameLocale(gameId)),
  challenge: (challengeId) => textsFor(messages.challengeLocale(challengeId)),
});
