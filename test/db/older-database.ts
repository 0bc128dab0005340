import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { memoryFrontEnd } from "../../bench/testkit/memory-front-end.js";
import { openDatabase } from "../../src/db/index.js";
import { GameService } from "../../src/services/index.js";
import { seedSource } from "../services/helpers.js";

/** The tables a game's rows live in, parents first. */
export const GAME_TABLES = ["players", "chats", "series", "challenges", "games", "game_events"];

/** The migrations' tags, oldest first. */
export function migrationTags(): string[] {
  const journal = readFileSync(resolve("drizzle", "meta", "_journal.json"), "utf8");
  return (JSON.parse(journal) as { entries: { tag: string }[] }).entries.map((e) => e.tag);
}

/**
 * A database file at `path` made by the migrations up to `lastTag`, the later ones left out
 * (a copy of drizzle/ cut short, in `scratchDir`): what an older version of the bot left.
 */
export function databaseUpTo(scratchDir: string, lastTag: string, path: string): Database.Database {
  const tags = migrationTags();
  const last = tags.indexOf(lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  const folder = join(scratchDir, `migrations-to-${lastTag}`);
  cpSync(resolve("drizzle"), folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  const raw = new Database(path);
  migrate(drizzle(raw), { migrationsFolder: folder });
  return raw;
}

/**
 * Copies every row of `tables`, in the columns both databases have; a column only the older
 * one has (since moved or dropped) takes its value from `fill`.
 */
export function copyRows(
  from: Database.Database,
  to: Database.Database,
  tables: readonly string[] = GAME_TABLES,
  fill: Record<string, unknown> = {},
): void {
  for (const table of tables) {
    const columns = new Set(
      (to.prepare(`pragma table_info(${table})`).all() as { name: string }[]).map((c) => c.name),
    );
    for (const read of from.prepare(`select * from ${table}`).all() as Record<string, unknown>[]) {
      const row = { ...fill, ...read };
      const names = Object.keys(row).filter((c) => columns.has(c));
      to.prepare(
        `insert into ${table} (${names.join(", ")}) values (${names.map(() => "?").join(", ")})`,
      ).run(...names.map((c) => row[c]));
    }
  }
}

/**
 * An in-memory database with today's schema and a service over it at `now`, seeded by
 * `seed`: where a test makes the rows it then copies into an older database.
 */
export function scratchGames(seed: string, now: number) {
  const scratch = openDatabase(":memory:");
  const made = new GameService(scratch.db, memoryFrontEnd(), {
    now: () => now,
    newSeed: seedSource(seed),
  });
  return { scratch, made };
}
