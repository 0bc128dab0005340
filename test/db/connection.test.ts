/**
 * The one connection over SQLite: a transaction runs alone across its awaits, a query from
 * another flow waits for it (and is never rolled back with it), a savepoint undoes only its
 * own part.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type OpenedDatabase, openDatabase } from "../../src/db/open.js";

let opened: OpenedDatabase[] = [];
afterEach(() => {
  for (const d of opened) d.close();
  opened = [];
});

function notes() {
  const database = openDatabase(":memory:");
  opened.push(database);
  database.sqlite.exec("create table notes (v text not null)");
  const db = database.db;
  const write = (v: string) =>
    db.run((sql) => {
      sql.$client.prepare("insert into notes (v) values (?)").run(v);
    });
  const all = () =>
    db.run((sql) =>
      (sql.$client.prepare("select v from notes order by rowid").all() as { v: string }[]).map(
        (r) => r.v,
      ),
    );
  return { db, write, all };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("the SQLite connection", () => {
  it("a write from another flow waits for the open transaction and survives its rollback", async () => {
    const { db, write, all } = notes();
    const order: string[] = [];
    const failed = db
      .transaction(async () => {
        await write("inside");
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
    const { db, write, all } = notes();
    await db.transaction(async () => {
      await write("outer");
      const inner = await db
        .transaction(async () => {
          await write("inner");
          throw new Error("inner fails");
        })
        .catch((e: Error) => e.message);
      expect(inner).toBe("inner fails");
      await write("outer again");
    });
    expect(await all()).toEqual(["outer", "outer again"]);
  });

  it("knows whether the caller is inside a transaction, across its awaits", async () => {
    const { db } = notes();
    expect(db.inTransaction()).toBe(false);
    await db.transaction(async () => {
      expect(db.inTransaction()).toBe(true);
      await turn();
      expect(db.inTransaction()).toBe(true);
    });
    expect(db.inTransaction()).toBe(false);
  });

  it("two transactions at once run one after the other, each whole", async () => {
    const { db, write, all } = notes();
    const run = (name: string) =>
      db.transaction(async () => {
        await write(`${name} 1`);
        await turn();
        await write(`${name} 2`);
      });
    await Promise.all([run("a"), run("b")]);
    expect(await all()).toEqual(["a 1", "a 2", "b 1", "b 2"]);
  });
});
