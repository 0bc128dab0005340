import type { ChallengeStatus, GameStatus, SeriesAfter } from "../db/index.js";
import type {
  ClockState,
  GameResult,
  GameState,
  OpeningLot,
  Rules,
  SeriesState,
  TimeControl,
  TurnLog,
  Variant,
} from "../engine/index.js";
import type { MessageRef } from "./message-ref.js";

/** A Telegram user as the bot passes it in; names are refreshed on every call. */
export interface PlayerRef {
  readonly id: number;
  readonly firstName: string;
  readonly lastName?: string | null;
  readonly username?: string | null;
  readonly languageCode?: string | null;
}

export interface ChatRef {
  readonly id: number;
  readonly type?: string | null;
  readonly title?: string | null;
}

export interface ServiceConfig {
  /** How long a challenge stays open. */
  readonly challengeTtlMs: number;
  /**
   * Silence before a reminder; the waiting player may claim the game after twice this. A
   * correspondence game has its own (half its move's time, see claims.ts idleMsOf).
   */
  readonly idleMs: number;
  readonly ratingK: number;
  /** Players confirm each turn with `commit` (otherwise the last step ends the turn). */
  readonly confirmTurns: boolean;
  readonly now: () => number;
  /** 32 secret bytes per game. */
  readonly newSeed: () => Buffer;
  /** The computer player's user id (the bot's own), if it plays: never claimed from. */
  readonly computerId: number | null;
}

export interface PlayerView {
  readonly id: number;
  readonly firstName: string;
  readonly lastName: string | null;
  readonly username: string | null;
  readonly languageCode: string | null;
  /** The language chosen in the bot; null: follow languageCode. */
  readonly locale: string | null;
  readonly ratingLong: number;
  readonly ratingShort: number;
  /** Strangers paired in the lobby may see the username (the player chose so in /settings). */
  readonly showUsername: boolean;
}

export interface ChallengeView {
  readonly id: number;
  readonly status: ChallengeStatus;
  readonly variant: Variant;
  readonly rules: Rules;
  readonly challenger: PlayerView;
  /** A user id target (with the player when known), a username target, or null: open. */
  readonly target: { readonly userId: number | null; readonly username: string | null } | null;
  readonly targetPlayer: PlayerView | null;
  readonly chatId: number | null;
  readonly message: MessageRef | null;
  /** The message is an inline card sent as a picture: its text is a caption. */
  readonly cardPhoto: boolean;
  /** The inline card it was made from, if any (see ChallengeInput.cardKey). */
  readonly cardKey: string | null;
  /** SHA-256 of the seed of the game it starts (null for challenges older than this). */
  readonly diceCommitment: string | null;
  /** The clock of the game it starts. */
  readonly timeControl: TimeControl;
  /** The game it starts is rated (see GameView.rated). */
  readonly rated: boolean;
  readonly expiresAt: number;
  readonly createdAt: number;
}

export interface GameView {
  readonly id: number;
  readonly variant: Variant;
  readonly rules: Rules;
  readonly status: GameStatus;
  readonly state: GameState;
  /** Put it in every button: `act` refuses a press made on an older version. */
  readonly version: number;
  readonly white: PlayerView;
  readonly black: PlayerView;
  /** The user the game waits for (to move, or to answer a double or resignation). */
  readonly waitingFor: number | null;
  readonly chatId: number | null;
  readonly message: MessageRef | null;
  readonly opening: OpeningLot | null;
  readonly diceCommitment: string;
  /** Hex; null until the game is over. */
  readonly diceSeed: string | null;
  /**
   * The dice's second part (services/dice.ts): the chat, id and date of the message the game
   * started in, or its inline message; null while starting, and for games older than it.
   */
  readonly diceSalt: string | null;
  /**
   * A player who has given no sign of playing (see the games table): until they act, the
   * game is not rated and cannot be claimed against them.
   */
  readonly unconfirmedId: number | null;
  /** The game waits for the message it starts in: no die has fallen, nobody can act yet. */
  readonly starting: boolean;
  /** Starting, with its dice's second part fixed already (by a press, or the seekers' messages). */
  readonly startFixed: boolean;
  readonly seriesId: number;
  /** The tournament whose match this game is part of; null for the chat's own series. */
  readonly tournamentId: number | null;
  /** The challenge it was started from, if any. */
  readonly challengeId: number | null;
  readonly previousGameId: number | null;
  readonly winnerId: number | null;
  readonly points: number | null;
  readonly lastActionAt: number;
  readonly createdAt: number;
  readonly finishedAt: number | null;
  /** The series score before this game, by colour. */
  readonly score: { readonly white: number; readonly black: number };
  /** Once the game is over: the series score after it, and whether that ended the series. */
  readonly final: SeriesAfter | null;
  /** Turns each side has not seen since it last acted; null for games older than the log. */
  readonly turnLog: TurnLog | null;
  /** Once over with the series going on: SHA-256 of the next game's seed, drawn already. */
  readonly nextDiceCommitment: string | null;
  readonly timeControl: TimeControl;
  /** A delay clock's state (see engine/clock.ts); null without one. */
  readonly clock: ClockState | null;
  /** When the running side flags; null while no time runs. */
  readonly flagAt: number | null;
  /** Its result moves the players' ratings across chats (see rating.ts). */
  readonly rated: boolean;
  /** Paired in the lobby, between strangers: played on their own boards, in no chat. */
  readonly lobby: boolean;
}

export interface GameEventView {
  readonly seq: number;
  readonly type: string;
  readonly payload: unknown;
  /** null: the service acted by itself (an automatic roll or forced step). */
  readonly actorId: number | null;
  readonly createdAt: number;
}

export interface SeriesView {
  readonly id: number;
  readonly chatKey: string;
  readonly variant: Variant;
  readonly rules: Rules;
  /** Seat 0 and seat 1 of `state` (scores, wins). */
  readonly players: readonly [PlayerView, PlayerView];
  readonly state: SeriesState;
  readonly over: boolean;
  /** A tournament match's series; null for the chat's own running series. */
  readonly tournamentId: number | null;
  /** Who starts the next game: a user id, "lot", or null when the series is over. */
  readonly nextStarter: number | "lot" | null;
}

export interface RatingChange {
  readonly userId: number;
  readonly before: number;
  readonly after: number;
}

export interface FinishInfo {
  readonly result: GameResult;
  readonly winnerId: number | null;
  readonly series: SeriesView;
  readonly ratings: readonly [RatingChange, RatingChange];
  /**
   * A rated game (see GameView.rated): the change it made to both players' ratings across
   * chats, winner first; null when it moved none (unrated, a draw, a match not over yet).
   */
  readonly rated: readonly [RatingMove, RatingMove] | null;
  /** The revealed dice seed, hex. */
  readonly seed: string;
}

export interface ActOutcome {
  readonly game: GameView;
  /** The events this call appended: the player's action, then any automatic ones. */
  readonly events: readonly GameEventView[];
  /** What they amount to: moved, turn passed, game over... */
  readonly happened: readonly Happening[];
  readonly finished: FinishInfo | null;
}

export interface LeaderRow {
  readonly player: PlayerView;
  readonly variant: Variant;
  readonly points: number;
  readonly wins: number;
  readonly games: number;
  readonly draws: number;
  /** wins / games, 0 without games. */
  readonly winRate: number;
  readonly rating: number;
}

/** What a change to a game amounts to, for whoever follows games. */
export type Happening =
  | "started"
  | "rolled"
  | "moved"
  | "undone"
  | "turn-passed"
  | "doubled"
  | "took"
  | "resign-offered"
  | "resign-declined"
  | "game-over"
  | "broken"
  | "abandoned"
  /** A clock started running (its side's buttons were seen), or resumed. */
  | "clock"
  /** The running side's time is nearly out (LOW_CLOCK_MS left): warn its player once. */
  | "clock-low";

/** A player's rating across chats in one game (see rating.ts). */
export interface RatingView {
  readonly userId: number;
  readonly variant: Variant;
  readonly rating: number;
  /** The sum of the lengths of the rated matches played (a single game counts 1). */
  readonly experience: number;
  /** Rated matches played. */
  readonly matches: number;
  /** When it last moved; null: never (it stands where everyone starts). */
  readonly updatedAt: number | null;
}

/** One rated match in a player's history: the rating after it and its change. */
export interface RatingPoint {
  readonly at: number;
  readonly rating: number;
  readonly delta: number;
  /** The game that decided the match (a match to N points: its last game). */
  readonly gameId: number;
  readonly matchLength: number;
}

/** What a rated match did to one player's rating. */
export interface RatingMove {
  readonly userId: number;
  readonly variant: Variant;
  readonly before: number;
  readonly after: number;
  readonly matchLength: number;
}

/** A place on a rating leaderboard (see GameService.ratingLeaderboard). */
export interface RatingLeaderRow {
  readonly player: PlayerView;
  readonly variant: Variant;
  readonly rating: number;
  readonly matches: number;
  readonly experience: number;
  /** On a board since a moment: the rating gained since then (the sum of changes); else null. */
  readonly gained: number | null;
}
