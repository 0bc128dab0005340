/**
 * What the board page and the server say to each other: shared by both sides, so it holds
 * types and constants only (the page is bundled from it, the server imports it).
 */
import type { Board, Color, Cube, Dice, GameState, Step, Variant } from "../engine/index.js";
import type { CubeAction, Decision } from "../services/index.js";

export type { CubeAction };

/** A player of the game, or someone watching it. */
export type Role = Color | "spectator";

export interface PagePlayer {
  readonly id: number;
  readonly name: string;
}

/** A game as the page shows it. */
export interface PageGame {
  readonly id: number;
  readonly variant: Variant;
  readonly status: "active" | "finished" | "broken" | "abandoned";
  /** Waiting for the message it starts in: no die has fallen yet. */
  readonly starting: boolean;
  readonly state: GameState;
  /** Sent back with every action: an action made on an older version is refused. */
  readonly version: number;
  readonly white: PagePlayer;
  readonly black: PagePlayer;
  /** The user the game waits for. */
  readonly waitingFor: number | null;
  /** The series score before this game. */
  readonly score: { readonly white: number; readonly black: number };
  /** Once the game is over: the series score after it. */
  readonly scoreAfter: { readonly white: number; readonly black: number } | null;
  /** The player kept waiting may claim the win now. */
  readonly claimable: boolean;
  /** The game is over and its series goes on: a next game may be started. */
  readonly rematch: boolean;
  /**
   * A delay clock's figures as of `clock.now`; null without one (no clock, correspondence).
   * Optional for a page older than its server's field: it then reads as none.
   */
  readonly clock?: PageClock | null;
}

/**
 * A delay clock as the server saw it when it wrote it. The page counts down from the moment
 * it received it, by its own monotonic time (performance.now()), never by its wall clock:
 * the running side spends its delay first, then its reserve, and nothing goes below zero.
 * The server's flag ends the game; the page only waits for it at 0:00.
 */
export interface PageClock {
  /** The free time of every move. */
  readonly delayMs: number;
  /** Each side's reserve left, as of `now`. */
  readonly reserveMs: { readonly white: number; readonly black: number };
  /** The side whose move it is (its delay is the one below); null once the game is over. */
  readonly turn: Color | null;
  /** What is left of `turn`'s delay for this move, as of `now`. */
  readonly delayLeftMs: number;
  /** The side whose time runs now (always `turn`); null while the clock waits or is held. */
  readonly running: Color | null;
  /** The server's time at writing (ms since the epoch): of two, the later figures win. */
  readonly now: number;
}

/** The page's texts in the viewer's language; `{name}`-style slots are filled in the page. */
export interface PageTexts {
  readonly roll: string;
  readonly double: string;
  readonly undo: string;
  readonly confirm: string;
  readonly take: string;
  readonly drop: string;
  readonly accept: string;
  readonly decline: string;
  readonly claim: string;
  readonly rematch: string;
  readonly resign: string;
  readonly resignYes: string;
  readonly cancel: string;
  /** {name} */
  readonly resignLong: string;
  /** {name} */
  readonly resignShort: string;
  /** {name} */
  readonly rollOrDouble: string;
  /** {dice} {name} */
  readonly toMove: string;
  /** {name} {value} {other} */
  readonly doubles: string;
  /** {name} {kind} {other} */
  readonly resignOffer: string;
  /** {name} {kind} {points} */
  readonly wins: string;
  readonly draw: string;
  readonly starting: string;
  readonly broken: string;
  readonly abandoned: string;
  readonly watching: string;
  readonly notSent: string;
  readonly closedElsewhere: string;
  readonly yourTurn: string;
  readonly waitingFor: string;
  readonly offline: string;
  readonly stale: string;
  readonly replay: string;
  /** {n} {total} */
  readonly turnOf: string;
  readonly start: string;
  /** {play} */
  readonly played: string;
  /** {play} {loss} */
  readonly best: string;
  readonly noAnalysis: string;
  readonly noMove: string;
  /** A side's pip count, `{n}`. */
  readonly pips: string;
  /** What a clock's figures are: this move's delay, then the reserve. */
  readonly clock: string;
  readonly kinds: Readonly<Record<string, string>>;
  readonly levels: Readonly<Record<MarkLevel, string>>;
  readonly cubeActions: Readonly<Record<CubeAction, string>>;
}

/** Everything the page needs to open a game. */
export interface PageBoot {
  readonly me: PagePlayer;
  readonly role: Role;
  readonly locale: string;
  readonly texts: PageTexts;
  readonly game: PageGame;
}

/** The body of an action: the game action as the service takes it, on `version`. */
export interface ActRequest {
  readonly version: number;
  readonly action: unknown;
}

/** A refused request: a code, a sentence in the viewer's language, the game as it is. */
export interface Refusal {
  readonly code: string;
  readonly message: string;
  readonly game?: PageGame;
}

/** One turn of a finished game: who, the roll, the steps and the board after them. */
export interface PageTurn {
  readonly color: Color;
  readonly dice: Dice;
  readonly steps: readonly Step[];
  readonly board: Board;
  /** The cube after the turn (a double and its take come before the turn's move). */
  readonly cube: Cube;
}

export type MarkLevel = "inaccuracy" | "error" | "blunder";

/** A costly decision from the stored analysis, on the turn it was made (from 1). */
export type PageMark =
  | ({ readonly kind: "play"; readonly level: MarkLevel } & Pick<
      Decision,
      | "turn"
      | "color"
      | "loss"
      | "dice"
      | "after"
      | "bestAfter"
      | "played"
      | "best"
      | "playedMoves"
      | "bestMoves"
    >)
  | {
      readonly kind: "cube";
      readonly turn: number;
      readonly color: Color;
      readonly level: MarkLevel;
      readonly loss: number;
      readonly action: CubeAction;
      readonly bestAction: CubeAction;
    };

/** A finished game move by move, with the analysis's marks when it has been analysed. */
export interface PageReview {
  readonly start: Board;
  readonly startCube: Cube;
  readonly turns: readonly PageTurn[];
  readonly marks: readonly PageMark[] | null;
}

/** Server-sent events on a game's stream. */
export const EVENT = { game: "game", next: "next", closed: "closed" } as const;

/** The header every API request carries Telegram's signed launch data in. */
export const AUTH_SCHEME = "tma";
