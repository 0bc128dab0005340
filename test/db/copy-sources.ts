import { createHash } from "node:crypto";
import type Database from "better-sqlite3";
import { type Column, getTableName, is } from "drizzle-orm";
import { PgTable, getTableConfig as pgConfig } from "drizzle-orm/pg-core";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { randomAction } from "../../bench/random-play.js";
import { memoryFrontEnd } from "../../bench/testkit/memory-front-end.js";
import type { Db } from "../../src/db/index.js";
import { postgresSchema } from "../../src/db/pg/tables.js";
import * as main from "../../src/db/schema.js";
import * as telegram from "../../src/db/telegram/schema.js";
import { seededRandom } from "../../src/engine/dice.js";
import { GameService } from "../../src/services/index.js";
import { unwrap } from "../services/helpers.js";

/** Every table of the SQLite schema with its drizzle config. */
export function sqliteTables() {
  return ([...Object.values(main), ...Object.values(telegram)] as unknown[])
    .filter((t): t is SQLiteTable => is(t, SQLiteTable))
    .map((t) => getTableConfig(t));
}

type Config = ReturnType<typeof sqliteTables>[number];

/** Each column's type on PostgreSQL, by "table.column": what SQLite keeps as text may be json there. */
const postgresTypes = new Map(
  (Object.values(postgresSchema) as unknown[])
    .filter((t): t is PgTable => is(t, PgTable))
    .flatMap((t) => {
      const config = pgConfig(t);
      return config.columns.map((c) => [`${config.name}.${c.name}`, c.getSQLType()] as const);
    }),
);

/**
 * Fills every table with `rows` rows of made-up values of each column's kind: large and
 * negative integers, fractions, text beyond ASCII with quotes, JSON whose keys are out of
 * order, both flags. Every value differs from row to row (so unique indexes hold); a foreign
 * key holds the referred row's value, a table referring to itself the row before.
 */
export function fillEveryTable(sqlite: Database.Database, rows = 3): void {
  const tables = sqliteTables();
  const byName = new Map(tables.map((t) => [t.name, t]));
  const sample = (table: Config, column: Column, row: number): unknown => {
    for (const fk of table.foreignKeys) {
      const ref = fk.reference();
      const at = ref.columns.findIndex((c) => c.name === column.name);
      if (at < 0) continue;
      const target = byName.get(getTableName(ref.foreignTable))!;
      const targetRow = target === table ? row - 1 : row;
      if (targetRow < 0) return null;
      return sample(
        target,
        target.columns.find((c) => c.name === ref.foreignColumns[at]!.name)!,
        targetRow,
      );
    }
    const c = table.columns.indexOf(column);
    const onPostgres = postgresTypes.get(`${table.name}.${column.name}`);
    if (onPostgres === "boolean") return (row + c) % 2;
    if (onPostgres === "json")
      return JSON.stringify({ z: row, a: [1, `${c}`], m: { y: null, b: true } });
    switch (column.getSQLType()) {
      case "integer":
        return (c % 2 ? -1 : 1) * (1_000_000_000_000 * (c + 1) + row);
      case "real":
        return row + 0.5 + c / 8;
      case "blob":
        return Buffer.from([row, c, 0, 255, 39]);
      default:
        return `t${c}:${row} «ü» ✓ '"`;
    }
  };
  const order: Config[] = [];
  const place = (t: Config): void => {
    if (order.includes(t)) return;
    for (const fk of t.foreignKeys) {
      const ref = byName.get(getTableName(fk.reference().foreignTable))!;
      if (ref !== t) place(ref);
    }
    order.push(t);
  };
  for (const t of tables) place(t);
  for (const t of order) {
    const names = t.columns.map((c) => `"${c.name}"`).join(", ");
    const insert = sqlite.prepare(
      `insert into "${t.name}" (${names}) values (${t.columns.map(() => "?").join(", ")})`,
    );
    for (let row = 0; row < rows; row++) insert.run(t.columns.map((c) => sample(t, c, row)));
  }
}

/** A table's rows, every value as PostgreSQL's `::text` shows it, in no order. */
export function sqliteRowsAsText(sqlite: Database.Database, t: Config): string[][] {
  const rows = sqlite
    .prepare(`select ${t.columns.map((c) => `"${c.name}"`).join(", ")} from "${t.name}"`)
    .raw()
    .safeIntegers()
    .all() as unknown[][];
  return rows.map((row) =>
    row.map((v, i) => {
      if (v === null) return null as unknown as string;
      if (postgresTypes.get(`${t.name}.${t.columns[i]!.name}`) === "boolean")
        return v ? "true" : "false";
      // Bytes as PostgreSQL writes bytea as text.
      if (v instanceof Uint8Array) return `\\x${Buffer.from(v).toString("hex")}`;
      return String(v);
    }),
  );
}

/**
 * Plays `finished` whole games (random legal moves, alternately long and short) and leaves
 * `active` more after a few moves, each in a chat of its own; returns the games' ids.
 */
export async function playGames(
  db: Db,
  counts: { finished: number; active: number },
  seed = 7,
): Promise<number[]> {
  let seeds = 0;
  const svc = new GameService(db, memoryFrontEnd(), {
    newSeed: () => createHash("sha256").update(`copy:${seed}:${seeds++}`).digest(),
  });
  const r = seededRandom(seed);
  const players = [1, 2].map((id) => ({ id: 7_000_000_000 + id, firstName: `P${id}` }));
  const ids: number[] = [];
  const total = counts.finished + counts.active;
  for (let i = 0; i < total; i++) {
    const chat = { id: -1_001_000_000_000 - i };
    const variant = i % 2 === 0 ? "long" : "short";
    const c = unwrap(await svc.createChallenge({ challenger: players[0]!, chat, variant }));
    const a = unwrap(await svc.acceptChallenge(c.id, players[1]!));
    const where = { kind: "chat", chatId: chat.id, messageId: 1, date: 1_767_225_600 } as const;
    let g = unwrap(await svc.beginGame(a.game.id, where)).game;
    let moves = i < counts.finished ? Number.POSITIVE_INFINITY : 9 + i;
    while (g.status === "active" && moves-- > 0)
      g = unwrap(await svc.act(g.id, g.waitingFor!, randomAction(g, r), g.version)).game;
    ids.push(g.id);
  }
  return ids;
}
