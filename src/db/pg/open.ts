import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { DatabaseOpenError, type OpenStore } from "../open.js";
import { PoolConnection, type PoolOptions } from "./pool.js";
import { describeUrl, postgresUrlProblem } from "./url.js";

const MIGRATIONS = fileURLToPath(new URL("../../../drizzle/pg", import.meta.url));
/** Held while migrating: processes starting together migrate one after another, once. */
const MIGRATE_LOCK = 0x6e617265;

export interface PostgresOptions extends PoolOptions {
  /** Clients the pool opens at most. */
  readonly maxClients?: number;
  /** A pooled client's connection failed while idle (the server went away): told, not thrown. */
  readonly onIdleError?: (e: Error) => void;
}

/**
 * Connects to the server, checks the database is this bot's (or empty) and takes writes, and
 * migrates it. Anything wrong is a DatabaseOpenError, with nothing written.
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<OpenStore> {
  const { pool, where } = await connectPostgres(url, options);
  return { db: new PoolConnection(pool, options), path: where, close: () => pool.end() };
}

/** openPostgres's checks and migrations, giving the bare pool (for the copy command). */
export async function connectPostgres(
  url: string,
  options: PostgresOptions = {},
): Promise<{ pool: pg.Pool; where: string }> {
  const where = describeUrl(url);
  const problem = postgresUrlProblem(url);
  if (problem) throw new DatabaseOpenError(where, `DATABASE_URL ${problem}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxClients ?? 10,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // Without a listener, an idle client's lost connection would end the process.
  pool.on("error", (e) => options.onIdleError?.(e));
  try {
    const client = await pool.connect();
    try {
      await prepare(client);
    } finally {
      client.release();
    }
  } catch (e) {
    await pool.end().catch(() => {});
    throw new DatabaseOpenError(where, reasonOf(e));
  }
  return { pool, where };
}

async function prepare(client: pg.PoolClient): Promise<void> {
  const readOnly = await client.query<{ ro: string }>(
    "select current_setting('transaction_read_only') as ro",
  );
  if (readOnly.rows[0]?.ro === "on")
    throw new Error("the server takes no writes (a standby, or a read-only database)");
  await client.query("select pg_advisory_lock($1)", [MIGRATE_LOCK]);
  try {
    await refuseForeign(client);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATE_LOCK]);
  }
}

/** Another program's database: tables, but none of this bot's migrations. Nothing is written. */
async function refuseForeign(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = current_schema() order by 1",
  );
  const ours = await client.query<{ found: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as found",
  );
  const tables = rows.map((r) => r.name);
  if (tables.length > 0 && ours.rows[0]?.found == null)
    throw new Error(
      `it holds another program's tables (${tables.slice(0, 3).join(", ")}${tables.length > 3 ? ", ..." : ""}) and none of this bot's migrations`,
    );
}

/** One line: what the server or the network said, with its code. */
function reasonOf(e: unknown): string {
  if (e instanceof AggregateError && e.errors.length > 0) return reasonOf(e.errors[0]);
  if (!(e instanceof Error)) return String(e);
  const code = (e as { code?: unknown }).code;
  const cause = (e as { cause?: unknown }).cause;
  const message = e.message || (cause instanceof Error ? cause.message : "") || e.name;
  return typeof code === "string" ? `${message} (${code})` : message;
}
