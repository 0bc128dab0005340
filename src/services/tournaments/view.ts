import type { TournamentMatchRow, TournamentRow } from "../../db/index.js";
import {
  finalPlaces,
  knockoutBracket,
  type MatchResult,
  roundRobinStandings,
} from "../../engine/index.js";
import type { ServiceContext } from "../context.js";
import { playerView } from "../views.js";
import type { TournamentMatchView, TournamentView } from "./types.js";

/** The decided matches (of all the tournament's, or of `rows`) as the engine reads them. */
export async function resultsOf(
  ctx: ServiceContext,
  tournamentId: number,
  given?: readonly TournamentMatchRow[],
): Promise<MatchResult[]> {
  const rows = given ?? (await ctx.tournaments.matches(tournamentId));
  return rows
    .filter((m) => m.status === "done" && m.winnerId !== null)
    .map((m) => ({
      a: m.playerA,
      b: m.playerB,
      winner: m.winnerId!,
      pointsA: m.pointsA,
      pointsB: m.pointsB,
      forfeit: m.forfeit,
    }));
}

export async function tournamentView(
  ctx: ServiceContext,
  t: TournamentRow,
): Promise<TournamentView> {
  const entries = await ctx.tournaments.entries(t.id);
  const ids = entries.map((e) => e.playerId);
  const rows = await ctx.players.getMany([...ids, t.organiserId]);
  const person = async (id: number) => {
    const row = rows.get(id) ?? (await ctx.players.get(id));
    if (!row) throw new Error(`player ${id} is missing`);
    return playerView(row);
  };
  const matchRows = await ctx.tournaments.matches(t.id);
  const results = await resultsOf(ctx, t.id, matchRows);
  const live = await ctx.tournaments.liveGames(t.id);
  const matches: TournamentMatchView[] = [];
  for (const m of matchRows)
    matches.push({
      id: m.id,
      a: await person(m.playerA),
      b: await person(m.playerB),
      status: m.status,
      winnerId: m.winnerId,
      pointsA: m.pointsA,
      pointsB: m.pointsB,
      forfeit: m.forfeit,
      liveGameId: live.get(m.id) ?? null,
    });
  const started = t.startedAt !== null;
  const over = t.status === "finished" || t.status === "cancelled";
  const seedShown = over && matchRows.every((m) => m.status !== "playing");
  return {
    id: t.id,
    chatId: t.chatId,
    status: t.status,
    variant: t.variant,
    rules: t.rules,
    format: t.format,
    timeControl: t.timeControl ?? { kind: "none" },
    organiser: await person(t.organiserId),
    signupEndsAt: t.signupEndsAt,
    entrants: await Promise.all(ids.map(person)),
    matches,
    standings: t.format === "round-robin" ? roundRobinStandings(ids, results) : null,
    bracket: t.format === "knockout" && started ? knockoutBracket(ids, results) : null,
    places: t.status === "finished" ? finalPlaces(t.format, ids, results) : [],
    winnerId: t.winnerId,
    diceCommitment: t.diceCommitment,
    diceSeed: seedShown ? t.diceSeed : null,
    version: t.version,
    cardStatus: t.cardStatus,
    announced: t.announced,
    createdAt: t.createdAt,
    startedAt: t.startedAt,
    finishedAt: t.finishedAt,
  };
}
