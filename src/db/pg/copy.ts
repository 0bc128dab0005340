import type Database from "better-sqlite3";
import { getTableName, is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { WRITER_LOCK } from "./pool.js";
import { postgresSchema } from "./tables.js";

/** What the copy needs of a PostgreSQL session: node-postgres's client, or PGlite. */
export interface Queryable {
  query<R>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

/** One game's log as the engine replays it. */
export type GameLog = readonly { type: string; payload: unknown }[];

export interface CopyOptions {
  /** The state a log replays to, as JSON text; throws when it does not replay. */
  readonly replay: (log: GameLog) => string;
  /** A line of progress, for a person watching a long copy. */
  readonly progress?: (line: string) => void;
}

export interface CopyReport {
  readonly tables: readonly { readonly name: string; readonly rows: number }[];
  /** Games whose copied log replays to the state the file holds for them. */
  readonly replayed: number;
  /**
   * Games whose log does not replay to their stored state in the file either (a game marked
   * broken, one waiting for its first message): copied as they are, row for row.
   */
  readonly unreplayable: readonly number[];
}

/** The copy stopped: the target is left as it was. */
export class CopyFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CopyFailed";
  }
}

interface TableCopy {
  readonly name: string;
  readonly columns: readonly string[];
  readonly booleans: ReadonlySet<string>;
  readonly orderBy: readonly string[];
  readonly identity: string | null;
  readonly references: readonly string[];
}

/** Statement parameters PostgreSQL takes at most is 65,535; a batch stays well under. */
const PARAMETERS_PER_BATCH = 30_000;
/** Games checked per round trip. */
const GAMES_PER_CHECK = 500;

/**
 * Copies every table of an SQLite database of this bot into an empty PostgreSQL one of the
 * same migrations, then checks it: each table's rows counted on both sides, and every game's
 * copied log replayed and compared with the state the file holds. It all runs in one
 * transaction holding the bots' writer lock, and the file is read in one snapshot: a bot
 * writing to the target waits, and a failed check leaves the target empty.
 */
export async function copyIntoPostgres(
  source: Database.Database,
  target: Queryable,
  options: CopyOptions,
): Promise<CopyReport> {
  const tables = copyOrder();
  source.exec("begin");
  await target.query("begin");
  try {
    await target.query("select pg_advisory_xact_lock($1)", [WRITER_LOCK]);
    await refuseData(target, tables);
    const copied: { name: string; rows: number }[] = [];
    for (const table of tables) {
      const rows = await copyTable(source, target, table);
      copied.push({ name: table.name, rows });
      options.progress?.(`${table.name}: ${rows} rows`);
    }
    for (const table of tables) {
      if (table.identity) await resetIdentity(target, table.name, table.identity);
      await compareCounts(source, target, table.name);
    }
    const checked = await checkGames(source, target, options);
    await target.query("commit");
    return { tables: copied, ...checked };
  } catch (e) {
    await target.query("rollback").catch(() => {});
    throw e;
  } finally {
    source.exec("rollback");
  }
}

/** The tables, each after the tables it refers to. */
function copyOrder(): TableCopy[] {
  const byName = new Map<string, TableCopy>();
  for (const value of Object.values(postgresSchema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const keys = config.primaryKeys[0]?.columns.map((c) => c.name);
    byName.set(config.name, {
      name: config.name,
      columns: config.columns.map((c) => c.name),
      booleans: new Set(
        config.columns.filter((c) => c.getSQLType() === "boolean").map((c) => c.name),
      ),
      orderBy: keys ?? config.columns.filter((c) => c.primary).map((c) => c.name),
      identity: config.columns.find((c) => c.generatedIdentity)?.name ?? null,
      references: config.foreignKeys
        .map((fk) => getTableName(fk.reference().foreignTable))
        .filter((name) => name !== config.name),
    });
  }
  const ordered: TableCopy[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: readonly string[]): void => {
    if (placed.has(name)) return;
    if (path.includes(name)) throw new Error(`tables refer to each other: ${path.join(" → ")}`);
    const table = byName.get(name);
    if (!table) throw new Error(`no table ${name}`);
    for (const ref of table.references) place(ref, [...path, name]);
    placed.add(name);
    ordered.push(table);
  };
  for (const name of byName.keys()) place(name, []);
  return ordered;
}

async function refuseData(target: Queryable, tables: readonly TableCopy[]): Promise<void> {
  const held: string[] = [];
  for (const { name } of tables) {
    const { rows } = await target.query<{ n: string }>(
      `select count(*) as n from (select 1 from ${quote(name)} limit 1) t`,
    );
    if (Number(rows[0]?.n) > 0) held.push(name);
  }
  if (held.length > 0)
    throw new CopyFailed(
      `the target database is not empty (${held.slice(0, 3).join(", ")}${held.length > 3 ? ", ..." : ""} hold rows): it copies only into a database with none`,
    );
}

async function copyTable(
  source: Database.Database,
  target: Queryable,
  table: TableCopy,
): Promise<number> {
  const columns = table.columns.map(quote).join(", ");
  const order = table.orderBy.length > 0 ? ` order by ${table.orderBy.map(quote).join(", ")}` : "";
  const read = source
    .prepare(`select ${columns} from ${quote(table.name)}${order}`)
    .raw()
    .safeIntegers();
  const perBatch = Math.max(1, Math.floor(PARAMETERS_PER_BATCH / table.columns.length));
  const booleanAt = table.columns.map((c) => table.booleans.has(c));
  let batch: unknown[][] = [];
  let rows = 0;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const values: unknown[] = [];
    const tuples = batch.map((row) => {
      const marks = row.map((v) => {
        values.push(v);
        return `$${values.length}`;
      });
      return `(${marks.join(", ")})`;
    });
    await target.query(
      `insert into ${quote(table.name)} (${columns}) values ${tuples.join(", ")}`,
      values,
    );
    rows += batch.length;
    batch = [];
  };
  for (const raw of read.iterate() as Iterable<unknown[]>) {
    batch.push(raw.map((v, i) => toPostgres(v, booleanAt[i]!)));
    if (batch.length >= perBatch) await flush();
  }
  await flush();
  return rows;
}

/**
 * A value as read from SQLite, for PostgreSQL: integers exactly (as text, so none beyond 2^53
 * is rounded), SQLite's 0 and 1 as booleans, JSON as its own text (key order kept).
 */
function toPostgres(value: unknown, boolean: boolean): unknown {
  if (typeof value === "bigint") return boolean ? value !== 0n : value.toString();
  if (boolean && typeof value === "number") return value !== 0;
  return value;
}

/** The next id the bot takes follows the copied ones. */
async function resetIdentity(target: Queryable, table: string, column: string): Promise<void> {
  await target.query(
    `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${quote(column)}) from ${quote(table)}), 0) + 1, false)`,
    [quote(table), column],
  );
}

async function compareCounts(
  source: Database.Database,
  target: Queryable,
  table: string,
): Promise<void> {
  const there = source
    .prepare(`select count(*) from ${quote(table)}`)
    .pluck()
    .get() as number;
  const { rows } = await target.query<{ n: string }>(`select count(*) as n from ${quote(table)}`);
  const here = Number(rows[0]?.n);
  if (here !== there)
    throw new CopyFailed(`${table}: the file holds ${there} rows and the copy ${here}`);
}

/** Replays every game's copied log; a game is right when it replays to the file's state. */
async function checkGames(
  source: Database.Database,
  target: Queryable,
  options: CopyOptions,
): Promise<{ replayed: number; unreplayable: number[] }> {
  const ids = source.prepare("select id from games order by id").pluck().all() as number[];
  const states = source.prepare("select state from games where id = ?").pluck();
  const sourceLog = source.prepare(
    "select type, payload from game_events where game_id = ? order by seq",
  );
  let replayed = 0;
  const unreplayable: number[] = [];
  for (let at = 0; at < ids.length; at += GAMES_PER_CHECK) {
    const chunk = ids.slice(at, at + GAMES_PER_CHECK);
    const { rows } = await target.query<{ game_id: string; type: string; payload: string }>(
      "select game_id, type, payload::text as payload from game_events where game_id = any($1::bigint[]) order by game_id, seq",
      [chunk],
    );
    const logs = new Map<number, { type: string; payload: unknown }[]>();
    for (const r of rows) {
      const id = Number(r.game_id);
      const log = logs.get(id) ?? [];
      if (log.length === 0) logs.set(id, log);
      log.push({ type: r.type, payload: JSON.parse(r.payload) });
    }
    for (const id of chunk) {
      const stored = JSON.stringify(JSON.parse(states.get(id) as string));
      const copied = replayOf(options, logs.get(id) ?? []);
      if (copied === stored) {
        replayed++;
        continue;
      }
      // The file's own log may not replay to its state (a damaged game): the copy's must
      // then replay exactly as the file's does.
      const original = (sourceLog.all(id) as { type: string; payload: string }[]).map((e) => ({
        type: e.type,
        payload: JSON.parse(e.payload) as unknown,
      }));
      if (replayOf(options, original) !== copied)
        throw new CopyFailed(`game ${id}: its copied log replays otherwise than the file's`);
      unreplayable.push(id);
    }
    if (at > 0 && at % 5_000 === 0) options.progress?.(`games checked: ${at}`);
  }
  return { replayed, unreplayable };
}

/** The replayed state's JSON, or why the log does not replay. */
function replayOf(options: CopyOptions, log: GameLog): string {
  try {
    return options.replay(log);
  } catch (e) {
    return `does not replay: ${e instanceof Error ? e.message : String(e)}`;
  }
}

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
