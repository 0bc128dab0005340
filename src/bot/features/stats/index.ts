import { type CommandContext, Composer } from "grammy";
import type { Variant } from "../../../engine/index.js";
import type { BotContext } from "../../context.js";
import type { StatsDeps } from "./deps.js";
import { globalTopCommand, ratingCommand } from "./rating.js";
import { scoreText, topText } from "./text.js";

/**
 * `/score`: this chat's series; `/top`: its leaderboard per variant (`/top global`: the
 * ratings across chats); `/rating`: the sender's rating across chats, as a chart.
 */
export function statsFeature(deps: StatsDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command("score", (ctx) => scoreCommand(deps, ctx));
  composer.command("top", (ctx) =>
    isGlobal(ctx.match) ? globalTopCommand(deps, ctx) : topCommand(deps, ctx),
  );
  composer.command("rating", (ctx) => ratingCommand(deps, ctx));
  return composer;
}

/** `/top global`: the boards across chats, not the chat's own. */
const isGlobal = (args: string): boolean => args.trim().toLowerCase() === "global";

const chatIdOf = (ctx: BotContext) => ctx.chat?.id ?? null;

/** `/score`: the chat's series, most recent first. */
async function scoreCommand(deps: StatsDeps, ctx: CommandContext<BotContext>): Promise<void> {
  const all = await deps.service.chatSeries(chatIdOf(ctx));
  if (all.length === 0) {
    await ctx.reply(ctx.t("score-none"));
    return;
  }
  await ctx.reply(scoreText(ctx.t, all.slice(0, 30)), { parse_mode: "HTML" });
}

/** `/top`: the chat's leaderboards per variant, and its tournament champions. */
async function topCommand(deps: StatsDeps, ctx: CommandContext<BotContext>): Promise<void> {
  const { service } = deps;
  const boards = await Promise.all(
    (["long", "short"] as Variant[]).map(async (variant) => ({
      variant,
      rows: (await service.leaderboard(chatIdOf(ctx), variant)).slice(0, 15),
    })),
  );
  const chatId = chatIdOf(ctx);
  const wins =
    chatId === null ? new Map<number, number>() : await deps.tournaments.winsInChat(chatId);
  const champions = await Promise.all(
    [...wins.entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, 15)
      .map(async ([id, n]) => ({ player: await service.playerRefOf(id), wins: n })),
  );
  const text = topText(ctx.t, boards, champions);
  await ctx.reply(text || ctx.t("top-none"), { parse_mode: "HTML" });
}
