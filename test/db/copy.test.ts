import type { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/index.js";
import { CopyFailed, copyIntoPostgres } from "../../src/db/pg/copy.js";
import { replayGame } from "../../src/services/replay.js";
import { freshPostgres, sharedPostgres } from "../helpers/pglite.js";
import { fillEveryTable, playGames, sqliteRowsAsText, sqliteTables } from "./copy-sources.js";

const replay = (log: Parameters<typeof replayGame>[0]) => JSON.stringify(replayGame(log));

async function emptyTarget(): Promise<PGlite> {
  await freshPostgres();
  return sharedPostgres();
}

async function rowsAsText(pg: PGlite, table: string, columns: readonly string[]) {
  const list = columns.map((c) => `"${c}"::text`).join(", ");
  const { rows } = await pg.query<Record<string, string | null>>(
    `select ${list} from "${table}"`,
    [],
    { rowMode: "array" },
  );
  return rows as unknown as (string | null)[][];
}

const sorted = (rows: readonly unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();

/** A trigger on the target for one test: the target is the worker's shared PGlite. */
async function withTrigger(pg: PGlite, table: string, body: string, run: () => Promise<void>) {
  await pg.exec(`
    create function copy_test_fault() returns trigger language plpgsql as $$ begin ${body} end $$;
    create trigger copy_test_fault before insert on "${table}" for each row execute function copy_test_fault();`);
  try {
    await run();
  } finally {
    await pg.exec(`drop trigger copy_test_fault on "${table}"; drop function copy_test_fault();`);
  }
}

describe("copying an SQLite file into PostgreSQL", () => {
  it("copies every table row for row, each value of each kind exactly", async () => {
    const source = openDatabase(":memory:");
    fillEveryTable(source.sqlite);
    const pg = await emptyTarget();
    const report = await copyIntoPostgres(source.sqlite, pg, { replay });
    const tables = sqliteTables();
    expect(report.tables.map((t) => t.name).sort()).toEqual(tables.map((t) => t.name).sort());
    for (const t of tables) {
      const there = sqliteRowsAsText(source.sqlite, t);
      expect(there.length, t.name).toBe(3);
      const here = await rowsAsText(
        pg,
        t.name,
        t.columns.map((c) => c.name),
      );
      expect(sorted(here), t.name).toEqual(sorted(there));
    }
    // The made-up games have no log that replays: counted as such, copied all the same.
    expect(report.replayed).toBe(0);
    expect(report.unreplayable).toHaveLength(3);
    source.close();
  });

  it("numbers the target's new rows after the copied ones", async () => {
    const source = openDatabase(":memory:");
    const ids = await playGames(source.db, { finished: 0, active: 3 });
    const pg = await emptyTarget();
    await copyIntoPostgres(source.sqlite, pg, { replay });
    const { rows } = await pg.query<{ id: number }>(
      `insert into games (variant, rules, white_id, black_id, state, version, dice_seed,
         dice_commitment, series_id, last_action_at, created_at, updated_at)
       select variant, rules, white_id, black_id, state, version, dice_seed, dice_commitment,
         series_id, last_action_at, created_at, updated_at from games where id = $1
       returning id`,
      [ids[0]],
    );
    expect(Number(rows[0]!.id)).toBe(Math.max(...ids) + 1);
    source.close();
  });

  it("replays every played game's copied log to the state the file holds", async () => {
    const source = openDatabase(":memory:");
    const ids = await playGames(source.db, { finished: 4, active: 4 });
    const events = source.sqlite.prepare("select count(*) from game_events").pluck().get();
    expect(events).toBeGreaterThan(8 * 10);
    const pg = await emptyTarget();
    const report = await copyIntoPostgres(source.sqlite, pg, { replay });
    expect(report.replayed).toBe(ids.length);
    expect(report.unreplayable).toEqual([]);
    expect(report.tables.find((t) => t.name === "game_events")?.rows).toBe(events);
    source.close();
  });

  it("copies a game the file already holds damaged, and names it", async () => {
    const source = openDatabase(":memory:");
    const ids = await playGames(source.db, { finished: 1, active: 2 });
    const damaged = ids[1]!;
    source.sqlite
      .prepare(
        "delete from game_events where game_id = ? and seq = (select max(seq) from game_events where game_id = ?)",
      )
      .run(damaged, damaged);
    const pg = await emptyTarget();
    const report = await copyIntoPostgres(source.sqlite, pg, { replay });
    expect(report.unreplayable).toEqual([damaged]);
    expect(report.replayed).toBe(2);
    source.close();
  });

  it("refuses a target that holds rows, and writes nothing", async () => {
    const source = openDatabase(":memory:");
    await playGames(source.db, { finished: 0, active: 1 });
    const pg = await emptyTarget();
    await pg.query("insert into tg_lost_chats (chat_id, lost_at) values (-5, 1)");
    await expect(copyIntoPostgres(source.sqlite, pg, { replay })).rejects.toThrow(
      /not empty \(tg_lost_chats hold rows\)/,
    );
    const { rows } = await pg.query<{ n: number }>("select count(*)::int as n from games");
    expect(rows[0]!.n).toBe(0);
    source.close();
  });

  it("fails, leaving the target empty, when a copied log replays otherwise", async () => {
    const source = openDatabase(":memory:");
    await playGames(source.db, { finished: 1, active: 1 });
    const pg = await emptyTarget();
    // A target that rewrites what it stores: each game's last event's payload comes out empty.
    await withTrigger(
      pg,
      "game_events",
      "if new.seq > 3 then new.payload := '{}'::json; end if; return new;",
      async () => {
        await expect(copyIntoPostgres(source.sqlite, pg, { replay })).rejects.toThrow(
          /copied log replays otherwise/,
        );
      },
    );
    const { rows } = await pg.query<{ n: number }>(
      "select (select count(*) from games)::int + (select count(*) from game_events)::int as n",
    );
    expect(rows[0]!.n).toBe(0);
    source.close();
  });

  it("fails when the target keeps fewer rows than it was given", async () => {
    const source = openDatabase(":memory:");
    await playGames(source.db, { finished: 0, active: 2 });
    const pg = await emptyTarget();
    await withTrigger(
      pg,
      "game_events",
      "if new.seq = 2 then return null; end if; return new;",
      async () => {
        await expect(copyIntoPostgres(source.sqlite, pg, { replay })).rejects.toThrow(CopyFailed);
        await expect(copyIntoPostgres(source.sqlite, pg, { replay })).rejects.toThrow(
          /game_events: the file holds \d+ rows and the copy \d+/,
        );
      },
    );
    source.close();
  });
});
