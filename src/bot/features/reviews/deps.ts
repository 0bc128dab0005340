import type { FeatureDeps } from "../deps.js";

/** What the reviews feature uses of the bot. */
export type ReviewsDeps = Pick<
  FeatureDeps,
  | "analyse"
  | "analyses"
  | "answers"
  | "config"
  | "limits"
  | "logger"
  | "renderDecisions"
  | "renderReplay"
  | "replays"
  | "reviews"
  | "service"
  | "textsOf"
>;
