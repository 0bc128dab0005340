// The page shows the bot's texts: their keys and variables are typed from the bot's .ftl files.
import type { Translate } from "../texts/translate.js";

/** A translation function in one language (the bot's texts). */
export type { Translate };

/**
 * What the board page needs of the Telegram front end, and all it knows of it: the bot
 * implements this (src/bot/web-ports.ts) and the composition root hands it over.
 */
export interface WebBoardPorts {
  /** The user's language: the one they chose in the bot, else their app's (`languageCode`). */
  localeOf(userId: number | null, languageCode: string | null): Promise<string>;
  /** The texts of one of the bot's languages. */
  textsFor(locale: string): Translate;
  /** Whether the user is in group `chatId` now; a failed question is a no. */
  isMember(chatId: number, userId: number): Promise<boolean>;
  /**
   * The player acts on the game from the page: the chat's board is for onlookers until they
   * press there again, and is edited once their turn is over.
   */
  playing(gameId: number, userId: number): void;
  /**
   * The person's count of games asked for, shared with the bot's /play (the page is no way
   * round it): the ms until one more may be asked for, 0 for now; `take` counts one.
   */
  startLimit(userId: number, take: boolean): number;
}
