import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { type Session, SessionConnection, type Sql, type Tables } from "../../src/db/connection.js";
import { postgresDialect } from "../../src/db/dialect.js";
import * as main from "../../src/db/pg/schema.js";
import * as telegram from "../../src/db/pg/telegram-schema.js";

/**
 * PGlite (PostgreSQL in the process, one session) as a session of the connection core: the
 * repositories' queries run on its drizzle handle and the PostgreSQL tables, typed as SQLite's
 * (the same drizzle calls build pg-core's statements).
 */
export function pgliteSession(client: PGlite): Session {
  let open = false;
  return {
    handle: drizzle(client, { schema: { ...main, ...telegram } }) as unknown as Sql,
    tables: { ...main, ...telegram } as unknown as Tables,
    dialect: postgresDialect,
    begin: "begin",
    exec: async (statement) => {
      await client.exec(statement);
      if (statement === "begin") open = true;
      else if (statement === "commit" || statement === "rollback") open = false;
    },
    inTransaction: () => open,
  };
}

let shared: Promise<{ client: PGlite; tables: string[] }> | null = null;

const MIGRATIONS = path.resolve("drizzle/pg");

/**
 * Where a migrated PGlite's data directory is kept between runs: a new PGlite spends seconds
 * making its cluster, loading one takes one. Named by the migrations and PGlite's version,
 * so a change to either makes a new one.
 */
function dumpPath(): string {
  const hash = createHash("sha256");
  const version = JSON.parse(
    readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ).version;
  hash.update(String(version));
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS);
  const name = `pglite-${hash.digest("hex").slice(0, 16)}.tar`;
  return path.resolve("node_modules/.cache/nardy-bot", name);
}

/** Keeps this migrated PGlite's data directory for the runs after this one. */
async function keep(client: PGlite, file: string): Promise<void> {
  const dump = await client.dumpDataDir("none");
  mkdirSync(path.dirname(file), { recursive: true });
  // Written aside and renamed: a run cut off midway, or another worker, sees all or none of it.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
}

const start = async () => {
  const file = dumpPath();
  const loaded = existsSync(file);
  const client = loaded
    ? new PGlite({ loadDataDir: new Blob([readFileSync(file)]) })
    : new PGlite();
  // Migrating a loaded one finds nothing to do; a new one gets every table, and is kept.
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
  // Only a speed-up: a folder that takes no writes leaves each run making its own.
  if (!loaded) await keep(client, file).catch(() => {});
  const { rows } = await client.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public'",
  );
  return { client, tables: rows.map((r) => `"${r.tablename}"`) };
};

/**
 * The test worker's PostgreSQL: one PGlite (it takes seconds to start) for every test file
 * the worker runs (the fast project shares modules across its files), migrated with
 * drizzle/pg. Tests that write call freshPostgres, which empties it first.
 */
export async function sharedPostgres(): Promise<PGlite> {
  shared ??= start();
  return (await shared).client;
}

/** The worker's PostgreSQL with every table emptied and its numbering restarted. */
export async function freshPostgres(): Promise<SessionConnection> {
  await sharedPostgres();
  const { client, tables } = await shared!;
  await client.exec(`truncate ${tables.join(", ")} restart identity cascade`);
  return new SessionConnection(pgliteSession(client));
}
