import type { SeriesRow } from "../db/index.js";
import { newSeries, nextStarter, type Rules, type Variant } from "../engine/index.js";
import type { ServiceContext } from "./context.js";
import { rulesKey } from "./rules-key.js";

/** Series are kept per chat; games in inline messages share one key. */
export const chatKeyOf = (chatId: number | null): string =>
  chatId === null ? "inline" : String(chatId);

/** The running series of the pair for these rules in this chat, created when none is. */
export function openSeries(
  ctx: ServiceContext,
  chatKey: string,
  pair: readonly [number, number],
  variant: Variant,
  rules: Rules,
): SeriesRow {
  const [playerA, playerB] = pair[0] < pair[1] ? pair : [pair[1], pair[0]];
  const key = { chatKey, playerA, playerB, variant, rulesKey: rulesKey(rules) };
  const found = ctx.series.findActive(key);
  if (found) return found;
  const now = ctx.config.now();
  return ctx.series.insert({ ...key, rules, state: newSeries(), createdAt: now, updatedAt: now });
}

/** The next game's starter as a user id, or "lot" (always "lot" for a series' first game). */
export function seriesStarter(s: SeriesRow): number | "lot" {
  const next = nextStarter(s.rules, s.state);
  return next === "lot" ? next : next === 0 ? s.playerA : s.playerB;
}
