import type { Board, Color, Step, Variant } from "../engine/types.js";

/**
 * How the board is laid out: "wide" as on a table (the chat's picture, a desktop), "tall"
 * turned a quarter clockwise for a phone held upright, both home boards at the bottom.
 */
export type Shape = "wide" | "tall";

/** Everything the board picture shows; no names or other user text, by design. */
export interface BoardView {
  readonly variant: Variant;
  /** "wide" when not given; the chat's picture is always wide. */
  readonly shape?: Shape;
  readonly board: Board;
  /** Whose numbering labels the points and who sits at the bottom (the bot passes the mover). */
  readonly perspective: Color;
  readonly toMove: Color | null;
  /**
   * The roll, with one `used` flag per value. A double may come as four values; two equal
   * values are drawn as four dice, flags [a, b] spread as [a, a, b, b].
   */
  readonly dice: { readonly values: readonly number[]; readonly used: readonly boolean[] } | null;
  /** owner null: centred (a value-1 centred cube shows 64, as on a real cube). */
  readonly cube: { readonly value: number; readonly owner: Color | null } | null;
  /** Points of [white, black]. */
  readonly score: readonly [number, number] | null;
  /** The previous turn, in the numbering of `color`. */
  readonly lastMove: { readonly color: Color; readonly steps: readonly Step[] } | null;
  /** Steps already played this turn by `toMove`, in its numbering; `board` includes them. */
  readonly currentSteps: readonly Step[];
  /** A panel across the middle: a replay's opening (the score) or its end (who won what). */
  readonly banner?: Banner | null;
}

export type Banner =
  | { readonly kind: "start"; readonly score: readonly [number, number] }
  | { readonly kind: "result"; readonly winner: Color | null; readonly points: number };
