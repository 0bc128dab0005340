import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * The few SQL fragments the two databases spell differently; everything else the
 * repositories write is drizzle's and the same on both.
 */
export interface Dialect {
  readonly name: "sqlite" | "postgres";
  /** A top-level text field of a JSON column (SQLite stores JSON as text, PostgreSQL as json). */
  jsonField(column: SQLWrapper, field: string): SQL;
  /** Null-safe inequality: true when exactly one is null, or both are set and differ. */
  distinct(a: SQLWrapper, b: SQLWrapper): SQL;
  /**
   * Ends a select whose rows are about to be claimed: on PostgreSQL rows another transaction
   * holds are passed over; SQLite has one writer at a time, so nothing is needed.
   */
  readonly skipLocked: SQL;
}

const FIELD = /^[a-z][a-zA-Z0-9]*$/;
const checked = (field: string): string => {
  if (!FIELD.test(field)) throw new Error(`not a JSON field name: ${field}`);
  return field;
};

export const sqliteDialect: Dialect = {
  name: "sqlite",
  jsonField: (column, field) => sql`json_extract(${column}, ${sql.raw(`'$.${checked(field)}'`)})`,
  distinct: (a, b) => sql`${a} is not ${b}`,
  skipLocked: sql``,
};

export const postgresDialect: Dialect = {
  name: "postgres",
  jsonField: (column, field) => sql`(${column} ->> ${sql.raw(`'${checked(field)}'`)})`,
  distinct: (a, b) => sql`${a} is distinct from ${b}`,
  skipLocked: sql`for update skip locked`,
};
