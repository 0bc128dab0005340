import type { DecisionBoards } from "../../../render/decision.js";
import type { GameView } from "../../../services/index.js";
import { diceView } from "../../ui/board-view.js";
import type { CostlyDecision } from "./analysis-text.js";

/**
 * A costly decision's boards from its player's side. A checker play: the board after the
 * play made, marked as the last move, and after the best play, marked as the turn's own
 * steps. A cube or resignation decision: the position as it was, with the cube.
 */
export function decisionBoards(g: GameView, d: CostlyDecision): DecisionBoards {
  const common = { variant: g.variant, perspective: d.color, score: null } as const;
  if (d.kind === "cube")
    return [
      {
        ...common,
        board: d.board,
        toMove: null,
        dice: null,
        cube: d.cube,
        lastMove: null,
        currentSteps: [],
      },
    ];
  const dice = diceView(d.dice, []);
  return [
    {
      ...common,
      board: d.after,
      toMove: null,
      dice,
      cube: null,
      lastMove: { color: d.color, steps: d.played },
      currentSteps: [],
    },
    {
      ...common,
      board: d.bestAfter,
      toMove: d.color,
      dice,
      cube: null,
      lastMove: null,
      currentSteps: d.best,
    },
  ];
}
