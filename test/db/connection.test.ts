/**
 * The connection core over one session, on SQLite and on PostgreSQL (PGlite): a transaction
 * runs alone across its awaits, a query from another flow waits for it (and is never rolled
 * back with it), a savepoint undoes only its own part, a statement sent past the transaction
 * is refused.
 */
import type { PGlite } from "@electric-sql/pglite";
import { sql as q } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type Connection,
  OutsideTransaction,
  SessionConnection,
  type Sql,
} from "../../src/db/connection.js";
import { type OpenedDatabase, openDatabase } from "../../src/db/open.js";
import { pgliteSession, sharedPostgres } from "../helpers/pglite.js";

interface Notes {
  readonly db: Connection;
  write(v: string, on?: Connection): Promise<void>;
  all(on?: Connection): Promise<string[]>;
}

let opened: OpenedDatabase[] = [];
afterEach(() => {
  for (const d of opened) d.close();
  opened = [];
});

function sqliteNotes(): Notes {
  const database = openDatabase(":memory:");
  opened.push(database);
  database.sqlite.exec("create table notes (v text not null)");
  const db = database.db;
  return {
    db,
    write: (v, on = db) =>
      on.run((sql) => {
        sql.run(q`insert into notes (v) values (${v})`);
      }),
    all: (on = db) =>
      on.run((sql) =>
        sql.all<{ v: string }>(q`select v from notes order by rowid`).map((r) => r.v),
      ),
  };
}

/** The worker's PGlite, with notes of its session's own (a temporary table), emptied for each test. */
let pglite: PGlite | null = null;
beforeAll(async () => {
  pglite = await sharedPostgres();
  await pglite.exec(
    "create temp table if not exists notes (id serial primary key, v text not null)",
  );
}, 60_000);

/** drizzle's PostgreSQL handle, which the connection types as SQLite's. */
const pgExecute = (sql: Sql) =>
  (sql as unknown as { execute: (s: ReturnType<typeof q>) => Promise<{ rows: unknown[] }> })
    .execute;

async function pgNotes(): Promise<Notes> {
  const client: PGlite = pglite!;
  await client.exec("truncate notes");
  const db = new SessionConnection(pgliteSession(client));
  return {
    db,
    write: (v, on = db) =>
      on.run(async (sql) => {
        await pgExecute(sql).call(sql, q`insert into notes (v) values (${v})`);
      }),
    all: (on = db) =>
      on.run(async (sql) =>
        (
          (await pgExecute(sql).call(sql, q`select v from notes order by id`)).rows as {
            v: string;
          }[]
        ).map((r) => r.v),
      ),
  };
}

const KINDS: [string, () => Notes | Promise<Notes>][] = [
  ["SQLite", sqliteNotes],
  ["PostgreSQL (PGlite)", pgNotes],
];

const turn = () => new Promise((resolve) => setTimeout(resolve, 5));

describe.each(KINDS)("the connection on %s", (_, notes) => {
  it("a write from another flow waits for the open transaction and survives its rollback", async () => {
    const { db, write, all } = await notes();
    const order: string[] = [];
    const failed = db
      .transaction(async (tx) => {
        await write("inside", tx);
        order.push("inside written");
        // Awaits in the middle of the transaction: the other flow gets its turn of the loop.
        await turn();
        await turn();
        order.push("inside ends");
        throw new Error("rolled back");
      })
      .catch((e: Error) => e.message);
    const outside = (async () => {
      await turn();
      order.push("outside asks");
      await write("outside");
      order.push("outside written");
    })();
    expect(await failed).toBe("rolled back");
    await outside;
    expect(order).toEqual(["inside written", "outside asks", "inside ends", "outside written"]);
    expect(await all()).toEqual(["outside"]);
  });

  it("a transaction inside one is a savepoint: its failure undoes only its own part", async () => {
    const { db, write, all } = await notes();
    await db.transaction(async (tx) => {
      await write("outer", tx);
      const inner = await tx
        .transaction(async (sp) => {
          await write("inner", sp);
          throw new Error("inner fails");
        })
        .catch((e: Error) => e.message);
      expect(inner).toBe("inner fails");
      await write("outer again", tx);
    });
    expect(await all()).toEqual(["outer", "outer again"]);
  });

  it("a statement its flow sends past the transaction it holds is refused, and the transaction rolls back", async () => {
    const { db, write, all } = await notes();
    const stray = db.transaction(async (tx) => {
      await write("inside", tx);
      await turn();
      // The connection it was opened from: on a server database, another session.
      await write("past it");
    });
    await expect(stray).rejects.toBeInstanceOf(OutsideTransaction);
    const nested = db.transaction(async () => db.transaction(async () => "never"));
    await expect(nested).rejects.toBeInstanceOf(OutsideTransaction);
    expect(await all()).toEqual([]);
    // The connection is free again.
    await write("after");
    expect(await all()).toEqual(["after"]);
  });

  it("a transaction's handle refuses work that outlives it", async () => {
    const { db, write, all } = await notes();
    let kept: Connection | null = null;
    await db.transaction(async (tx) => {
      kept = tx;
      await write("inside", tx);
    });
    await expect(write("late", kept!)).rejects.toThrow(/has ended/);
    expect(await all()).toEqual(["inside"]);
  });

  it("knows a transaction's handle from the connection, across its awaits", async () => {
    const { db } = await notes();
    expect(db.inTransaction()).toBe(false);
    let kept: Connection | null = null;
    await db.transaction(async (tx) => {
      kept = tx;
      expect(tx.inTransaction()).toBe(true);
      expect(db.inTransaction()).toBe(false);
      await turn();
      expect(tx.inTransaction()).toBe(true);
    });
    expect(kept!.inTransaction()).toBe(false);
  });

  it("two transactions at once run one after the other, each whole", async () => {
    const { db, write, all } = await notes();
    const run = (name: string) =>
      db.transaction(async (tx) => {
        await write(`${name} 1`, tx);
        await turn();
        await write(`${name} 2`, tx);
      });
    await Promise.all([run("a"), run("b")]);
    expect(await all()).toEqual(["a 1", "a 2", "b 1", "b 2"]);
  });
});
