import { createHash } from "node:crypto";
import { expect } from "vitest";
import { type Db, type OpenedDatabase, openDatabase } from "../../src/db/index.js";
import type { PlayerRef, ServiceConfig } from "../../src/services/index.js";
import { allGameProblems } from "../db/consistency.js";
import { freshPostgres } from "../helpers/pglite.js";
import { StartingService } from "./starting.js";

export const alice: PlayerRef = {
  id: 101,
  firstName: "Alice",
  username: "alice",
  languageCode: "en",
};
export const bob: PlayerRef = { id: 202, firstName: "Bob", lastName: "B", username: "Bob_B" };
export const carol: PlayerRef = { id: 303, firstName: "Carol" };
export const CHAT = { id: -1001, type: "supergroup", title: "Nardy club" };

export const HOUR = 3_600_000;

/** A clock the test moves by hand. */
export class Clock {
  constructor(public t = Date.UTC(2025, 0, 1)) {}
  now = (): number => this.t;
  advance(ms: number): void {
    this.t += ms;
  }
}

/** Reproducible secret seeds: SHA-256 of a label and a counter. */
export function seedSource(label: string): () => Buffer {
  let n = 0;
  return () => createHash("sha256").update(`${label}:${n++}`).digest();
}

/**
 * Whether the service suites run on PostgreSQL (PGlite): the "services-pg" project, whose
 * setup (test/services/on-postgres.ts) empties the worker's PGlite before each test.
 */
export const onPostgres = (): boolean => process.env.SERVICES_DB === "pglite";

let ready: Db | null = null;

/** The database the test's first harness runs on, emptied before the test (it takes awaiting). */
export function preparePostgres(db: Db): void {
  ready = db;
}

const asOpened = (db: Db): OpenedDatabase => ({
  db,
  path: "PGlite",
  get sqlite(): never {
    throw new Error("this test reads SQLite itself: it does not run on PostgreSQL");
  },
  close: () => {},
});

/**
 * The test's first harness gets the database emptied for it. A later one (a test that plays
 * the same thing twice) empties it again before its first query: harnesses in a test are
 * used one after another, each from an empty database, as each SQLite one is.
 */
function takePostgres(): OpenedDatabase {
  const db = ready;
  ready = null;
  if (db) return asOpened(db);
  const own = freshPostgres();
  const later = <T>(use: (c: Db) => Promise<T>) => own.then(use);
  return asOpened({
    run: (fn) => later((c) => c.run(fn)),
    transaction: (fn) => later((c) => c.transaction(fn)),
    inTransaction: () => false,
    get sql(): never {
      throw new Error("a later harness's database has no handle to read past it");
    },
  });
}

/**
 * The databases harnesses opened, with the test file that opened them: files share a worker
 * (no isolation), and a file checks only its own games.
 */
const opened: { readonly database: OpenedDatabase; readonly file: string | undefined }[] = [];

export interface Harness {
  readonly svc: StartingService;
  readonly clock: Clock;
  readonly database: OpenedDatabase;
}

/**
 * A service on a fresh in-memory database with the real migrations; its games start at once,
 * as the bot starts them in their first message.
 */
export function harness(config: Partial<ServiceConfig> = {}, label = "test"): Harness {
  const database = onPostgres() ? takePostgres() : openDatabase(":memory:");
  opened.push({ database, file: expect.getState().testPath });
  const clock = new Clock();
  const svc = new StartingService(database.db, {
    now: clock.now,
    newSeed: seedSource(label),
    ...config,
  });
  return { svc, clock, database };
}

/**
 * Every game any harness created since the last call: its state must equal the replay of its
 * events (and the other invariants of consistency.ts). The service fixtures run it after each
 * test (test/services/fixtures.ts).
 */
export async function expectAllGamesReplay(): Promise<void> {
  const file = expect.getState().testPath;
  for (const { database, file: from } of opened.splice(0)) {
    // Another file's games (one that does not check them) are not this test's to judge.
    if (from === file) expect(await allGameProblems(database.db)).toEqual([]);
    database.close();
  }
}

export function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
}

export function errorCode(r: { ok: boolean; error?: { code: string } }): string | undefined {
  return r.ok ? undefined : r.error?.code;
}
