import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../src/db/index.js";
import { GamesRepo } from "../../src/db/index.js";
import { replayGame } from "../../src/services/index.js";
import { diceOfEvents } from "../helpers/dice.js";
import { playerDice } from "../services/player-dice.js";

/**
 * Every invariant a game row keeps with its events, as problems found (empty: consistent):
 * version = number of events = last seq (seq runs 1..version), state = replay of the events,
 * the events' dice = the dice stream of the seed and second part with the counter just after
 * them, status follows the state, commitment = SHA-256(seed); a game waiting for its first
 * message has no event, no die and no second part yet.
 */
export async function gameProblems(db: Db, gameId: number): Promise<string[]> {
  const repo = new GamesRepo(db);
  const g = await repo.get(gameId);
  if (!g) return [`game ${gameId} missing`];
  const events = await repo.events(gameId);
  const out: string[] = [];
  const say = (m: string) => out.push(`game ${gameId}: ${m}`);
  if (g.version !== events.length) say(`version ${g.version} but ${events.length} events`);
  const commitment = createHash("sha256").update(Buffer.from(g.diceSeed, "hex")).digest("hex");
  if (commitment !== g.diceCommitment) say("commitment does not match the seed");
  // A game waiting for its first message: nothing has happened, no die has fallen.
  if (g.pendingStart) {
    if (events.length > 0 || g.diceCounter > 0 || g.diceSalt !== null)
      say("began before its start");
    return out;
  }
  events.forEach((e, i) => {
    if (e.seq !== i + 1) say(`event ${i} has seq ${e.seq}`);
  });
  try {
    const replayed = JSON.parse(JSON.stringify(replayGame(events)));
    if (JSON.stringify(replayed) !== JSON.stringify(g.state)) say("state differs from replay");
  } catch (e) {
    say(`replay failed: ${(e as Error).message}`);
  }
  const dice = diceOfEvents(events);
  const fromSeed = playerDice(g.diceSeed, dice.length, g.diceSalt);
  if (JSON.stringify(fromSeed.dice) !== JSON.stringify(dice)) say("dice differ from the seed's");
  if (fromSeed.bytesRead !== g.diceCounter)
    say(`dice counter ${g.diceCounter} but the dice took ${fromSeed.bytesRead} bytes`);
  const over = g.state.phase === "over";
  if (over !== (g.status === "finished")) say(`status ${g.status} with phase ${g.state.phase}`);
  return out;
}

/**
 * gameProblems for every game. With `seen` (game id → version checked before), games whose
 * version has not moved only get the cheap check that their events still number `version`.
 */
export async function allGameProblems(db: Db, seen?: Map<number, number>): Promise<string[]> {
  const rows = await db.run((d, { games, gameEvents }) =>
    d
      .select({
        id: games.id,
        version: games.version,
        n: sql<number>`count(${gameEvents.id})`.mapWith(Number),
        last: sql<number>`coalesce(max(${gameEvents.seq}), 0)`.mapWith(Number),
      })
      .from(games)
      .leftJoin(gameEvents, eq(gameEvents.gameId, games.id))
      .groupBy(games.id),
  );
  const out: string[] = [];
  for (const r of rows) {
    if (seen?.get(r.id) === r.version) {
      if (r.n !== r.version || r.last !== r.version) out.push(`game ${r.id}: events changed`);
      continue;
    }
    const found = await gameProblems(db, r.id);
    if (found.length === 0) seen?.set(r.id, r.version);
    out.push(...found);
  }
  return out;
}

/**
 * Everything across tables: each game's invariants, each series' totals against its finished
 * games, Elo's zero sum per variant, and accepted challenges against the games they started.
 */
export async function databaseProblems(db: Db, seen?: Map<number, number>): Promise<string[]> {
  const out = await allGameProblems(db, seen);
  const all = await db.run(async (d, t) => ({
    series: await d.select().from(t.series),
    finished: await d
      .select({ seriesId: t.games.seriesId, winnerId: t.games.winnerId, points: t.games.points })
      .from(t.games)
      .where(eq(t.games.status, "finished")),
    players: await d
      .select({ long: t.players.ratingLong, short: t.players.ratingShort })
      .from(t.players),
    challenges: await d
      .select({ id: t.challenges.id, status: t.challenges.status })
      .from(t.challenges),
    started: await d.select({ challengeId: t.games.challengeId }).from(t.games),
  }));
  for (const s of all.series) {
    const { state } = s;
    const games = all.finished.filter((g) => g.seriesId === s.id);
    const won = (player: number) =>
      games.filter((g) => g.winnerId === player).reduce((sum, g) => sum + (g.points ?? 0), 0);
    const [a, b] = [won(s.playerA), won(s.playerB)];
    if (state.games !== games.length || s.games !== games.length)
      out.push(`series ${s.id}: ${state.games}/${s.games} games but ${games.length} finished`);
    if (state.scores[0] !== a || state.scores[1] !== b || s.scoreA !== a)
      out.push(`series ${s.id}: scores ${state.scores} but games give ${a},${b}`);
  }
  for (const v of ["long", "short"] as const) {
    const sum = all.players.reduce((total, p) => total + p[v], 0);
    if (Math.abs(sum - 1500 * all.players.length) > 1e-6) out.push(`${v} ratings do not sum up`);
  }
  const started = new Set(all.started.map((g) => g.challengeId));
  for (const c of all.challenges)
    if ((c.status === "accepted") !== started.has(c.id))
      out.push(`challenge ${c.id}: accepted and started disagree`);
  return out;
}
