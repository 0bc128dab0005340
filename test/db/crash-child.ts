/**
 * Run by crash.test.ts: `node --import tsx test/db/crash-child.ts <db file> <seed>`. Prints
 * "open", opens the database, prints "ready", then plays random operations, a "." after each,
 * until the parent kills it.
 */
import { openDatabase } from "../../src/db/index.js";
import type { PlayerRef } from "../../src/services/index.js";
import { pickAction, prng } from "../services/driver.js";
import { StartingService } from "../services/starting.js";

const [path, seedText] = process.argv.slice(2);
const rand = prng(Number(seedText));
process.stdout.write("open\n");
const { db } = openDatabase(path!);
const svc = new StartingService(db, { idleMs: 5, challengeTtlMs: 50 });
const players: PlayerRef[] = [1, 2, 3, 4].map((id) => ({ id, firstName: `P${id}` }));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
process.stdout.write("ready\n");

const stopAt = Date.now() + 15_000; // never outlive a parent that died
while (Date.now() < stopAt) {
  const chat = pick([-1, -2]);
  const me = pick(players);
  const r = rand();
  const active = (await Promise.all(players.map((p) => svc.activeGames(chat, p.id)))).flat();
  if (r < 0.03 || active.length === 0) {
    const variant = pick(["long", "short"] as const);
    const rules = rand() < 0.5 ? { match: { kind: "points", to: 3 } } : undefined;
    const c = await svc.createChallenge({ challenger: me, chat: { id: chat }, variant, rules });
    const other = pick(players.filter((p) => p.id !== me.id));
    if (c.ok && rand() < 0.8) await svc.acceptChallenge(c.value.id, other);
  } else if (r < 0.04) {
    await svc.expireChallenges();
  } else {
    const g = pick(active);
    const claim = rand() < 0.01;
    const who = claim ? (g.waitingFor === g.white.id ? g.black.id : g.white.id) : g.waitingFor;
    const action = claim
      ? { type: "claim-timeout" as const }
      : pickAction(g, rand, { double: 0.2, resign: 0.04 });
    const done = who === null ? null : await svc.act(g.id, who, action, g.version);
    if (done?.ok && done.value.finished && rand() < 0.7)
      await svc.rematch(g.id, pick([g.white, g.black]));
  }
  process.stdout.write(".");
}
