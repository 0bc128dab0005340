import type Database from "better-sqlite3";
import pg from "pg";

export interface StatementCounts {
  /** The store's own statements: what its repositories ask. */
  readonly queries: number;
  /**
   * The transactions' frames around them: BEGIN and COMMIT (or ROLLBACK), a nested one's
   * SAVEPOINT and RELEASE, and on PostgreSQL the lock timeout and the writer's lock. SQLite
   * runs its frame through `exec`, which is not counted.
   */
  readonly frame: number;
}

/**
 * Counts the SQL statements a connection runs: every execution of a statement prepared on
 * it (drizzle prepares through it too). A transaction's own BEGIN and COMMIT run through
 * `exec` and are not seen: SQLite's frame counts 0.
 */
export function countStatements(sqlite: Database.Database): () => StatementCounts {
  let count = 0;
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const stmt = prepare(source) as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const method of ["run", "get", "all", "iterate"]) {
      const run = stmt[method]!.bind(stmt);
      stmt[method] = (...args: unknown[]) => {
        count++;
        return run(...args);
      };
    }
    return stmt;
  }) as unknown as typeof sqlite.prepare;
  return () => ({ queries: count, frame: 0 });
}

const FRAME =
  /^\s*(begin|commit|rollback|savepoint |release |set local |select pg_advisory_xact_lock)/i;

/**
 * Counts the statements every node-postgres client of this process sends from now on (one
 * bench rig's pool at a time), the transaction's frame apart.
 */
export function countPostgresStatements(): () => StatementCounts {
  let queries = 0;
  let frame = 0;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === "string" ? first : ((first as { text?: string })?.text ?? "");
    if (FRAME.test(text)) frame++;
    else queries++;
    return query.apply(this, args);
  };
  return () => ({ queries, frame });
}
