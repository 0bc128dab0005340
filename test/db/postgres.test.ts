/**
 * The bot's store on a real PostgreSQL server (test/helpers/pg-server.ts), through
 * node-postgres's pool: opening, refusing, migrating once, transactions from two processes'
 * pools, and the server going away.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closedPort } from "../../bench/testkit/closed-port.js";
import { type PgServer, postgresBinaries, startPgServer } from "../../bench/testkit/pg-server.js";
import {
  DatabaseOpenError,
  type Db,
  OutsideTransaction,
  PlayersRepo,
  storeFailure,
} from "../../src/db/index.js";
import { LEADER_LOCK, Leadership } from "../../src/db/pg/leader.js";
import { openPostgres } from "../../src/db/pg/open.js";

const CAN = postgresBinaries() !== null;
let server: PgServer;
beforeAll(async () => {
  if (CAN) server = await startPgServer();
}, 60_000);
afterAll(() => server?.stop());

let made = 0;
const fresh = () => server.createDatabase(`open_${++made}`);

/** What opening `url` refused with: one line, or "opened". */
async function refusal(url: string): Promise<string> {
  try {
    const opened = await openPostgres(url);
    await opened.close();
    return "opened";
  } catch (e) {
    expect(e).toBeInstanceOf(DatabaseOpenError);
    const message = (e as Error).message;
    expect(message).not.toContain("\n");
    return message;
  }
}

const tablesOf = async (name: string) =>
  (
    await server.query(
      name,
      "select tablename from pg_tables where schemaname = 'public' order by tablename",
    )
  ).rows.map((r) => r.tablename as string);

describe.skipIf(!CAN)("the store on a PostgreSQL server", () => {
  it("migrates a new database once, though several processes open it at once", async () => {
    const url = await fresh();
    const opened = await Promise.all(Array.from({ length: 4 }, () => openPostgres(url)));
    const applied = await server.query(
      `open_${made}`,
      "select count(*)::int as n from drizzle.__drizzle_migrations",
    );
    const journal = (
      await import("../../drizzle/pg/meta/_journal.json", { with: { type: "json" } })
    ).default;
    expect(applied.rows[0].n).toBe(journal.entries.length);
    expect(await tablesOf(`open_${made}`)).toContain("games");
    // Every one of them works on it.
    for (const [i, o] of opened.entries())
      await new PlayersRepo(o.db).upsert({ id: i + 1, firstName: `P${i}` }, 1);
    expect((await new PlayersRepo(opened[0]!.db).getMany([1, 2, 3, 4])).size).toBe(4);
    await Promise.all(opened.map((o) => o.close()));
  });

  it("refuses, in one line and writing nothing: a bad URL, a refused connection, no such database, another program's, a read-only one", async () => {
    expect(await refusal("mysql://u@localhost/x")).toMatch(/must start with postgres:\/\//);
    expect(await refusal("not a url")).toMatch(/is not a URL/);
    const port = await closedPort();
    expect(await refusal(`postgres://u:secret@127.0.0.1:${port}/x`)).toMatch(
      new RegExp(`postgres://u@127\\.0\\.0\\.1:${port}/x: .*ECONNREFUSED`),
    );
    expect(await refusal(`postgres://u:secret@127.0.0.1:${port}/x`)).not.toContain("secret");
    expect(await refusal(server.url("absent"))).toMatch(/database "absent" does not exist/);

    const foreign = await server.createDatabase("foreign_app");
    await server.query("foreign_app", "create table invoices (id int primary key)");
    expect(await refusal(foreign)).toMatch(/another program's tables \(invoices\)/);
    expect(await tablesOf("foreign_app")).toEqual(["invoices"]);
    const schemas = await server.query(
      "foreign_app",
      "select count(*)::int as n from pg_namespace where nspname = 'drizzle'",
    );
    expect(schemas.rows[0].n).toBe(0);

    const readOnly = await server.createDatabase("read_only");
    await server.query(
      "postgres",
      "alter database read_only set default_transaction_read_only = on",
    );
    expect(await refusal(readOnly)).toMatch(/takes no writes/);
    expect(await tablesOf("read_only")).toEqual([]);
  });

  it("keeps read-then-write transactions whole when two processes' pools run them at once", async () => {
    const url = await fresh();
    const [a, b] = [await openPostgres(url), await openPostgres(url)];
    await new PlayersRepo(a.db).upsert({ id: 1, firstName: "Ann" }, 1);
    // Each reads the rating, yields, and writes it plus one: none may be lost.
    const bump = (db: Db) =>
      db.transaction(async (tx) => {
        const [row] = await tx.run((d, t) =>
          d.select({ r: t.players.ratingLong }).from(t.players).where(eq(t.players.id, 1)),
        );
        await new Promise((r) => setTimeout(r, 1));
        await tx.run((d, t) =>
          d
            .update(t.players)
            .set({ ratingLong: row!.r + 1 })
            .where(eq(t.players.id, 1)),
        );
      });
    await Promise.all(Array.from({ length: 40 }, (_, i) => bump(i % 2 ? a.db : b.db)));
    const [row] = await a.db.run((d, t) =>
      d.select({ r: t.players.ratingLong }).from(t.players).where(eq(t.players.id, 1)),
    );
    expect(row!.r).toBe(1500 + 40);
    // A statement the transaction's flow sends to the pool is refused, and it rolls back.
    const players = new PlayersRepo(a.db);
    await expect(
      a.db.transaction(async (tx) => {
        await new PlayersRepo(tx).upsert({ id: 2, firstName: "Ben" }, 1);
        await players.upsert({ id: 3, firstName: "Cy" }, 1);
      }),
    ).rejects.toThrow(OutsideTransaction);
    expect([...(await players.getMany([1, 2, 3])).keys()]).toEqual([1]);
    await Promise.all([a.close(), b.close()]);
  });

  it("answers errors while the server is away, and carries on when it is back", async () => {
    const url = await fresh();
    const idle: Error[] = [];
    const opened = await openPostgres(url, { onIdleError: (e) => idle.push(e) });
    const players = new PlayersRepo(opened.db);
    await players.upsert({ id: 1, firstName: "Ann" }, 1);
    const restarted = server.restart(1_500);
    await new Promise((r) => setTimeout(r, 300));
    // Down: a query and a transaction fail as "busy" (the services answer "try again").
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => "went through",
        (e: unknown) => storeFailure(e) ?? String(e),
      );
    expect(await failure(players.upsert({ id: 2, firstName: "Ben" }, 1))).toBe("busy");
    expect(
      await failure(
        opened.db.transaction((tx) => new PlayersRepo(tx).upsert({ id: 3, firstName: "Cy" }, 1)),
      ),
    ).toBe("busy");
    await restarted;
    await players.upsert({ id: 4, firstName: "Di" }, 1);
    await opened.db.transaction((tx) => new PlayersRepo(tx).upsert({ id: 5, firstName: "Ed" }, 1));
    expect([...(await players.getMany([1, 2, 3, 4, 5])).keys()].sort()).toEqual([1, 4, 5]);
    const [count] = await opened.db.run((d, t) =>
      d.select({ n: sql<number>`count(*)::int` }).from(t.players),
    );
    expect(count!.n).toBe(3);
    await opened.close();
  }, 30_000);
  it("lets one process at a time be active: a standby takes over when the active one's session ends, and the old one is told", async () => {
    const url = await fresh();
    const told: string[] = [];
    const first = await Leadership.take(url, {
      everyMs: 100,
      onConnection: (state) => told.push(`first ${state}`),
      onTaken: () => told.push("first taken"),
    });
    expect(first).not.toBeNull();
    let second: Leadership | null = null;
    const waiting = Leadership.take(url, {
      everyMs: 100,
      onStandby: () => told.push("second stands by"),
    }).then((l) => {
      second = l;
      return l;
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(second).toBeNull();
    expect(told).toEqual(["second stands by"]);
    // The active one's session ends (its process died, or its connection broke).
    await server.query(
      `open_${made}`,
      `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and objid = ${LEADER_LOCK} and granted`,
    );
    const t0 = Date.now();
    expect(await waiting).not.toBeNull();
    expect(Date.now() - t0).toBeLessThan(2_000);
    await vi.waitFor(() => expect(told).toContain("first taken"), { timeout: 3_000 });
    expect(told).toEqual(["second stands by", "first lost", "first taken"]);
    await first!.release();
    await second!.release();
  });

  it("takes the lock again when the server comes back and nobody else took it", async () => {
    const url = await fresh();
    const told: string[] = [];
    const only = await Leadership.take(url, {
      everyMs: 200,
      onConnection: (state) => told.push(state),
      onTaken: () => told.push("taken"),
    });
    await server.restart(1_000);
    await vi.waitFor(() => expect(told).toEqual(["lost", "regained"]), { timeout: 10_000 });
    // Held again: another process stands by.
    const other = Leadership.take(url, { everyMs: 100, stopped: () => told.length > 2 });
    await new Promise((r) => setTimeout(r, 400));
    told.push("stop waiting");
    expect(await other).toBeNull();
    await only!.release();
  });
});
