import type { Scoring } from "../engine/index.js";

/** Strength levels of the strong player. */
export type Level = "easy" | "medium" | "hard" | "expert";

/** Every computer player: a level of the strong player, or the pip-count baseline. */
export type Player = Level | "pipcount";

const LEVELS: readonly Level[] = ["easy", "medium", "hard", "expert"];
const PLAYERS: readonly Player[] = [...LEVELS, "pipcount"];

/** The level the bot plays at unless told otherwise (docs/benchmarks.md: the levels' figures). */
export const DEFAULT_LEVEL: Level = "hard";

/**
 * Outcome probabilities of a position for one side, cumulative as in gnubg:
 * win ⊇ winG ⊇ winBG, and loseG ⊇ loseBG among the losses. G is a gammon (short) or a mars
 * (long); BG a backgammon (short) or a koks (long).
 */
export interface Probs {
  win: number;
  winG: number;
  winBG: number;
  loseG: number;
  loseBG: number;
}

/** A match to `to` points seen from the deciding side; `to: 0` or no match is money play. */
export interface MatchScore {
  readonly to: number;
  readonly me: number;
  readonly opp: number;
  /** This is the Crawford game (the engine already forbids doubling in it). */
  readonly crawford?: boolean;
}

/** Everything besides the position that changes what the best decision is. */
export interface AiContext {
  /** Long nardy's result rule; short nardy always scores 1/2/3. Default `mars`. */
  readonly scoring?: Scoring;
  /** Current cube value (match play: the stake decides the match equities). Default 1. */
  readonly cubeValue?: number;
  /** Money play with the Jacoby rule and a centred cube: gammons count as singles. */
  readonly jacobyActive?: boolean;
  readonly match?: MatchScore | null;
  /** Random source in [0, 1) for the easy level's noise; default Math.random. */
  readonly random?: () => number;
}

export interface CubeAnswer {
  /** Whether the side on roll doubles now. */
  readonly double: boolean;
  /** Whether the other side takes if the side on roll doubles. */
  readonly take: boolean;
}

export const isLevel = (v: unknown): v is Level => LEVELS.includes(v as Level);
export const isPlayer = (v: unknown): v is Player => PLAYERS.includes(v as Player);
