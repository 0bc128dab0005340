import type { FeatureDeps } from "../deps.js";

/** What the basics feature uses of the bot. */
export type BasicsDeps = Pick<FeatureDeps, "answers" | "memo" | "prefs">;
