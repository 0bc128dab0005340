import type { Variant } from "../engine/index.js";
import type { ServiceContext } from "./context.js";
import type { LeaderRow, PlayerView, SeriesView } from "./types.js";
import { playerView, ratingFor, seriesView } from "./views.js";

export async function chatSeries(ctx: ServiceContext, chatKey: string): Promise<SeriesView[]> {
  return Promise.all((await ctx.series.byChat(chatKey)).map((s) => seriesView(ctx, s)));
}

/** Per player and variant over every series of the chat: best points first. */
export async function leaderboard(
  ctx: ServiceContext,
  chatKey: string,
  variant?: Variant,
): Promise<LeaderRow[]> {
  const rows = new Map<
    string,
    { player: number; variant: Variant; p: number; w: number; g: number; d: number }
  >();
  const add = (player: number, v: Variant, p: number, w: number, g: number, d: number) => {
    const key = `${player}:${v}`;
    const r = rows.get(key) ?? { player, variant: v, p: 0, w: 0, g: 0, d: 0 };
    rows.set(key, { ...r, p: r.p + p, w: r.w + w, g: r.g + g, d: r.d + d });
  };
  for (const s of await ctx.series.byChat(chatKey)) {
    if (variant && s.variant !== variant) continue;
    if (s.games === 0) continue;
    add(s.playerA, s.variant, s.scoreA, s.winsA, s.games, s.draws);
    add(s.playerB, s.variant, s.scoreB, s.winsB, s.games, s.draws);
  }
  const players = await ctx.players.getMany([...new Set([...rows.values()].map((r) => r.player))]);
  const out: LeaderRow[] = [];
  for (const r of rows.values()) {
    const row = players.get(r.player);
    if (!row) continue;
    const player: PlayerView = playerView(row);
    out.push({
      player,
      variant: r.variant,
      points: r.p,
      wins: r.w,
      games: r.g,
      draws: r.d,
      winRate: r.g === 0 ? 0 : r.w / r.g,
      rating: ratingFor(player, r.variant),
    });
  }
  return out.sort(
    (a, b) =>
      b.points - a.points || b.wins - a.wins || b.rating - a.rating || a.player.id - b.player.id,
  );
}
