import { createHash } from "node:crypto";
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
  const rows = db.sql.$client
    .prepare(
      `select g.id, g.version, count(e.id) n, coalesce(max(e.seq), 0) last
       from games g left join game_events e on e.game_id = g.id group by g.id`,
    )
    .all() as { id: number; version: number; n: number; last: number }[];
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
  const all = <T>(q: string) => db.sql.$client.prepare(q).all() as T[];
  type Total = { id: number; games: number; state: string; score_a: number; score_b: number };
  for (const s of all<Total>("select * from series")) {
    const state = JSON.parse(s.state) as { games: number; scores: [number, number] };
    const finished = all<{ n: number; a: number; b: number }>(
      `select count(*) n,
              coalesce(sum(case when winner_id = (select player_a from series where id = ${s.id}) then points end), 0) a,
              coalesce(sum(case when winner_id = (select player_b from series where id = ${s.id}) then points end), 0) b
       from games where series_id = ${s.id} and status = 'finished'`,
    )[0]!;
    if (state.games !== finished.n || s.games !== finished.n)
      out.push(`series ${s.id}: ${state.games}/${s.games} games but ${finished.n} finished`);
    if (
      state.scores[0] !== finished.a ||
      state.scores[1] !== finished.b ||
      s.score_a !== finished.a
    )
      out.push(`series ${s.id}: scores ${state.scores} but games give ${finished.a},${finished.b}`);
  }
  const ratings = all<{ n: number; long: number; short: number }>(
    "select count(*) n, coalesce(sum(rating_long), 0) long, coalesce(sum(rating_short), 0) short from players",
  )[0]!;
  for (const v of ["long", "short"] as const)
    if (Math.abs(ratings[v] - 1500 * ratings.n) > 1e-6) out.push(`${v} ratings do not sum up`);
  const orphans = all<{ id: number }>(
    `select id from challenges c where (status = 'accepted') <> exists (select 1 from games g where g.challenge_id = c.id)`,
  );
  for (const c of orphans) out.push(`challenge ${c.id}: accepted and started disagree`);
  return out;
}
