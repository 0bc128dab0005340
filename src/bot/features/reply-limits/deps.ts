import type { FeatureDeps } from "../deps.js";

/** What the reply-limits feature uses of the bot. */
export type ReplyLimitsDeps = Pick<FeatureDeps, "limits">;
