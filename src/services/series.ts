import type { GameRow, SeriesRow } from "../db/index.js";
import { newSeries, nextStarter, type Rules, seriesOver, type Variant } from "../engine/index.js";
import type { ServiceContext } from "./context.js";
import { rulesKey } from "./rules-key.js";

/** Series are kept per chat; games in inline messages share one key. */
export const chatKeyOf = (chatId: number | null): string =>
  chatId === null ? "inline" : String(chatId);

const seriesKey = (
  chatKey: string,
  pair: readonly [number, number],
  variant: Variant,
  rules: Rules,
) => {
  const [playerA, playerB] = pair[0] < pair[1] ? pair : [pair[1], pair[0]];
  return { chatKey, playerA, playerB, variant, rulesKey: rulesKey(rules) };
};

/** The running series of the pair for these rules in this chat, if there is one. */
export async function runningSeries(
  ctx: ServiceContext,
  chatKey: string,
  pair: readonly [number, number],
  variant: Variant,
  rules: Rules,
): Promise<SeriesRow | undefined> {
  return await ctx.series.findActive(seriesKey(chatKey, pair, variant, rules));
}

/**
 * A new series of the pair: `running`, the one still open under the same key, ends first,
 * unfinished and unrated (a lobby pairing is a new match, never the old one).
 */
export async function freshSeries(
  ctx: ServiceContext,
  running: SeriesRow | undefined,
  chatKey: string,
  pair: readonly [number, number],
  variant: Variant,
  rules: Rules,
): Promise<SeriesRow> {
  if (running) await ctx.series.close(running.id, ctx.config.now());
  return await newSeriesOf(ctx, chatKey, pair, variant, rules);
}

/** A new running series of the pair, from its first game. */
export async function newSeriesOf(
  ctx: ServiceContext,
  chatKey: string,
  pair: readonly [number, number],
  variant: Variant,
  rules: Rules,
): Promise<SeriesRow> {
  const now = ctx.config.now();
  return await ctx.series.insert({
    ...seriesKey(chatKey, pair, variant, rules),
    rules,
    state: newSeries(),
    createdAt: now,
    updatedAt: now,
  });
}

/** The next game's starter as a user id, or "lot" (always "lot" for a series' first game). */
export function seriesStarter(s: SeriesRow): number | "lot" {
  const next = nextStarter(s.rules, s.state);
  return next === "lot" ? next : next === 0 ? s.playerA : s.playerB;
}

/**
 * What player `winnerId` of game `g` lacks of its match's N points: a flag's least value,
 * so that in a match to N points running out of time loses the match. 0 in any other series
 * (a set of games, a running series: the flag costs that game only) and in one over already.
 */
export async function matchPointsLacking(
  ctx: ServiceContext,
  g: GameRow,
  winnerId: number,
): Promise<number> {
  const s = await ctx.series.get(g.seriesId);
  if (s?.rules.match.kind !== "points" || seriesOver(s.state)) return 0;
  const seat = winnerId === s.playerA ? 0 : 1;
  return Math.max(0, s.rules.match.to - s.state.scores[seat]);
}
