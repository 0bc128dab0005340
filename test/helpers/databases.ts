import { describe, test } from "vitest";
import { type Db, openDatabase } from "../../src/db/index.js";
import { freshPostgres } from "./pglite.js";

/** A fresh database with the real migrations. */
export interface TestDatabase {
  readonly db: Db;
  close(): void;
}

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
];

/** The `it` of a suite run on one database: `database` is a fresh one, closed after the test. */
export type DatabaseTest = ReturnType<typeof databaseTest>;

const databaseTest = (open: () => Promise<TestDatabase>) =>
  test.extend<{ database: TestDatabase }>({
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
    database: async ({}, use) => {
      const database = await open();
      await use(database);
      database.close();
    },
  });

/** Runs the suite `body` once on each database, named `<name> on <database>`. */
export function onEachDatabase(name: string, body: (it: DatabaseTest) => void): void {
  describe.each(DATABASES)(`${name} on %s`, (_, open) => body(databaseTest(open)));
}
