import { type CommandContext, Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { compactReviewRow } from "../../ui/review-keyboard.js";
import { withinLimit } from "../limited.js";
import type { HistoryDeps } from "./deps.js";
import { historyText } from "./text.js";

/** `/history`: the chat's last finished games, each with its analysis, replay and record. */
export function historyFeature(deps: HistoryDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command("history", (ctx) => historyCommand(deps, ctx));
  return composer;
}

/** `/history`: the list, with a row of review buttons per game. */
async function historyCommand(deps: HistoryDeps, ctx: CommandContext<BotContext>): Promise<void> {
  if (!(await withinLimit(ctx, deps.limits.history, "limit-command"))) return;
  const games = await deps.reviews.history(ctx.chat.id);
  if (games.length === 0) {
    await ctx.reply(ctx.t("history-none"));
    return;
  }
  const rows = games.map(compactReviewRow).filter((row) => row.length > 0);
  await ctx.reply(historyText(ctx.t, games), {
    parse_mode: "HTML",
    reply_markup: { inline_keyboard: rows },
  });
}
