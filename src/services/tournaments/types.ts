import type { TournamentMatchStatus, TournamentStatus } from "../../db/index.js";
import type {
  Bracket,
  Placing,
  Rules,
  StandingRow,
  TimeControl,
  TimeControlName,
  TournamentFormat,
  Variant,
} from "../../engine/index.js";
import type { PlayerView } from "../types.js";

export interface TournamentMatchView {
  readonly id: number;
  /** The earlier seed, and the other. */
  readonly a: PlayerView;
  readonly b: PlayerView;
  readonly status: TournamentMatchStatus;
  readonly winnerId: number | null;
  readonly pointsA: number;
  readonly pointsB: number;
  readonly forfeit: boolean;
  /** The game being played in it now, if any. */
  readonly liveGameId: number | null;
}

export interface TournamentView {
  readonly id: number;
  readonly chatId: number;
  readonly status: TournamentStatus;
  readonly variant: Variant;
  /** Every game's rules; `match` is the length of each pairing. */
  readonly rules: Rules;
  readonly format: TournamentFormat;
  /** Every game's clock. */
  readonly timeControl: TimeControl;
  readonly organiser: PlayerView;
  readonly signupEndsAt: number;
  /** Seed order. */
  readonly entrants: readonly PlayerView[];
  readonly matches: readonly TournamentMatchView[];
  /** Round robin: the table; null for a knock-out. */
  readonly standings: readonly StandingRow[] | null;
  /** Knock-out: the bracket; null for a round robin or before the start. */
  readonly bracket: Bracket | null;
  /** Once finished: everyone's final place. */
  readonly places: readonly Placing[];
  readonly winnerId: number | null;
  /** SHA-256 of the seed each match's first game's seed is derived from; null: none. */
  readonly diceCommitment: string | null;
  /** That seed, hex, once it is over and no game seeded from it is in play; else null. */
  readonly diceSeed: string | null;
  /** Moves with every change its messages show. */
  readonly version: number;
  /** The status the sign-up card was last written for. */
  readonly cardStatus: TournamentStatus | null;
  readonly announced: boolean;
  readonly createdAt: number;
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
}

/** What the organiser may change during sign-up. */
export interface TournamentChange {
  readonly format?: TournamentFormat;
  readonly match?: Rules["match"];
  readonly timeControl?: TimeControlName;
  /** A new sign-up window, from now. */
  readonly signupMs?: number;
}

/** What a cancelled tournament does with the games in progress. */
export type CancelMode = "finish" | "abandon";
