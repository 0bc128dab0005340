import type { InlineKeyboardMarkup } from "grammy/types";
import type { Phrase } from "../../../services/index.js";
import type { Translate } from "../../../texts/translate.js";
import { encode } from "../../callback-data.js";

/** Offered when the game is found: a greeting before the first roll. */
export const OPENING_PHRASES: readonly Phrase[] = ["hello", "luck"];
/** Offered once the match is over. */
export const CLOSING_PHRASES: readonly Phrase[] = ["gg", "thanks"];

/** A phrase in the reader's language. */
export const phraseText = (t: Translate, phrase: Phrase): string => t(`phrase-${phrase}`);

/**
 * One short row of set phrases for a lobby game: two buttons fit a phone's width with their
 * words, and sit on a note of their own, never on the board.
 */
export const phraseButtons = (
  t: Translate,
  gameId: number,
  phrases: readonly Phrase[],
): InlineKeyboardMarkup => ({
  inline_keyboard: [
    phrases.map((phrase) => ({
      text: phraseText(t, phrase),
      callback_data: encode({ type: "phrase", gameId, phrase }),
    })),
  ],
});
