export type { GameAction } from "./actions.js";
export * from "./analysis.js";
export * from "./analysis-thread.js";
export * from "./audit.js";
export type { ChallengeInput, GameStart } from "./challenges.js";
export { ClockKeeper } from "./clock-keeper.js";
export * from "./computer-thread.js";
export * from "./dice.js";
export * from "./errors.js";
export * from "./events.js";
export type { FrontEnd, GameOrigin } from "./front-end.js";
export * from "./game-service.js";
export {
  isLobbyGame,
  lobbyNextGameDue,
  lobbyRules,
  NEXT_GAME_DELAY_MS,
  nextGameByPress,
} from "./lobby/lobby.js";
export { LobbyKeeper } from "./lobby/lobby-keeper.js";
export { LobbyService } from "./lobby/lobby-service.js";
export {
  type BlockOutcome,
  MAX_PHRASES,
  PHRASES,
  type Phrase,
  type PhraseOutcome,
  type ReportOutcome,
  type UnblockOutcome,
} from "./lobby/strangers.js";
export { isAtHome, type MessageRef } from "./message-ref.js";
export * from "./news.js";
export type { StartedBy } from "./play.js";
export type { RecordFile } from "./records/game-record.js";
export * from "./replay.js";
export * from "./reviews.js";
export * from "./timeline.js";
export * from "./tournaments/index.js";
export * from "./types.js";
