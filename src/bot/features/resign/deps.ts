import type { FeatureDeps } from "../deps.js";

/** What the resign feature uses of the bot. */
export type ResignDeps = Pick<
  FeatureDeps,
  "answers" | "boards" | "isReplay" | "memo" | "messages" | "privateBoards" | "service"
>;
