export type { ChallengeInput, GameStart } from "./challenges.js";
export * from "./dialog-store.js";
export * from "./dice.js";
export * from "./errors.js";
export * from "./events.js";
export * from "./game-service.js";
export type { MessageRef } from "./message-ref.js";
export * from "./replay.js";
export * from "./types.js";
