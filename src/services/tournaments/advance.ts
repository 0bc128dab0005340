import type { TournamentMatchRow, TournamentRow } from "../../db/index.js";
import { openPairings, pairKey, tournamentOver, tournamentWinner } from "../../engine/index.js";
import type { ServiceContext } from "../context.js";
import { matchPoints, openGame, openMatch } from "./matches.js";
import { resultsOf } from "./view.js";

/**
 * Brings a tournament up to date with its games, inside a transaction: decides the matches
 * whose series ended (or whose last game was claimed from a silent player), opens the next
 * game of a match that goes on, opens every pairing whose two players are free, and ends the
 * tournament after its last match. Running it again changes nothing, so it runs after every
 * finished game and at every maintenance tick (a restart carries on from the database).
 * Returns the games it opened.
 */
export async function advance(ctx: ServiceContext, tournamentId: number): Promise<number[]> {
  const t = await ctx.tournaments.get(tournamentId);
  if (!t || (t.status !== "running" && t.status !== "cancelled")) return [];
  const now = ctx.config.now();
  const opened: number[] = [];
  let changed = false;
  for (const m of await ctx.tournaments.matches(t.id)) {
    if (m.status !== "playing") continue;
    const step = await settleMatch(ctx, t, m, now);
    if (step === null) continue;
    changed = true;
    if (step > 0) opened.push(step);
  }
  if (t.status === "running") {
    const ids = (await ctx.tournaments.entries(t.id)).map((e) => e.playerId);
    const results = await resultsOf(ctx, t.id);
    if (tournamentOver(t.format, ids, results)) {
      const winnerId = tournamentWinner(t.format, ids, results);
      await ctx.tournaments.update(t.id, { status: "finished", winnerId, finishedAt: now }, now);
      return opened;
    }
    const matches = await ctx.tournaments.matches(t.id);
    const met = new Set(matches.map((m) => pairKey(m.playerA, m.playerB)));
    const busy = new Set(
      matches.filter((m) => m.status === "playing").flatMap((m) => [m.playerA, m.playerB]),
    );
    for (const [a, b] of openPairings(t.format, ids, results)) {
      if (met.has(pairKey(a, b)) || busy.has(a) || busy.has(b)) continue;
      opened.push(await openMatch(ctx, t, [a, b]));
      busy.add(a);
      busy.add(b);
      changed = true;
    }
  }
  if (changed) await ctx.tournaments.touch(t.id, now);
  return opened;
}

/**
 * One playing match whose game is not in progress: decided (0), its next game opened (the
 * game's id), or closed because its tournament was cancelled (0). Null: a game is on.
 */
async function settleMatch(
  ctx: ServiceContext,
  t: TournamentRow,
  m: TournamentMatchRow,
  now: number,
): Promise<number | null> {
  const s = await ctx.series.get(m.seriesId);
  if (!s) throw new Error(`match ${m.id} lost its series`);
  if ((await ctx.games.activeInSeries(s.id)).length > 0) return null;
  const last = await ctx.games.lastInSeries(s.id);
  // A claim against a silent player ends the whole match, not only the game.
  const forfeit = last?.status === "finished" && last.state.result?.reason === "timeout";
  const seriesWinner =
    s.state.winner === null ? null : s.state.winner === 0 ? s.playerA : s.playerB;
  const winnerId = forfeit ? last.winnerId : seriesWinner;
  if (winnerId !== null && winnerId !== undefined) {
    const [pointsA, pointsB] = matchPoints(m, s);
    await ctx.tournaments.decide(m.id, { winnerId, pointsA, pointsB, forfeit }, now);
    if (s.status !== "finished") await ctx.series.close(s.id, now);
    return 0;
  }
  if (t.status !== "running") {
    await ctx.tournaments.abandonMatch(m.id, now);
    await ctx.series.close(s.id, now);
    return 0;
  }
  return openGame(ctx, t, s, [m.playerA, m.playerB], last);
}
