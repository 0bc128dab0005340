/**
 * The computer player. The bot calls `chooseAction(state, {player, series})` for whatever the
 * game waits for, or the lower-level `choosePlay(spec, ctx, player)` / `cubeDecision(pos, ctx,
 * player)`. Players: "easy" | "medium" | "hard" | "expert" (the strong player, DEFAULT_LEVEL =
 * "hard") and "pipcount" (the baseline). Pure: no I/O.
 */
export {
  type AiMove,
  chooseAction,
  choosePlay,
  cubeDecision,
  type SeriesScore,
} from "./decide.js";
export { pipcountCube, pipcountPlay } from "./pipcount.js";
export { playGame } from "./play-game.js";
export * from "./types.js";
