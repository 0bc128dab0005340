import type { FeatureDeps } from "../deps.js";

/** What the private-board feature uses of the bot. */
export type PrivateBoardDeps = Pick<FeatureDeps, "privateBoards" | "service">;
