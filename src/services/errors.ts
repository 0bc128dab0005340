import { storeFailure } from "../db/index.js";
import type { GameErrorCode } from "../engine/index.js";
import type { GameView } from "./types.js";

/** Every way a player's request can be refused; player input never throws. */
export type ServiceErrorCode =
  | GameErrorCode
  | "not-found"
  | "bad-input"
  | "bad-rules"
  | "self-challenge"
  | "not-target"
  | "not-challenger"
  | "challenge-closed"
  | "expired"
  /** An inline card's data pressed on a second message: a card starts one challenge. */
  | "card-used"
  | "not-a-player"
  /** A game's button pressed on a message of another chat (see isAtHome). */
  | "foreign-button"
  | "too-early"
  /** A claim from the computer, whose turn only waits for its chat to be reachable. */
  | "claim-computer"
  | "claim-unconfirmed"
  /** A claim by the player the game waits for: they are the silent one. */
  | "claim-own-turn"
  /** A claim by the player whose resignation offer waits for the other's answer. */
  | "claim-own-offer"
  | "already-playing"
  | "game-active"
  | "rematch-exists"
  /** A lobby match's next game starts by itself, a few seconds after the last. */
  | "lobby-next-game"
  | "series-over"
  | "busy"
  | "tournament-game"
  | "group-only"
  | "tournament-exists"
  | "signup-closed"
  | "already-entered"
  | "tournament-full"
  | "not-entered"
  | "not-organiser"
  | "too-few-players"
  | "tournament-over"
  /** Lost three lobby games on time without a move within a day: held out for an hour. */
  | "held-out"
  /** Its tournament was cancelled and the games in progress dropped. */
  | "abandoned"
  /** The game's stored record is damaged: it cannot go on. */
  | "broken";

export interface ServiceError {
  readonly code: ServiceErrorCode;
  readonly message: string;
  /** The game to show instead, for already-playing and rematch-exists. */
  readonly gameId?: number;
  /** The game as it stands, when the refusal was about one (to name whose turn it is, say). */
  readonly game?: GameView;
}

export type ServiceResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: ServiceError };

export const ok = <T>(value: T): ServiceResult<T> => ({ ok: true, value });

export const fail = <T = never>(
  code: ServiceErrorCode,
  message: string,
  gameId?: number,
): ServiceResult<T> => ({
  ok: false,
  error: gameId === undefined ? { code, message } : { code, message, gameId },
});

/** The same refusal, carrying the game it was about. */
export const about = <T>(r: ServiceResult<T>, game: GameView): ServiceResult<T> =>
  r.ok ? r : { ok: false, error: { ...r.error, game } };

/** The database is held by another writer past the wait, or gave the transaction up: retry. */
export const isBusy = (e: unknown): boolean => storeFailure(e) === "busy";
