/**
 * Every query of the repositories and stores is awaited through the connection: none uses
 * better-sqlite3's synchronous calls, which a PostgreSQL driver does not have and which would
 * run outside the connection's turn-taking.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const DB = path.resolve("src/db");
/**
 * The SQLite-specific modules: the connection itself, opening the file, and reading a file
 * to copy it into PostgreSQL.
 */
const SQLITE_ONLY = new Set(["connection.ts", "open.ts", "pg/copy.ts"]);
/** drizzle's synchronous SQLite calls, on a builder or a prepared statement. */
const SYNC_CALL = /\.(get|all|run|values)\(\s*(\)|\{)/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(path.join(dir, e.name))
      : e.name.endsWith(".ts") && !SQLITE_ONLY.has(path.relative(DB, path.join(dir, e.name)))
        ? [path.join(dir, e.name)]
        : [],
  );
}

describe("the store's queries", () => {
  it("are all awaited: no synchronous .get(), .all(), .run() or .values() outside the SQLite modules", () => {
    const files = sources(DB);
    expect(files.length).toBeGreaterThan(15);
    const found = files.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          // `.values({` is an insert's rows, not a statement run.
          [...line.matchAll(SYNC_CALL)]
            .filter((m) => !(m[1] === "values" && m[2] === "{"))
            .map(() => `${path.relative(DB, file)}:${i + 1}: ${line.trim()}`),
        ),
    );
    expect(found).toEqual([]);
  });
});
