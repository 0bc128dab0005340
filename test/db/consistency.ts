import { createHash } from "node:crypto";
import type { Db } from "../../src/db/index.js";
import { GamesRepo } from "../../src/db/index.js";
import { diceOfEvents, replayGame } from "../../src/services/index.js";
import { playerDice } from "../services/player-dice.js";

/**
 * Every invariant a game row keeps with its events, as problems found (empty: consistent):
 * version = number of events = last seq (seq runs 1..version), state = replay of the events,
 * the events' dice = the seed's dice stream with the counter just after them, status follows
 * the state, commitment = SHA-256(seed).
 */
export function gameProblems(db: Db, gameId: number): string[] {
  const repo = new GamesRepo(db);
  const g = repo.get(gameId);
  if (!g) return [`game ${gameId} missing`];
  const events = repo.events(gameId);
  const out: string[] = [];
  const say = (m: string) => out.push(`game ${gameId}: ${m}`);
  if (g.version !== events.length) say(`version ${g.version} but ${events.length} events`);
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
  const fromSeed = playerDice(g.diceSeed, dice.length);
  if (JSON.stringify(fromSeed.dice) !== JSON.stringify(dice)) say("dice differ from the seed's");
  if (fromSeed.bytesRead !== g.diceCounter)
    say(`dice counter ${g.diceCounter} but the dice took ${fromSeed.bytesRead} bytes`);
  const over = g.state.phase === "over";
  if (over !== (g.status === "finished")) say(`status ${g.status} with phase ${g.state.phase}`);
  const commitment = createHash("sha256").update(Buffer.from(g.diceSeed, "hex")).digest("hex");
  if (commitment !== g.diceCommitment) say("commitment does not match the seed");
  return out;
}

export function allGameProblems(db: Db): string[] {
  return new GamesRepo(db).ids().flatMap((id) => gameProblems(db, id));
}
