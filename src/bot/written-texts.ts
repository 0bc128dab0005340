import type { MessageStore } from "../db/telegram/message-store.js";
import type { Translate } from "../texts/translate.js";

/** Texts in the language a game or challenge is written in, as the front end's store has it. */
export interface WrittenTexts {
  game(gameId: number): Promise<Translate>;
  challenge(challengeId: number): Promise<Translate>;
}

export const writtenTexts = (
  messages: Pick<MessageStore, "gameLocale" | "challengeLocale">,
  textsFor: (locale: string | null) => Translate,
): WrittenTexts => ({
  game: async (gameId) => textsFor(await messages.gameLocale(gameId)),
  challenge: async (challengeId) => textsFor(await messages.challengeLocale(challengeId)),
});
