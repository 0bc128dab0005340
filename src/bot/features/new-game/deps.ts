import type { FeatureDeps } from "../deps.js";

/** What the new-game feature uses of the bot. */
export type NewGameDeps = Pick<
  FeatureDeps,
  | "answers"
  | "boards"
  | "computer"
  | "config"
  | "isReplay"
  | "limits"
  | "lobby"
  | "logger"
  | "memo"
  | "messages"
  | "seekMessages"
  | "service"
  | "textsFor"
  | "textsOf"
  | "tournaments"
>;
