import { Composer } from "grammy";
import type { GameView } from "../../services/index.js";
import type { BotContext } from "../context.js";
import { playersText, resultText } from "../ui/result-text.js";
import { compactReviewRow } from "../ui/review-keyboard.js";
import { gameTitle } from "../ui/rules-text.js";
import type { Tr } from "../ui/tr.js";
import type { FeatureDeps } from "./deps.js";
import { withinLimit } from "./limited.js";

/** Two lines per game: number, date and game; players and result. */
function gameLines(t: Tr, g: GameView): string {
  const date = new Date(g.finishedAt ?? g.createdAt).toISOString().slice(0, 10);
  const head = `<b>#${g.id}</b> · ${date} · ${gameTitle(t, g.variant, g.rules)}`;
  return `${head}\n${playersText(g)} · ${resultText(t, g)}`;
}

/** `/history`: the chat's last finished games, each with its analysis, replay and record. */
export function historyFeature(deps: FeatureDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  composer.command("history", async (ctx) => {
    if (!(await withinLimit(ctx, deps.limits.history, "limit-command"))) return;
    const games = deps.reviews.history(ctx.chat.id);
    if (games.length === 0) {
      await ctx.reply(ctx.t("history-none"));
      return;
    }
    const text = [`<b>${ctx.t("history-title")}</b>`, ...games.map((g) => gameLines(ctx.t, g))];
    const rows = games.map(compactReviewRow).filter((row) => row.length > 0);
    await ctx.reply(text.join("\n\n"), {
      parse_mode: "HTML",
      reply_markup: { inline_keyboard: rows },
    });
  });

  return composer;
}
