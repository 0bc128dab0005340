/**
 * What went wrong in the database, the same on every dialect: the services answer each kind
 * alike whichever database said it.
 * - `unique`: a unique key refused the row (SQLite's SQLITE_CONSTRAINT_UNIQUE or _PRIMARYKEY,
 *   PostgreSQL's 23505);
 * - `foreign-key`: a row points at one that is not there (SQLITE_CONSTRAINT_FOREIGNKEY, 23503);
 * - `busy`: another writer held on past the wait, or the database gave up on a transaction
 *   that met another one (SQLITE_BUSY…, PostgreSQL's 40001 serialization failure, 40P01
 *   deadlock, 55P03 lock not available), or the server is away (a refused or lost
 *   connection, 08…, 57P01–57P03 while it shuts down or starts): trying again may work.
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
  "57P01": "busy",
  "57P02": "busy",
  "57P03": "busy",
};

/** Node's codes for a connection that was refused or broke: the server is away. */
const AWAY = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"]);

/** node-postgres says so in words when the server ends a connection it was using. */
const LOST =
  /^Connection terminated|^Client has encountered a connection error|timeout exceeded when trying to connect/;

const codeOf = (e: unknown): string | null => {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : null;
};

/** Whether one error (not its causes) is its connection's: refused, broken or shut down. */
function lostHere(at: unknown): boolean {
  if (at instanceof Error && LOST.test(at.message)) return true;
  const code = codeOf(at);
  return code !== null && (code.startsWith("08") || code.startsWith("57P0") || AWAY.has(code));
}

/** `e` and what it wraps (drizzle's `cause`; each address's refusal of several), in turn. */
function* chainOf(e: unknown): Generator<unknown> {
  let at = e;
  for (let depth = 0; at && depth < 5; depth++) {
    if (at instanceof AggregateError && at.errors.length > 0) at = at.errors[0];
    yield at;
    at = (at as { cause?: unknown }).cause;
  }
}

/** The kind of `e`, looking through what it wraps; null: none of these. */
export function storeFailure(e: unknown): StoreFailure | null {
  for (const at of chainOf(e)) {
    if (lostHere(at)) return "busy";
    const code = codeOf(at);
    if (code !== null) {
      if (code.startsWith("SQLITE_BUSY")) return "busy";
      const kind = SQLITE[code] ?? POSTGRES[code];
      if (kind) return kind;
    }
  }
  return null;
}

/**
 * Whether `e` is the connection's own failure (the server refused, broke or shut it), not a
 * statement's: a pooled client that met one is dropped, not reused.
 */
export function connectionLost(e: unknown): boolean {
  for (const at of chainOf(e)) if (lostHere(at)) return true;
  return false;
}
