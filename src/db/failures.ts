/**
 * What went wrong in the database, the same on every dialect: the services answer each kind
 * alike whichever database said it.
 * - `unique`: a unique key refused the row (SQLite's SQLITE_CONSTRAINT_UNIQUE or _PRIMARYKEY,
 *   PostgreSQL's 23505);
 * - `foreign-key`: a row points at one that is not there (SQLITE_CONSTRAINT_FOREIGNKEY, 23503);
 * - `busy`: another writer held on past the wait, or the database gave up on a transaction
 *   that met another one (SQLITE_BUSY…, PostgreSQL's 40001 serialization failure, 40P01
 *   deadlock, 55P03 lock not available): trying again may work.
 */
export type StoreFailure = "unique" | "foreign-key" | "busy";

const SQLITE: Readonly<Record<string, StoreFailure>> = {
  SQLITE_CONSTRAINT_UNIQUE: "unique",
  SQLITE_CONSTRAINT_PRIMARYKEY: "unique",
  SQLITE_CONSTRAINT_FOREIGNKEY: "foreign-key",
};
const POSTGRES: Readonly<Record<string, StoreFailure>> = {
  "23505": "unique",
  "23503": "foreign-key",
  "40001": "busy",
  "40P01": "busy",
  "55P03": "busy",
};

const codeOf = (e: unknown): string | null => {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : null;
};

/** The kind of `e`, looking through drizzle's wrapping (its `cause`); null: none of these. */
export function storeFailure(e: unknown): StoreFailure | null {
  for (let at = e, depth = 0; at && depth < 5; at = (at as { cause?: unknown }).cause, depth++) {
    const code = codeOf(at);
    if (code === null) continue;
    if (code.startsWith("SQLITE_BUSY")) return "busy";
    const kind = SQLITE[code] ?? POSTGRES[code];
    if (kind) return kind;
  }
  return null;
}
