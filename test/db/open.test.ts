import {
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { DatabaseOpenError, openDatabase, PlayersRepo } from "../../src/db/index.js";

const dir = mkdtempSync(join(tmpdir(), "nardy-open-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function openError(path: string): DatabaseOpenError {
  try {
    openDatabase(path).close();
  } catch (e) {
    if (e instanceof DatabaseOpenError) return e;
    throw e;
  }
  throw new Error(`opened ${path}`);
}

describe("openDatabase", () => {
  it("applies the migrations to an in-memory database", () => {
    const { sqlite, close } = openDatabase(":memory:");
    const tables = sqlite
      .prepare("select name from sqlite_master where type = 'table' order by name")
      .pluck()
      .all();
    expect(tables).toEqual(
      expect.arrayContaining(["challenges", "chats", "game_events", "games", "players", "series"]),
    );
    expect(sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
    close();
  });

  it("creates the folder and file, in WAL mode with a busy timeout, and reopens it intact", async () => {
    const path = join(dir, "nested", "deeper", "nardy.sqlite");
    const first = openDatabase(path);
    expect(first.path).toBe(resolve(path));
    expect(first.sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(first.sqlite.pragma("busy_timeout", { simple: true })).toBe(5000);
    expect(first.sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
    await new PlayersRepo(first.db).upsert({ id: 1, firstName: "Ann" }, 1);
    first.close();
    const again = openDatabase(path);
    expect((await new PlayersRepo(again.db).get(1))?.firstName).toBe("Ann");
    const migrations = again.sqlite
      .prepare("select count(*) from __drizzle_migrations")
      .pluck()
      .get();
    expect(migrations).toBe(
      readdirSync(resolve("drizzle")).filter((f) => f.endsWith(".sql")).length,
    );
    again.close();
  });

  it("upgrades a database made by the first migration alone, keeping its rows", async () => {
    const old = join(dir, "migrations-v0");
    cpSync(resolve("drizzle"), old, { recursive: true });
    const journalPath = join(old, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8"));
    journal.entries = journal.entries.slice(0, 1);
    writeFileSync(journalPath, JSON.stringify(journal));
    const path = join(dir, "old.sqlite");
    const raw = new Database(path);
    migrate(drizzle(raw), { migrationsFolder: old });
    raw
      .prepare(
        "insert into players (id, first_name, created_at, updated_at) values (7, 'Old', 1, 1)",
      )
      .run();
    raw.close();
    const upgraded = openDatabase(path);
    expect(await new PlayersRepo(upgraded.db).get(7)).toMatchObject({
      firstName: "Old",
      locale: null,
    });
    upgraded.close();
  });

  it("creates a missing file and its folder", () => {
    const path = join(dir, "new", "fresh.sqlite");
    const opened = openDatabase(path);
    expect(opened.path).toBe(path);
    opened.close();
    expect(existsSync(path)).toBe(true);
  });

  it("refuses another program's database in one line and leaves it byte for byte", () => {
    const path = join(dir, "foreign.sqlite");
    const raw = new Database(path);
    raw.exec(
      "create table notes (id integer primary key, body text); insert into notes values (1, 'x')",
    );
    raw.close();
    const before = readFileSync(path);
    const e = openError(path);
    expect(e.message).toMatch(
      /^Cannot open the database .*foreign\.sqlite: .*another program's tables \(notes\)/,
    );
    expect(e.message).not.toContain("\n");
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(readdirSync(dir).filter((f) => f.startsWith("foreign"))).toEqual(["foreign.sqlite"]);
  });

  it("refuses a file that is not a database, naming it in one line and leaving it as it was", () => {
    for (const [name, bytes] of [
      ["garbage.sqlite", Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37 + 11) % 256))],
      ["text.sqlite", Buffer.from("hello, this is not a database\n".repeat(40))],
    ] as const) {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      const e = openError(path);
      expect(e.message).toContain(path);
      expect(e.message).not.toContain("\n");
      expect(e.path).toBe(path);
      expect(readFileSync(path).equals(bytes)).toBe(true);
      expect(readdirSync(dir).filter((f) => f.startsWith(name))).toEqual([name]);
    }
  });

  it("refuses a database whose pages are damaged", async () => {
    const path = join(dir, "damaged.sqlite");
    const d = openDatabase(path);
    for (let i = 0; i < 200; i++)
      await new PlayersRepo(d.db).upsert({ id: i, firstName: "x".repeat(200) }, 1);
    d.sqlite.pragma("wal_checkpoint(TRUNCATE)");
    d.close();
    const bytes = readFileSync(path);
    bytes.fill(0x5a, 4096 * 3, 4096 * 6); // scribble over pages 4..6
    writeFileSync(path, bytes);
    const e = openError(path);
    expect(e.message).toContain(path);
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });

  it("refuses a path it cannot write, without creating anything", () => {
    const file = join(dir, "a-file");
    writeFileSync(file, "x");
    const under = join(file, "sub", "nardy.sqlite");
    const e = openError(under);
    expect(e.message).toMatch(/^Cannot open the database .*a-file\/sub\/nardy\.sqlite: /);
    expect(e.message).not.toContain("\n");
    expect(readFileSync(file, "utf8")).toBe("x");
    expect(openError(dir).message).toContain(dir); // a folder is no database file
  });

  it.skipIf(process.getuid?.() === 0)("refuses a read-only database file", () => {
    const path = join(dir, "readonly.sqlite");
    openDatabase(path).close();
    rmSync(`${path}-wal`, { force: true });
    rmSync(`${path}-shm`, { force: true });
    const before = readFileSync(path);
    chmodSync(path, 0o444);
    try {
      expect(openError(path).message).toContain(path);
      expect(readFileSync(path).equals(before)).toBe(true);
    } finally {
      chmodSync(path, 0o644);
    }
  });
});
