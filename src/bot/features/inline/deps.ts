import type { FeatureDeps } from "../deps.js";

/** What the inline feature uses of the bot. */
export type InlineDeps = Pick<
  FeatureDeps,
  "answers" | "boards" | "config" | "limits" | "logger" | "messages" | "service" | "textsOf"
>;
