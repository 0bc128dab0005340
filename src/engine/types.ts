/** The two games of the family. */
export type Variant = "long" | "short";
export type Color = "white" | "black";

/**
 * One side's checkers in its own numbering: index 0 = borne off, 1..24 = points
 * (the side moves from 24 towards 1), 25 = bar (short nardy only).
 */
export type Side = readonly number[];

export const OFF = 0;
export const BAR = 25;
export const CHECKERS = 15;

/** Both sides, each in its own numbering. */
export interface Board {
  readonly white: Side;
  readonly black: Side;
}

export type Dice = readonly [number, number];

/** One checker moved by one die, in the mover's numbering (to = 0 means off). */
export interface Step {
  readonly from: number;
  readonly to: number;
  readonly die: number;
  readonly hit?: boolean;
}

export const other = (c: Color): Color => (c === "white" ? "black" : "white");
