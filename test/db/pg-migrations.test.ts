/**
 * PostgreSQL's migrations (drizzle/pg, made by drizzle-kit from src/db/pg) run on a real
 * PostgreSQL (PGlite, the worker's: test/helpers/pglite.ts migrates it) and make exactly the
 * tables, columns and indexes the schema describes.
 */
import type { PGlite } from "@electric-sql/pglite";
import { getTableName, is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import * as main from "../../src/db/pg/schema.js";
import * as telegram from "../../src/db/pg/telegram-schema.js";
import { freshPostgres, sharedPostgres } from "../helpers/pglite.js";

const tables: PgTable[] = [...Object.values(main), ...Object.values(telegram)].filter((v) =>
  is(v, PgTable),
) as PgTable[];

let client: PGlite;
beforeAll(async () => {
  await freshPostgres();
  client = await sharedPostgres();
}, 60_000);

const rows = async <T>(query: string) => (await client.query<T>(query)).rows;

describe("PostgreSQL's migrations", () => {
  it("make every table of the schema, with its columns, types and nullability", async () => {
    const made = await rows<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
    }>(
      `select table_name, column_name, data_type, is_nullable from information_schema.columns
       where table_schema = 'public' order by table_name, ordinal_position`,
    );
    const expected = tables.flatMap((t) =>
      getTableConfig(t).columns.map((c) => ({
        table_name: getTableName(t),
        column_name: c.name,
        data_type: c.getSQLType(),
        is_nullable: c.notNull ? "NO" : "YES",
      })),
    );
    const byKey = (r: { table_name: string; column_name: string }) =>
      `${r.table_name}.${r.column_name}`;
    expect(made.map(byKey).sort()).toEqual(expected.map(byKey).sort());
    const typeOf = new Map(made.map((r) => [byKey(r), r]));
    for (const e of expected)
      expect(typeOf.get(byKey(e)), byKey(e)).toMatchObject({
        is_nullable: e.is_nullable,
        // information_schema spells the types out.
        data_type:
          {
            bigint: "bigint",
            boolean: "boolean",
            text: "text",
            json: "json",
            "double precision": "double precision",
          }[e.data_type] ?? e.data_type,
      });
  });

  it("make every index the schema names, partial ones with their conditions", async () => {
    const made = await rows<{ indexname: string; indexdef: string }>(
      "select indexname, indexdef from pg_indexes where schemaname = 'public'",
    );
    const names = new Set(made.map((r) => r.indexname));
    const named = tables.flatMap((t) => getTableConfig(t).indexes.map((i) => i.config.name ?? ""));
    expect(named.length).toBeGreaterThan(20);
    for (const name of named) expect(names.has(name), name).toBe(true);
    const partial = made.find((r) => r.indexname === "seeks_one_waiting_idx")!;
    expect(partial.indexdef).toMatch(/UNIQUE INDEX .* WHERE \(status = 'waiting'::text\)/);
  });

  it("number new games and challenges themselves, as SQLite does", async () => {
    await client.query(
      "insert into players (id, first_name, created_at, updated_at) values (9007199254740991, 'Big', 1, 1)",
    );
    const { rows: made } = await client.query<{ id: number }>(
      `insert into challenges (challenger_id, variant, rules, status, created_at, updated_at, expires_at)
       values (9007199254740991, 'long', '{}', 'pending', 1, 1, 2) returning id`,
    );
    expect(Number(made[0]!.id)).toBe(1);
    // A Telegram id past 32 bits fits.
    const { rows: big } = await client.query<{ id: string }>("select id::text from players");
    expect(big[0]!.id).toBe("9007199254740991");
  });
});
