import type { GameState, LastMove } from "./game.js";
import type { Color } from "./types.js";

/** A finished turn, and whether it was played for the side without its own input. */
export interface LoggedTurn extends LastMove {
  readonly auto: boolean;
}

/** What one side has not seen happen since it last acted. */
export interface SideLog {
  /** The side has not acted yet this game (the opening lot is news to it). */
  readonly fromStart: boolean;
  /** The turn number in which the side last acted itself, if any. */
  readonly actedTurn: number | null;
  /** Turns finished since then, oldest first, at most TURN_LOG_LIMIT. */
  readonly turns: readonly LoggedTurn[];
}

export type TurnLog = { readonly [C in Color]: SideLog };

export const TURN_LOG_LIMIT = 6;

export const emptyTurnLog: TurnLog = {
  white: { fromStart: true, actedTurn: null, turns: [] },
  black: { fromStart: true, actedTurn: null, turns: [] },
};

/**
 * The log after one action that took `before` to `after`. `by` is the side that acted itself,
 * or null for an action taken for it (an automatic roll, a forced rest, a pass). A side's own
 * turn is news only to its opponent; a turn played for it entirely is news to both.
 */
export function logAction(
  log: TurnLog,
  before: GameState,
  after: GameState,
  by: Color | null,
): TurnLog {
  let next = log;
  if (by) next = { ...next, [by]: { fromStart: false, actedTurn: before.turnNumber, turns: [] } };
  const move = after.lastMove;
  if (!move || move === before.lastMove) return next;
  const own = next[move.color].actedTurn === before.turnNumber;
  const entry: LoggedTurn = { ...move, auto: !own };
  const add = (side: SideLog): SideLog => ({
    ...side,
    turns: [...side.turns, entry].slice(-TURN_LOG_LIMIT),
  });
  return {
    white: move.color === "white" && own ? next.white : add(next.white),
    black: move.color === "black" && own ? next.black : add(next.black),
  };
}
