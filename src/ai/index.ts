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
