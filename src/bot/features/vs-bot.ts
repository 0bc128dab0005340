import type { Rules, Variant } from "../../engine/index.js";
import type { BotContext } from "../context.js";

/** Starts a game against the bot itself in the current chat. */
export type PlayVsBot = (ctx: BotContext, variant: Variant, rules: Rules) => Promise<void>;
