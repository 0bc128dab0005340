import type { GameRow, SeriesRow, TournamentMatchRow, TournamentRow } from "../../db/index.js";
import { newSeries } from "../../engine/index.js";
import type { ServiceContext } from "../context.js";
import { derivedSeed } from "../dice.js";
import { afterSecondPart } from "../finish.js";
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
  return openGame(ctx, t, s, pair, undefined, await firstGameDice(ctx, t, pair));
}

interface GameDice {
  readonly seed: string | null;
  readonly secondPart: string | null;
}

/**
 * The dice of a new match's first game (the match just stored), which nobody's press starts:
 * a seed derived from the tournament's, whose commitment was on the sign-up card before anyone
 * but the organiser was in, with the match's number (`match <k>`, from 1 in order of opening);
 * and a second part the two players' own acts fixed after that: the final position of the
 * last game either of them finished in the tournament (`after:`, which freed them), or before
 * they have played, both entries' marks (`entry:<a's>:<b's>`). Both none (a tournament
 * stored before this, an entry without a mark): the first board's message decides.
 */
async function firstGameDice(
  ctx: ServiceContext,
  t: TournamentRow,
  pair: readonly [number, number],
): Promise<GameDice> {
  if (t.diceSeed === null) return { seed: null, secondPart: null };
  const matches = await ctx.tournaments.matches(t.id);
  const seed = derivedSeed(Buffer.from(t.diceSeed, "hex"), `match ${matches.length}`);
  let latest: GameRow | undefined;
  for (const m of matches) {
    if (!pair.includes(m.playerA) && !pair.includes(m.playerB)) continue;
    const g = await ctx.games.lastInSeries(m.seriesId);
    if (g?.status === "finished" && (latest === undefined || laterFinish(g, latest))) latest = g;
  }
  if (latest) return { seed: seed.toString("hex"), secondPart: afterSecondPart(latest) };
  const entries = await ctx.tournaments.entries(t.id);
  const markOfPlayer = (id: number) => entries.find((e) => e.playerId === id)?.mark ?? null;
  const [a, b] = [markOfPlayer(pair[0]), markOfPlayer(pair[1])];
  if (a === null || b === null) return { seed: null, secondPart: null };
  return { seed: seed.toString("hex"), secondPart: `entry:${a}:${b}` };
}

const laterFinish = (g: GameRow, than: GameRow): boolean =>
  (g.finishedAt ?? 0) > (than.finishedAt ?? 0) ||
  ((g.finishedAt ?? 0) === (than.finishedAt ?? 0) && g.id > than.id);

/**
 * The match's next game, with the starter its series' rules pick and the dice the last game
 * committed to (the first game: `first`'s). In a tournament no one has to ask for it.
 */
export async function openGame(
  ctx: ServiceContext,
  t: TournamentRow,
  s: SeriesRow,
  pair: readonly [number, number],
  previous: GameRow | undefined,
  first: GameDice = { seed: null, secondPart: null },
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
    // A next game's: committed to on the previous game's first boards; its end fixed the second part.
    seed: previous ? previous.nextDiceSeed : first.seed,
    secondPart: previous ? (previous.seriesAfter?.nextSecondPart ?? null) : first.secondPart,
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
