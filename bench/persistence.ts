import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { type OpenStore, openDatabase } from "../src/db/index.js";
import { openPostgres } from "../src/db/pg/open.js";
import { seededRandom } from "../src/engine/dice.js";
import { GameService } from "../src/services/index.js";
import { randomAction } from "./random-play.js";
import { percentile, round } from "./stats.js";
import { memoryFrontEnd } from "./testkit/memory-front-end.js";
import { postgresBinaries, startPgServer } from "./testkit/pg-server.js";

const rng = seededRandom;

/**
 * One checker step through GameService.act on a file database (WAL, a temp folder): the
 * transaction, the version check, the events, any automatic rolls and forced steps after it.
 * The same games once more on a local PostgreSQL server (durable defaults), named
 * `persistencePg…`, where the machine has one.
 */
export async function benchPersistence(
  opts: { smoke?: boolean } = {},
): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), "nardy-bench-"));
  try {
    const sqlite = await stepsOn(openDatabase(join(dir, "bench.sqlite")), opts);
    if (!postgresBinaries()) return sqlite;
    const server = await startPgServer({ durable: true });
    try {
      const pg = await stepsOn(await openPostgres(await server.createDatabase("bench")), opts);
      return {
        ...sqlite,
        ...Object.fromEntries(
          Object.entries(pg).map(([k, v]) => [k.replace(/^persistence/, "persistencePg"), v]),
        ),
      };
    } finally {
      server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function stepsOn(
  database: OpenStore,
  opts: { smoke?: boolean },
): Promise<Record<string, number>> {
  let seeds = 0;
  const svc = new GameService(database.db, memoryFrontEnd(), {
    newSeed: () => createHash("sha256").update(`bench:${seeds++}`).digest(),
  });
  const players = [1, 2].map((id) => ({ id, firstName: `P${id}` }));
  const r = rng(42);
  const steps: number[] = [];
  const starts: number[] = [];
  try {
    const games = opts.smoke ? 2 : 12;
    for (let i = 0; i < games; i++) {
      const variant = i % 2 === 0 ? "long" : "short";
      const t0 = performance.now();
      const c = await svc.createChallenge({ challenger: players[0]!, chat: { id: -1 }, variant });
      if (!c.ok) throw new Error(c.error.message);
      const a = await svc.acceptChallenge(c.value.id, players[1]!);
      if (!a.ok) throw new Error(a.error.message);
      // The game begins once its first message is posted (the dice's second part).
      const where = { kind: "chat", chatId: -1, messageId: 1 + i, date: 1_767_225_600 } as const;
      const begun = await svc.beginGame(a.value.game.id, where);
      if (!begun.ok) throw new Error(begun.error.message);
      starts.push(performance.now() - t0);
      let g = begun.value.game;
      while (g.status === "active") {
        const action = randomAction(g, r);
        const t = performance.now();
        const res = await svc.act(g.id, g.waitingFor!, action, g.version);
        const ms = performance.now() - t;
        if (!res.ok) throw new Error(res.error.message);
        if (action.type === "step") steps.push(ms);
        g = res.value.game;
      }
    }
  } finally {
    await database.close();
  }
  const measured = steps.slice(Math.min(50, Math.floor(steps.length / 4))); // skip warm-up
  return {
    persistenceSteps: measured.length,
    persistenceStepP50Ms: round(percentile(measured, 50), 3),
    persistenceStepP99Ms: round(percentile(measured, 99), 3),
    persistenceGameStartP50Ms: round(percentile(starts, 50), 3),
  };
}
