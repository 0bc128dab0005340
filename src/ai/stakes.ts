import type { Scoring, Variant } from "../engine/index.js";
import { matchEquity } from "./met.js";
import type { MatchScore } from "./types.js";
import { crawfordDone, isMatch, resultPoints } from "./values.js";

/**
 * What a game's result is worth to one side ("me"): points in a money game, my chance to win
 * the match in a match. `won(k)`/`lost(k)`: I win / lose k points (the cube included).
 */
export interface Stakes {
  won(k: number): number;
  lost(k: number): number;
  /** Points of a single, gammon/mars and backgammon/koks. */
  readonly points: readonly [number, number, number];
  /** Whether a cube of `value` owned by me is dead: a redouble gains me nothing. */
  cubeDeadFor(value: number): boolean;
  /** The same game seen by the other side. */
  swap(): Stakes;
  /** My side's value turned into the other side's. */
  other(v: number): number;
}

/** The highest cube: no redouble past it. */
export const MAX_CUBE = 64;

class MoneyStakes implements Stakes {
  constructor(readonly points: readonly [number, number, number]) {}
  won = (k: number) => k;
  lost = (k: number) => -k;
  cubeDeadFor = (value: number) => 2 * value > MAX_CUBE;
  swap = () => this;
  other = (v: number) => -v;
}

class MatchStakes implements Stakes {
  /** `a`, `b`: points I and the other side still need; `done`: no Crawford game is due. */
  constructor(
    readonly points: readonly [number, number, number],
    private readonly a: number,
    private readonly b: number,
    private readonly done: boolean,
  ) {}
  won = (k: number) => matchEquity(this.a - k, this.b, this.done);
  lost = (k: number) => matchEquity(this.a, this.b - k, this.done);
  // Once a single win at this cube takes me past the finish, doubling only risks.
  cubeDeadFor = (value: number) => 2 * value > MAX_CUBE || this.a <= value;
  swap = () => new MatchStakes(this.points, this.b, this.a, this.done);
  other = (v: number) => 1 - v;
}

/** Stakes of the game for `me`: money unless `match` is a real match. */
export function stakesOf(
  variant: Variant,
  scoring: Scoring | undefined,
  match: MatchScore | null | undefined,
): Stakes {
  const points = resultPoints(variant, scoring);
  if (!isMatch(match)) return new MoneyStakes(points);
  const done = !!match.crawford || crawfordDone(match);
  return new MatchStakes(points, match.to - match.me, match.to - match.opp, done);
}
