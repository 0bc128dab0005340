/**
 * Games stored before the dice had a second part: a database made by the migrations before
 * it, holding a game in progress as that version stored it (its dice drawn from the seed
 * alone), opens with today's migrations, plays on with one-part dice, and its record checks.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterAll, expect, it } from "vitest";
import { GamesRepo, openDatabase } from "../../src/db/index.js";
import { GameReviews, GameService, SeedDice } from "../../src/services/index.js";
import { openingOf } from "../../src/services/play.js";
import { verifyRecord } from "../../src/services/records/verify.js";
import { playOut, prng } from "../services/driver.js";
import { alice, bob, CHAT, seedSource, unwrap } from "../services/helpers.js";
import { allGameProblems } from "./consistency.js";

const dir = mkdtempSync(join(tmpdir(), "nardy-old-dice-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const NOW = Date.UTC(2025, 5, 1);
const TABLES = ["players", "chats", "series", "challenges", "games", "game_events"];

/** A database made by the migrations up to `lastTag`, the later ones left out. */
function databaseUpTo(lastTag: string, path: string): Database.Database {
  const folder = join(dir, `migrations-to-${lastTag}`);
  cpSync(resolve("drizzle"), folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  const raw = new Database(path);
  migrate(drizzle(raw), { migrationsFolder: folder });
  return raw;
}

/** Copies every row of `tables`, in the columns the older database has. */
function copyRows(from: Database.Database, to: Database.Database): void {
  for (const table of TABLES) {
    const columns = new Set(
      (to.prepare(`pragma table_info(${table})`).all() as { name: string }[]).map((c) => c.name),
    );
    for (const row of from.prepare(`select * from ${table}`).all() as Record<string, unknown>[]) {
      const names = Object.keys(row).filter((c) => columns.has(c));
      to.prepare(
        `insert into ${table} (${names.join(", ")}) values (${names.map(() => "?").join(", ")})`,
      ).run(...names.map((c) => row[c]));
    }
  }
}

it("an old game plays on with its seed alone, replays, and its record verifies", () => {
  // The rows an older version wrote: a game whose opening was drawn from the seed alone.
  const scratch = openDatabase(":memory:");
  const made = new GameService(scratch.db, { now: () => NOW, newSeed: seedSource("old-dice") });
  const c = unwrap(made.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }));
  const id = unwrap(made.acceptChallenge(c.id, bob)).game.id;
  const repo = new GamesRepo(scratch.db);
  const waiting = repo.get(id)!;
  const onePart = new SeedDice(Buffer.from(waiting.diceSeed, "hex"), 0, null);
  const { opening, events } = openingOf(waiting, waiting.pendingStart!, onePart);
  repo.begin(id, { ...opening, diceSalt: null, lastActionAt: NOW }, events, NOW);

  // The same rows in a database of the migrations before the second part; opened now.
  const path = join(dir, "old.sqlite");
  const old = databaseUpTo("0009_tournaments", path);
  copyRows(scratch.sqlite, old);
  old.close();
  scratch.close();
  const upgraded = openDatabase(path);
  const row = new GamesRepo(upgraded.db).get(id)!;
  expect(row).toMatchObject({ diceSalt: null, pendingStart: null, version: events.length });

  const svc = new GameService(upgraded.db, { now: () => NOW });
  const game = svc.getGame(id)!;
  expect(game).toMatchObject({ starting: false, diceSalt: null });
  const { game: over } = playOut(svc, game, prng(3), { double: 0 });
  expect(over.status).toBe("finished");
  // Every die, before and after the upgrade, is the seed's own stream (consistency.ts).
  expect(allGameProblems(upgraded.db)).toEqual([]);
  const record = unwrap(new GameReviews(upgraded.db, () => NOW).record(id)).file.text;
  expect(record).not.toContain("Dice second part:");
  expect(verifyRecord(record)).toMatchObject({ ok: true, salt: null });
  // Read as a two-part game, the same record does not check.
  const claimed = record.replace(
    "Dice commitment",
    `Dice second part: ${CHAT.id}:1:1\nDice commitment`,
  );
  expect(verifyRecord(claimed).ok).toBe(false);
  upgraded.close();
});
