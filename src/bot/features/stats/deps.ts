import type { FeatureDeps } from "../deps.js";

/** What the stats feature uses of the bot. */
export type StatsDeps = Pick<FeatureDeps, "service" | "tournaments" | "limits" | "renderRating">;
