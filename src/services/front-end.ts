import type { MessageRef } from "./message-ref.js";

/**
 * What the service needs of the front end that shows its games, which keeps it in its own
 * store (createApp hands over the Telegram front end's): where each game and challenge is
 * shown, and which chats it cannot reach now. A game's place is part of its rules (a button
 * works only at home; an inline card turns into its board; the dice's second part is where
 * the game starts), so the service reads and records it, inside its own transactions.
 */
export interface FrontEnd {
  gameMessage(gameId: number): MessageRef | null;
  setGameMessage(gameId: number, ref: MessageRef): void;
  challengeMessage(challengeId: number): MessageRef | null;
  setChallengeMessage(challengeId: number, ref: MessageRef): void;
  /** The chat cannot be reached (the bot was removed or blocked): its games' timers wait. */
  isChatPaused(chatId: number): boolean;
}
