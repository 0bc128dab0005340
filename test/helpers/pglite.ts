import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { type Session, SessionConnection, type Sql, type Tables } from "../../src/db/connection.js";
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
    begin: "begin",
    exec: async (statement) => {
      await client.exec(statement);
      if (statement === "begin") open = true;
      else if (statement === "commit" || statement === "rollback") open = false;
    },
    inTransaction: () => open,
  };
}

/** A fresh in-memory PostgreSQL and the connection over it; `close` when done. */
export async function pgliteConnection(): Promise<{
  client: PGlite;
  db: SessionConnection;
  close: () => Promise<void>;
}> {
  const client = new PGlite();
  await client.waitReady;
  return { client, db: new SessionConnection(pgliteSession(client)), close: () => client.close() };
}
