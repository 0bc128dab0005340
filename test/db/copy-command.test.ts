/**
 * `npm run db:copy` as an operator runs it: the compiled command, a 10,000-game SQLite file,
 * a real PostgreSQL server; then the bot's store playing on in the copy.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomAction } from "../../bench/random-play.js";
import { memoryFrontEnd } from "../../bench/testkit/memory-front-end.js";
import { type PgServer, postgresBinaries, startPgServer } from "../../bench/testkit/pg-server.js";
import { openDatabase } from "../../src/db/index.js";
import { openPostgres } from "../../src/db/pg/open.js";
import { seededRandom } from "../../src/engine/dice.js";
import { GameService } from "../../src/services/index.js";
import { unwrap } from "../services/helpers.js";
import { playGames } from "./copy-sources.js";

const COMMAND = path.resolve("dist/copy-to-postgres.js");
const GAMES = 10_000;
/** In the URL for the command to keep out of what it prints (the server trusts any). */
const PASSWORD = "copy-secret-8d1f";
const CAN = postgresBinaries() !== null;

let server: PgServer;
let dir: string;
let file: string;
let played: number[];

/** The games played, copied over and over under new ids (logs and all) up to `total`. */
function multiplyGames(sqlite: Database.Database, total: number): void {
  const base = sqlite.prepare("select max(id) from games").pluck().get() as number;
  const columns = (table: string) =>
    (sqlite.prepare(`pragma table_info(${table})`).all() as { name: string }[])
      .map((c) => c.name)
      .filter((c) => c !== "id");
  const gameColumns = columns("games");
  // A challenge and a game before belong to one game only.
  const gameValues = gameColumns.map((c) =>
    c === "challenge_id" || c === "previous_game_id" ? "null" : `"${c}"`,
  );
  const eventColumns = columns("game_events").filter((c) => c !== "game_id");
  const copyGames = sqlite.prepare(
    `insert into games (id, ${gameColumns.map((c) => `"${c}"`).join(", ")})
     select id + @shift, ${gameValues.join(", ")} from games where id <= @base`,
  );
  const copyEvents = sqlite.prepare(
    `insert into game_events (game_id, ${eventColumns.join(", ")})
     select game_id + @shift, ${eventColumns.join(", ")} from game_events where game_id <= @base`,
  );
  sqlite.transaction(() => {
    for (let shift = base; shift + base <= total; shift += base) {
      copyGames.run({ shift, base });
      copyEvents.run({ shift, base });
    }
  })();
}

function copy(env: Record<string, string>, ...args: string[]) {
  return promisify(execFile)(process.execPath, [COMMAND, ...args], {
    env: { PATH: process.env.PATH ?? "", ...env },
    maxBuffer: 1 << 20,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      stdout: e.stdout,
      stderr: e.stderr,
    }),
  );
}

const withPassword = (url: string) => url.replace("postgres@", `postgres:${PASSWORD}@`);

beforeAll(async () => {
  if (!CAN) return;
  server = await startPgServer();
  dir = mkdtempSync(path.join(tmpdir(), "nardy-copy-"));
  file = path.join(dir, "nardy.sqlite");
  const source = openDatabase(file);
  played = await playGames(source.db, { finished: 10, active: 30 });
  multiplyGames(source.sqlite, GAMES);
  source.close();
}, 120_000);
afterAll(() => {
  server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!CAN)("npm run db:copy", () => {
  it("copies a 10,000-game file, every game's log replaying to its state", async () => {
    const source = openDatabase(file);
    const counted = source.sqlite
      .prepare(
        "select (select count(*) from games) as games, (select count(*) from game_events) as events",
      )
      .get() as { games: number; events: number };
    source.close();
    expect(counted.games).toBe(GAMES);
    const url = withPassword(await server.createDatabase("copy_target"));
    const run = await copy({ DATABASE_URL: url }, file);
    expect(run.stderr + run.stdout).not.toContain(PASSWORD);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`; ${GAMES} games replay to their state`);
    expect(run.stdout).not.toContain("do not replay");
    expect(run.stderr).toContain(`game_events: ${counted.events} rows`);
    const there = await server.query(
      "copy_target",
      "select (select count(*) from games)::int as games, (select count(*) from game_events)::int as events",
    );
    expect(there.rows[0]).toEqual(counted);

    // Copied again: refused, the copy as it was.
    const again = await copy({ DATABASE_URL: url }, file);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Nothing copied: the target database is not empty/m);
    expect(again.stderr).not.toContain(PASSWORD);
    expect(
      (await server.query("copy_target", "select count(*)::int as n from games")).rows[0],
    ).toEqual({ n: GAMES });

    // The bot's store plays on in the copy: a copied game takes a move, a new one follows.
    const store = await openPostgres(url);
    try {
      const svc = new GameService(store.db, memoryFrontEnd());
      const active = played.at(-1)!;
      const g = (await svc.getGame(active))!;
      expect(g.status).toBe("active");
      const moved = unwrap(
        await svc.act(g.id, g.waitingFor!, randomAction(g, seededRandom(1)), g.version),
      );
      expect(moved.game.version).toBeGreaterThan(g.version);
      const challenge = unwrap(
        await svc.createChallenge({
          challenger: { id: 9, firstName: "N" },
          chat: { id: -9 },
          variant: "long",
        }),
      );
      const started = unwrap(await svc.acceptChallenge(challenge.id, { id: 10, firstName: "M" }));
      expect(started.game.id).toBe(GAMES + 1);
    } finally {
      await store.close();
    }
  }, 600_000);

  it("says what is wrong, in one line, and copies nothing", async () => {
    const url = await server.createDatabase("copy_refusals");
    const usage = await copy({}, file);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^usage: DATABASE_URL=/);
    const missing = await copy({ DATABASE_URL: url }, path.join(dir, "absent.sqlite"));
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toMatch(/^Cannot copy .*absent\.sqlite: no such file$/);
    const badUrl = await copy({ DATABASE_URL: `mysql://root:${PASSWORD}@localhost/x` }, file);
    expect(badUrl.code).toBe(1);
    expect(badUrl.stderr.trim().split("\n")).toHaveLength(1);
    expect(badUrl.stderr).toContain("must start with postgres://");
    expect(badUrl.stderr).not.toContain(PASSWORD);
    const tables = await server.query(
      "copy_refusals",
      "select count(*)::int as n from pg_tables where schemaname = 'public'",
    );
    expect(tables.rows[0]).toEqual({ n: 0 });
  });
});
