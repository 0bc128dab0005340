import type { FeatureDeps } from "../deps.js";

/** What the membership feature uses of the bot. */
export type MembershipDeps = Pick<FeatureDeps, "boards" | "logger" | "messages" | "service">;
