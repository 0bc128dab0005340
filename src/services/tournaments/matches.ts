import type { GameRow, SeriesRow, TournamentMatchRow, TournamentRow } from "../../db/index.js";
import { newSeries } from "../../engine/index.js";
import type { ServiceContext } from "../context.js";
import { createGame } from "../play.js";
import { rulesKey } from "../rules-key.js";
import { seriesStarter } from "../series.js";

/** A new match between two entrants: its own series in the chat, and its first game. */
export async function openMatch(
  ctx: ServiceContext,
  t: TournamentRow,
  pair: readonly [number, number],
): Promise<number> {
  const now = ctx.config.now();
  const [low, high] = pair[0] < pair[1] ? pair : [pair[1], pair[0]];
  const s = await ctx.series.insert({
    chatKey: String(t.chatId),
    playerA: low,
    playerB: high,
    variant: t.variant,
    rulesKey: rulesKey(t.rules),
    rules: t.rules,
    state: newSeries(),
    tournamentId: t.id,
    createdAt: now,
    updatedAt: now,
  });
  await ctx.tournaments.insertMatch({
    tournamentId: t.id,
    playerA: pair[0],
    playerB: pair[1],
    seriesId: s.id,
    createdAt: now,
  });
  return openGame(ctx, t, s, pair, undefined);
}

/**
 * The match's next game, with the starter its series' rules pick and the dice the last game
 * committed to. In a tournament no one has to ask for it.
 */
export async function openGame(
  ctx: ServiceContext,
  t: TournamentRow,
  s: SeriesRow,
  pair: readonly [number, number],
  previous: GameRow | undefined,
): Promise<number> {
  const row = await createGame(ctx, {
    variant: t.variant,
    rules: s.rules,
    seats: pair,
    starter: s.state.games === 0 ? "lot" : seriesStarter(s),
    shortWhite: previous?.whiteId ?? pair[0],
    crawford: s.state.crawfordNext,
    seriesId: s.id,
    chatId: t.chatId,
    message: null,
    challengeId: null,
    tournamentId: t.id,
    previousGameId: previous?.id ?? null,
    actorId: t.organiserId,
    seed: previous?.nextDiceSeed ?? null,
    // Committed to on the previous game's first boards; its end fixed the second part.
    secondPart: previous?.seriesAfter?.nextSecondPart ?? null,
    // One clock for every game of the tournament.
    timeControl: t.timeControl ?? null,
  });
  return row.id;
}

/** The match's points as its series counted them, by the match's own sides. */
export function matchPoints(m: TournamentMatchRow, s: SeriesRow): [number, number] {
  const aSeat = m.playerA === s.playerA ? 0 : 1;
  return [s.state.scores[aSeat], s.state.scores[aSeat === 0 ? 1 : 0]];
}
