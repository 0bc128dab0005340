/**
 * What the board page and the server say to each other: shared by both sides, so it holds
 * types and constants only (the page is bundled from it, the server imports it).
 */
import type { Board, Color, Cube, Dice, GameState, Step, Variant } from "../engine/index.js";
import type { CubeAction, Decision } from "../services/index.js";

export type { CubeAction };

/** A player of the game, or someone watching it. */
export type Role = Color | "spectator";

/**
 * The page's ids of people are seats, never Telegram ids: nobody learns another's account
 * from a page (a stranger's in the lobby least of all). White is 1, black 2, and a viewer
 * who does not play is 0; `waitingFor` and `me.id` use the same numbers.
 */
export const SEAT_ID = { white: 1, black: 2, spectator: 0 } as const satisfies Record<Role, number>;

export interface PagePlayer {
  /** The seat (SEAT_ID), not the person's Telegram id. */
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
  /** The seat the game waits for (SEAT_ID). */
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
   * The game is over and its lobby match goes on: the next game starts by itself in a few
   * seconds, and the page opens it. Optional for a page older than its server's field.
   */
  readonly nextGameDue?: boolean;
  /**
   * A lobby game's terms, to seek another like it once its match is over; null for any other
   * game. Optional for a page older than its server's field.
   */
  readonly lobby?: { readonly matchLength: number; readonly clock: string } | null;
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
  /** A lobby match's next game is on its way (the seconds filled in). */
  readonly nextGame: string;
  /** " · on time" after a result: the loser's flag fell. */
  readonly onTime: string;
  /** {name}: a match's last game says who won the match. */
  readonly matchWon: string;
  /** After a lobby match: back to the page's home, and a search for another like it. */
  readonly home: string;
  readonly findAnother: string;
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

// ---------------------------------------------------------------- the page's home (the lobby)

/** The clocks a lobby game may have, and the lengths the home's chooser offers. */
export const HOME_CLOCKS = ["blitz", "normal", "casual"] as const;
export type HomeClock = (typeof HOME_CLOCKS)[number];
export const HOME_LENGTHS = [1, 3, 5, 7] as const;

/** A waiting seek as the home lists it: a stranger's first name and rating only. */
export interface HomeSeek {
  readonly id: number;
  readonly variant: Variant;
  /** Points of the match; 1: a single game. */
  readonly matchLength: number;
  readonly clock: string;
  readonly name: string;
  /** The seeker's rating in the seek's game, rounded. */
  readonly rating: number;
}

/** What changes on the home while it is open: polled every `pollMs`. */
export interface HomeState {
  /** Others' waiting seeks, nearest the viewer's rating first (at most 50). */
  readonly seeks: readonly HomeSeek[];
  /** The viewer's own waiting seek. */
  readonly mine: HomeSeek | null;
  /** The game the viewer's latest seek met, while it goes on: the page opens its board. */
  readonly paired: number | null;
}

/** A place on a leaderboard: `figure` is written by the server (numbers in the viewer's words). */
export interface HomeRow {
  readonly rank: number;
  readonly name: string;
  readonly figure: string;
  readonly me: boolean;
}

/** One game's leaderboards, top ten each, and the viewer's own rating in it. */
export interface HomeBoard {
  readonly variant: Variant;
  readonly allTime: readonly HomeRow[];
  readonly month: readonly HomeRow[];
  readonly you: string;
}

/** A game of the viewer's in progress, to go back to. */
export interface HomeGame {
  readonly id: number;
  readonly variant: Variant;
  readonly opponent: string;
}

/** The home's texts; `{slot}`s are filled in the page. */
export interface HomeTexts {
  readonly title: string;
  readonly intro: string;
  readonly length: string;
  readonly clock: string;
  readonly seekLong: string;
  readonly seekShort: string;
  /** {game} */
  readonly waiting: string;
  readonly cancel: string;
  readonly seeks: string;
  readonly noSeeks: string;
  readonly join: string;
  /** {rating} */
  readonly rating: string;
  readonly games: string;
  readonly open: string;
  /** {game} {name} */
  readonly vs: string;
  readonly boards: string;
  readonly allTime: string;
  readonly month: string;
  readonly boardEmpty: string;
  readonly monthEmpty: string;
  readonly paired: string;
  readonly paused: string;
  readonly refresh: string;
  readonly offline: string;
  readonly variants: Readonly<Record<Variant, string>>;
  /** By match length, 1 to 11: "1 game", "3 points". */
  readonly lengths: Readonly<Record<string, string>>;
  readonly clocks: Readonly<Record<string, string>>;
}

/** Everything the home needs to open. */
export interface HomeBoot {
  readonly me: PagePlayer;
  readonly locale: string;
  readonly texts: HomeTexts;
  readonly state: HomeState;
  readonly boards: readonly HomeBoard[];
  readonly games: readonly HomeGame[];
  /** How often the page asks for the state while it is seen. */
  readonly pollMs: number;
}

/** The body of a seek from the home. */
export interface SeekRequest {
  readonly variant: Variant;
  readonly matchLength: number;
  readonly clock: HomeClock;
}

/** What a seek, a join or a cancel answers: the state after it, and the game it made. */
export interface HomeAnswer {
  readonly state: HomeState;
  readonly gameId?: number;
}
