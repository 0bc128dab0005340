import type { FeatureDeps } from "../deps.js";

/** What the challenge feature uses of the bot. */
export type ChallengeDeps = Pick<
  FeatureDeps,
  | "answers"
  | "boards"
  | "computer"
  | "config"
  | "isReplay"
  | "limits"
  | "lobby"
  | "memo"
  | "messages"
  | "seekMessages"
  | "service"
  | "textsFor"
  | "textsOf"
>;
