import type { MessageStore } from "../db/telegram/message-store.js";
import type { Tr } from "./ui/tr.js";

/** Texts in the language a game or challenge is written in, as the front end's store has it. */
export interface WrittenTexts {
  game(gameId: number): Tr;
  challenge(challengeId: number): Tr;
}

export const writtenTexts = (
  messages: Pick<MessageStore, "gameLocale" | "challengeLocale">,
  textsFor: (locale: string | null) => Tr,
): WrittenTexts => ({
  game: (gameId) => textsFor(messages.gameLocale(gameId)),
  challenge: (challengeId) => textsFor(messages.challengeLocale(challengeId)),
});
