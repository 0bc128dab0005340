import type { Db } from "../db/index.js";
import type { MessageRef } from "./message-ref.js";

/** A new game and what it began from: a challenge, the game before it, a tournament's match. */
export interface GameOrigin {
  readonly gameId: number;
  readonly challengeId: number | null;
  readonly previousGameId: number | null;
  readonly tournamentId: number | null;
}

/**
 * What the service needs of the front end that shows its games, which keeps it in its own
 * store (createApp hands over the Telegram front end's): where each game and challenge is
 * shown, which chats it cannot reach now, and which games are new (a game is shown the way
 * what it began from was, in its language, which the service never sees). A game's place is
 * part of its rules (a button works only at home; an inline card turns into its board; the
 * dice's second part is where the game starts), so the service reads and records it, inside
 * its own transactions.
 */
export interface FrontEnd {
  /** A game was stored (told inside its transaction): it is shown the way its origin is. */
  gameCreated(origin: GameOrigin): Promise<void>;
  /** A challenge or tournament was stored (told inside its transaction). */
  challengeCreated(challengeId: number): Promise<void>;
  tournamentCreated(tournamentId: number): Promise<void>;
  gameMessage(gameId: number): Promise<MessageRef | null>;
  setGameMessage(gameId: number, ref: MessageRef): Promise<void>;
  challengeMessage(challengeId: number): Promise<MessageRef | null>;
  setChallengeMessage(challengeId: number, ref: MessageRef): Promise<void>;
  /** The chat cannot be reached (the bot was removed or blocked): its games' timers wait. */
  isChatLost(chatId: number): boolean;
  /** The port as it reads and writes inside the service's transaction `tx`. */
  within(tx: Db): FrontEnd;
}
