/**
 * The computer player. The bot calls `chooseAction(state, {player, series})` for whatever the
 * game waits for, or the lower-level `choosePlay(spec, ctx, player)` / `cubeDecision(pos, ctx,
 * player)`. Players: "easy" | "medium" | "hard" (the strong player, DEFAULT_LEVEL = "hard")
 * and "pipcount" (the baseline). Pure: no I/O.
 */
export { type CubeView, strongCube } from "./cube.js";
export {
  type AiMove,
  type CubePosition,
  chooseAction,
  choosePlay,
  contextOf,
  continuation,
  cubeDecision,
  type DecideOptions,
  type SeriesScore,
  stateCube,
} from "./decide.js";
export { Evaluator, stockEvaluator } from "./evaluate.js";
export { PIP_RULE, pipcountCube, pipcountPlay } from "./pipcount.js";
export { type GameSetup, playGame } from "./play-game.js";
export { strongPlay } from "./strong.js";
export * from "./types.js";
