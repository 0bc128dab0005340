import { test as base } from "vitest";
import { type OpenedDatabase, openDatabase } from "../../src/db/index.js";

export interface DatabaseFixtures {
  /** A fresh in-memory database with the real migrations, closed after the test. */
  database: OpenedDatabase;
}

/** The database tests' `test` (and `it`). */
export const test = base.extend<DatabaseFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
  database: async ({}, use) => {
    const database = openDatabase(":memory:");
    await use(database);
    database.close();
  },
});

export const it = test;
