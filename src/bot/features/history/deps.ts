import type { FeatureDeps } from "../deps.js";

/** What the history feature uses of the bot. */
export type HistoryDeps = Pick<FeatureDeps, "limits" | "reviews">;
