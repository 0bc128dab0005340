import { type Color, currentBoard, type GameState } from "../engine/index.js";
import type { BoardView } from "./view.js";

/** The picture of a game: the mover's numbering at the bottom, the steps of this turn lit. */
export function boardViewOf(state: GameState, score: readonly [number, number] | null): BoardView {
  const toMove: Color | null = state.phase === "over" ? null : state.turn;
  const perspective: Color =
    state.phase === "over" ? (state.result?.winner ?? state.turn) : state.turn;
  const dice = state.dice
    ? diceView(
        state.dice,
        state.steps.map((s) => s.die),
      )
    : null;
  return {
    variant: state.variant,
    board: currentBoard(state),
    perspective,
    toMove,
    dice,
    cube: state.rules.cube ? state.cube : null,
    score,
    lastMove: state.lastMove ? { color: state.lastMove.color, steps: state.lastMove.steps } : null,
    currentSteps: state.steps,
  };
}

/** The dice as drawn: four values for a double, each marked used or not. */
export function diceView(
  dice: readonly [number, number],
  used: readonly number[],
): BoardView["dice"] {
  const values = dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]];
  const left = [...used];
  const flags = values.map((v) => {
    const i = left.indexOf(v);
    if (i < 0) return false;
    left.splice(i, 1);
    return true;
  });
  return { values, used: flags };
}
