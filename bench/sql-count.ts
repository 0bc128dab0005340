import type Database from "better-sqlite3";

/**
 * Counts the SQL statements a connection runs: every execution of a statement prepared on
 * it (drizzle prepares through it too). A transaction's own BEGIN and COMMIT are not counted.
 */
export function countStatements(sqlite: Database.Database): () => number {
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
  return () => count;
}
