import type { BotParts } from "./create-bot.js";
import type { PlayVsBot } from "./features/vs-bot.js";

/** Games against the bot itself. */
export function vsBotStarter(_delayMs: number): (parts: BotParts) => PlayVsBot {
  return () => async (ctx) => {
    await ctx.reply(ctx.t("err-generic"));
  };
}
