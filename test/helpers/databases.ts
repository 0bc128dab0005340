import { afterAll, describe, test } from "vitest";
import { type PgServer, postgresBinaries, startPgServer } from "../../bench/testkit/pg-server.js";
import { type Db, openDatabase } from "../../src/db/index.js";
import { openPostgres } from "../../src/db/pg/open.js";
import { freshPostgres } from "./pglite.js";

/** A fresh database with the real migrations. */
export interface TestDatabase {
  readonly db: Db;
  close(): void | Promise<void>;
}

const ON_SERVER = "PostgreSQL (server)";

/** Each database the store runs on: SQLite in memory, and PostgreSQL as PGlite. */
export const DATABASES: readonly (readonly [string, () => Promise<TestDatabase>])[] = [
  [
    "SQLite",
    async () => {
      const d = openDatabase(":memory:");
      return { db: d.db, close: () => d.close() };
    },
  ],
  ["PostgreSQL (PGlite)", async () => ({ db: await freshPostgres(), close: () => {} })],
  // The slow suite runs the same suites on a real server too (node-postgres, its pool).
  ...(process.env.PG_SERVER_TESTS === "1" && postgresBinaries()
    ? [[ON_SERVER, serverDatabase] as const]
    : []),
];

let server: Promise<PgServer> | null = null;
let made = 0;

/** A new database on the worker's server, made from a migrated template (fast to copy). */
async function serverDatabase(): Promise<TestDatabase> {
  server ??= (async () => {
    const s = await startPgServer();
    const template = await openPostgres(await s.createDatabase("template_nardy"));
    await template.close();
    return s;
  })();
  const s = await server;
  const name = `t${process.pid}_${++made}`;
  await s.query("postgres", `create database ${name} template template_nardy`);
  const opened = await openPostgres(s.url(name));
  return { db: opened.db, close: () => opened.close() };
}

/** The `it` of a suite run on one database: `database` is a fresh one, closed after the test. */
export type DatabaseTest = ReturnType<typeof databaseTest>;

const databaseTest = (open: () => Promise<TestDatabase>) =>
  test.extend<{ database: TestDatabase }>({
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
    database: async ({}, use) => {
      const database = await open();
      await use(database);
      await database.close();
    },
  });

/** Runs the suite `body` once on each database, named `<name> on <database>`. */
export function onEachDatabase(name: string, body: (it: DatabaseTest) => void): void {
  describe.each(DATABASES)(`${name} on %s`, (kind, open) => {
    // The server stops with the suite that started it; the next one starts its own.
    if (kind === ON_SERVER) afterAll(stopServer);
    body(databaseTest(open));
  });
}

async function stopServer(): Promise<void> {
  const s = server;
  server = null;
  (await s)?.stop();
}
