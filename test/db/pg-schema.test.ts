/**
 * One description of the schema per dialect (src/db/schema.ts and telegram/schema.ts for
 * SQLite, src/db/pg/ for PostgreSQL), kept equal: the same tables, columns in the same order
 * with the same nullability, defaults and kinds, the same keys, foreign keys and indexes with
 * their conditions, and the same row types.
 */
import { type Column, getTableName, is, type SQL, type Table } from "drizzle-orm";
import { PgDialect, PgTable, getTableConfig as pgConfig } from "drizzle-orm/pg-core";
import {
  SQLiteSyncDialect,
  SQLiteTable,
  getTableConfig as sqliteConfig,
} from "drizzle-orm/sqlite-core";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as pgMain from "../../src/db/pg/schema.js";
import * as pgTelegram from "../../src/db/pg/telegram-schema.js";
import * as sqliteMain from "../../src/db/schema.js";
import * as sqliteTelegram from "../../src/db/telegram/schema.js";

const tablesOf = <T>(module: Record<string, unknown>, kind: new (...args: never[]) => T) =>
  new Map(
    Object.entries(module)
      .filter(([, v]) => is(v, kind as never))
      .map(([k, v]) => [k, v as T]),
  );

const sqliteTables = new Map([
  ...tablesOf(sqliteMain, SQLiteTable),
  ...tablesOf(sqliteTelegram, SQLiteTable),
]);
const pgTables = new Map([...tablesOf(pgMain, PgTable), ...tablesOf(pgTelegram, PgTable)]);

/** What each SQLite column kind is on PostgreSQL. */
const KIND: Record<string, string> = {
  SQLiteInteger: "PgBigInt53",
  SQLiteBoolean: "PgBoolean",
  SQLiteText: "PgText",
  SQLiteTextJson: "PgJson",
  // The JSON column that reads damaged text as null (games' state and turn log).
  SQLiteCustomColumn: "PgJson",
  SQLiteReal: "PgDoublePrecision",
  // Bytes (a review job's animation): bytea, through a column type of the schema's own.
  SQLiteBlobBuffer: "PgCustomColumn",
};

const sqliteSql = new SQLiteSyncDialect();
const pgSql = new PgDialect();
/** An index's condition as text both dialects write alike: quotes gone, booleans as 0 and 1. */
const condition = (where: SQL | undefined, dialect: SQLiteSyncDialect | PgDialect) =>
  where === undefined
    ? null
    : dialect
        .sqlToQuery(where)
        .sql.replaceAll('"', "")
        .replace(/\bfalse\b/g, "0")
        .replace(/\btrue\b/g, "1");

const columnShape = (c: Column, kind: string) => ({
  name: c.name,
  kind,
  notNull: c.notNull,
  primary: c.primary,
  hasDefault: c.hasDefault,
  default: c.default,
  unique: c.isUnique,
});

const auto = (c: Column) => (c as Column & { autoIncrement?: boolean }).autoIncrement === true;

describe("the PostgreSQL schema", () => {
  it("has every table SQLite has, and no other", () => {
    expect(sqliteTables.size).toBeGreaterThan(20);
    expect([...pgTables.keys()].sort()).toEqual([...sqliteTables.keys()].sort());
    for (const [key, t] of sqliteTables)
      expect(getTableName(pgTables.get(key)!), key).toBe(getTableName(t as Table));
  });

  it("has the same columns, in order, with the same kinds, nullability, defaults and keys", () => {
    for (const [key, lite] of sqliteTables) {
      const pg = pgConfig(pgTables.get(key)!);
      const sq = sqliteConfig(lite);
      const sqColumns = sq.columns.map((c) => ({
        ...columnShape(c, KIND[c.columnType] ?? `unknown ${c.columnType}`),
        // SQLite's integer key is its rowid, numbered when not given: no default elsewhere.
        ...(c.primary && c.columnType === "SQLiteInteger" && !auto(c) ? { hasDefault: false } : {}),
      }));
      const pgColumns = pg.columns.map((c) => columnShape(c, c.columnType));
      expect(pgColumns, key).toEqual(sqColumns);
      // An id SQLite numbers itself, PostgreSQL numbers as an identity.
      const identity = (c: Column) => c.generatedIdentity !== undefined;
      expect(pg.columns.map(identity), key).toEqual(sq.columns.map(auto));
      const keyColumns = (pks: { columns: Column[] }[]) =>
        pks.map((p) => p.columns.map((c) => c.name));
      expect(keyColumns(pg.primaryKeys), key).toEqual(keyColumns(sq.primaryKeys));
    }
  });

  it("has the same foreign keys and indexes, with the same conditions", () => {
    for (const [key, lite] of sqliteTables) {
      const pg = pgConfig(pgTables.get(key)!);
      const sq = sqliteConfig(lite);
      const fks = (
        list: {
          reference: () => { columns: Column[]; foreignColumns: Column[]; foreignTable: Table };
        }[],
      ) =>
        list
          .map((fk) => fk.reference())
          .map((r) => ({
            columns: r.columns.map((c) => c.name),
            table: getTableName(r.foreignTable),
            foreign: r.foreignColumns.map((c) => c.name),
          }))
          .sort((a, b) => a.columns.join().localeCompare(b.columns.join()));
      expect(fks(pg.foreignKeys), key).toEqual(fks(sq.foreignKeys));
      const sqIndexes = sq.indexes.map((i) => ({
        name: i.config.name,
        columns: i.config.columns.map((c) => (c as Column).name),
        unique: i.config.unique,
        where: condition(i.config.where, sqliteSql),
      }));
      const pgIndexes = pg.indexes.map((i) => ({
        name: i.config.name,
        columns: i.config.columns.map((c) => (c as Column).name),
        unique: i.config.unique,
        where: condition(i.config.where, pgSql),
      }));
      expect(pgIndexes, key).toEqual(sqIndexes);
    }
  });

  it("reads and writes the same row types", () => {
    type Rows<M> = { [K in keyof M]: M[K] extends Table ? M[K]["$inferSelect"] : never };
    type Inserts<M> = { [K in keyof M]: M[K] extends Table ? M[K]["$inferInsert"] : never };
    type Tables<M> = { [K in keyof M as M[K] extends Table ? K : never]: M[K] };
    expectTypeOf<Rows<Tables<typeof pgMain>>>().toEqualTypeOf<Rows<Tables<typeof sqliteMain>>>();
    expectTypeOf<Rows<Tables<typeof pgTelegram>>>().toEqualTypeOf<
      Rows<Tables<typeof sqliteTelegram>>
    >();
    // What PostgreSQL takes, SQLite takes too; SQLite alone numbers an integer key it is not
    // given (its rowid), so there the Telegram ids are optional.
    expectTypeOf<Inserts<Tables<typeof pgMain>>>().toExtend<Inserts<Tables<typeof sqliteMain>>>();
    expectTypeOf<Inserts<Tables<typeof pgTelegram>>>().toExtend<
      Inserts<Tables<typeof sqliteTelegram>>
    >();
    expect(pgTables.size).toBe(sqliteTables.size);
  });
});
