import { Composer } from "grammy";
import type { Variant } from "../../engine/index.js";
import type { BotContext } from "../context.js";
import { htmlName } from "../ui/names.js";
import { gameTitle } from "../ui/rules-text.js";
import type { FeatureDeps } from "./deps.js";

/** `/score`: this chat's series; `/top`: its leaderboard per variant. */
export function statsFeature(deps: FeatureDeps): Composer<BotContext> {
  const { service } = deps;
  const composer = new Composer<BotContext>();
  const chatIdOf = (ctx: BotContext) => ctx.chat?.id ?? null;

  composer.command("score", async (ctx) => {
    const all = service.chatSeries(chatIdOf(ctx));
    if (all.length === 0) {
      await ctx.reply(ctx.t("score-none"));
      return;
    }
    const lines = [`<b>${ctx.t("score-title")}</b>`];
    for (const s of all.slice(0, 30)) {
      const [a, b] = s.players;
      const [pa, pb] = s.state.scores;
      const over = s.over ? ` · ${ctx.t("score-over")}` : "";
      const tournament = s.tournamentId === null ? "" : " · 🏆";
      lines.push(
        `${htmlName(a)} <b>${pa} : ${pb}</b> ${htmlName(b)} — ${gameTitle(ctx.t, s.variant, s.rules)} · ${ctx.t("score-games", { n: s.state.games })}${over}${tournament}`,
      );
    }
    await ctx.reply(lines.join("\n"), { parse_mode: "HTML" });
  });

  composer.command("top", async (ctx) => {
    const sections: string[] = [];
    for (const variant of ["long", "short"] as Variant[]) {
      const rows = service.leaderboard(chatIdOf(ctx), variant);
      if (rows.length === 0) continue;
      const lines = [`<b>${ctx.t("top-title", { variant: ctx.t(`variant-${variant}`) })}</b>`];
      rows.slice(0, 15).forEach((r, i) => {
        lines.push(
          ctx.t("top-row", {
            rank: i + 1,
            name: htmlName(r.player),
            points: r.points,
            wins: r.wins,
            games: r.games,
            rate: Math.round(r.winRate * 100),
            rating: Math.round(r.rating),
          }),
        );
      });
      sections.push(lines.join("\n"));
    }
    const champions =
      chatIdOf(ctx) === null ? new Map() : deps.tournaments.winsInChat(chatIdOf(ctx)!);
    if (champions.size > 0) {
      const list = [...champions.entries()]
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, 15)
        .map(([id, wins]) => {
          const who = service.playerRefOf(id);
          return `${who ? htmlName(who) : "?"} ${wins}`;
        });
      sections.push(ctx.t("top-tournaments", { list: list.join(", ") }));
    }
    await ctx.reply(sections.length ? sections.join("\n\n") : ctx.t("top-none"), {
      parse_mode: "HTML",
    });
  });

  return composer;
}
