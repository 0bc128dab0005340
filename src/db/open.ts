import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { type Connection, type Sql, SqliteConnection } from "./connection.js";
import * as schema from "./schema.js";

/** The database as the repositories reach it (see connection.ts). */
export type Db = Connection;

/** An open database of either kind, as the app runs on it. */
export interface OpenStore {
  readonly db: Db;
  /** Which database, fit for a log line: a file's path, or a server's URL without its password. */
  readonly path: string;
  close(): void | Promise<void>;
}

export interface OpenedDatabase extends OpenStore {
  readonly sqlite: Database.Database;
  /** The resolved file path, or ":memory:". */
  readonly path: string;
  close(): void;
}

/** Start-up failure; the message is one line naming the file, fit to print before exiting. */
export class DatabaseOpenError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`Cannot open the database ${path}: ${reason.replace(/\s+/g, " ").trim()}`);
    this.name = "DatabaseOpenError";
  }
}

/** drizzle's record of applied migrations. */
const MIGRATIONS_TABLE = "__drizzle_migrations";
const MIGRATIONS = fileURLToPath(new URL("../../drizzle", import.meta.url));

export interface OpenOptions {
  /** Milliseconds a writer waits for another connection's lock. */
  readonly busyTimeoutMs?: number;
}

/**
 * Opens (creating if absent) and migrates the database. An existing file is never recreated:
 * anything wrong with it is a DatabaseOpenError.
 */
export function openDatabase(path: string, options: OpenOptions = {}): OpenedDatabase {
  const memory = path === ":memory:";
  const full = memory ? path : resolve(path);
  let sqlite: Database.Database | undefined;
  try {
    if (!memory) mkdirSync(dirname(full), { recursive: true });
    sqlite = new Database(full);
    sqlite.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
    // Reads the header first: a file that is not a database fails here, before any write.
    sqlite.pragma("schema_version");
    const check = sqlite.pragma("quick_check(1)", { simple: true });
    if (check !== "ok") throw new Error(`integrity check failed: ${String(check)}`);
    refuseForeign(sqlite);
    if (!memory) sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("foreign_keys = ON");
    const sql = drizzle(sqlite, { schema }) as Sql;
    migrateOnce(sql);
    // A read-only file opens and reads fine; rewriting a header field proves it takes writes.
    const version = sqlite.pragma("user_version", { simple: true });
    sqlite.pragma(`user_version = ${Number(version)}`);
    const opened = sqlite;
    return {
      db: new SqliteConnection(sql),
      sqlite: opened,
      path: full,
      close: () => opened.close(),
    };
  } catch (e) {
    sqlite?.close();
    throw new DatabaseOpenError(full, describe(e));
  }
}

/** Another program's database: tables, but none of this bot's migrations. Nothing is written. */
function refuseForeign(sqlite: Database.Database): void {
  const tables = sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
    .pluck()
    .all() as string[];
  if (tables.length > 0 && !tables.includes(MIGRATIONS_TABLE))
    throw new Error(
      `it holds another program's tables (${tables.slice(0, 3).join(", ")}${tables.length > 3 ? ", ..." : ""}) and none of this bot's migrations`,
    );
}

/** Two processes may migrate a new file at once; the loser retries and finds the work done. */
function migrateOnce(db: Sql): void {
  try {
    migrate(db, { migrationsFolder: MIGRATIONS });
  } catch {
    migrate(db, { migrationsFolder: MIGRATIONS });
  }
}

function describe(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const code = (e as { code?: unknown }).code;
  const cause = (e as { cause?: unknown }).cause;
  const inner = cause instanceof Error ? `: ${cause.message}` : "";
  return typeof code === "string" ? `${e.message}${inner} (${code})` : `${e.message}${inner}`;
}
