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

const start = async () => {
  const client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder: path.resolve("drizzle/pg") });
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
