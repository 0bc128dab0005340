import {
  type Action,
  type Color,
  type GameState,
  mayDouble,
  remainingPlays,
  turnView,
} from "../engine/index.js";

/**
 * The action the service takes by itself now, if any: roll for a player who could not
 * double anyway, and play the rest of a turn when only one play is left.
 * `afterUndo`: the player just took a step back, so a forced rest is theirs to replay.
 */
export function autoAction(
  state: GameState,
  afterUndo = false,
): { by: Color; action: Action } | null {
  if (state.phase === "roll" && !mayDouble(state))
    return { by: state.turn, action: { type: "roll" } };
  if (state.phase !== "move" || afterUndo) return null;
  const view = turnView(state);
  const next = view?.nextSteps[0];
  if (!view || view.complete || !next || !restIsForced(state)) return null;
  // With one play left every listed next step leads to it.
  return { by: state.turn, action: { type: "step", from: next.from, to: next.to, die: next.die } };
}

/** Whether every way to finish the turn ends in the same position. */
export function restIsForced(state: GameState): boolean {
  return remainingPlays(state).length === 1;
}
