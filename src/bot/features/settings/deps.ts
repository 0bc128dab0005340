import type { FeatureDeps } from "../deps.js";

/** What the settings feature uses of the bot. */
export type SettingsDeps = Pick<FeatureDeps, "answers" | "memo" | "service" | "lobby">;
