import type { FeatureDeps } from "../deps.js";

/** What the game feature uses of the bot. */
export type GameDeps = Pick<
  FeatureDeps,
  "answers" | "boards" | "isReplay" | "memo" | "messages" | "privateBoards" | "service"
>;
