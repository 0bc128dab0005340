/**
 * The upgrade that moved where games, challenges and tournaments are shown (and the chats
 * the bot lost) out of the game tables into the Telegram front end's: a database made by the
 * migrations before it, with messages in the old columns, opens with today's migrations and
 * finds every message in the new tables, so a restarted bot edits the same messages.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "../../../src/db/index.js";
import { MessageStore } from "../../../src/db/telegram/message-store.js";
import { TournamentMessageStore } from "../../../src/db/telegram/tournament-messages.js";
import { GameService } from "../../../src/services/index.js";
import { alice, bob, CHAT, carol, seedSource, unwrap } from "../../services/helpers.js";

const dir = mkdtempSync(join(tmpdir(), "nardy-message-migration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const NOW = Date.UTC(2026, 5, 1);
const BEFORE = "0013_dice_second_part";
const TABLES = ["players", "chats", "series", "challenges", "games", "game_events"];

/** A database made by the migrations up to `lastTag`, the later ones left out. */
function databaseUpTo(lastTag: string, path: string): Database.Database {
  const folder = join(dir, `migrations-to-${lastTag}`);
  cpSync(resolve("drizzle"), folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBe(journal.entries.length - 2);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  const raw = new Database(path);
  migrate(drizzle(raw), { migrationsFolder: folder });
  return raw;
}

/** Copies every row of `tables`, in the columns both databases have. */
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

it("moves every message, what it shows, and the lost chats to the front end's tables", () => {
  // Games and challenges as today's code stores them; their messages go in the old columns.
  const scratch = openDatabase(":memory:");
  const made = new GameService(scratch.db, { now: () => NOW, newSeed: seedSource("moved") });
  const inChat = unwrap(made.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }));
  const chatGame = unwrap(made.acceptChallenge(inChat.id, bob)).game.id;
  const inline = unwrap(made.createChallenge({ challenger: carol, variant: "short" }));
  const inlineGame = unwrap(
    made.acceptChallenge(inline.id, bob, { kind: "inline", inlineMessageId: "AgAAA-1" }),
  ).game.id;
  const open = unwrap(made.createChallenge({ challenger: bob, chat: CHAT, variant: "short" }));

  const path = join(dir, "old.sqlite");
  const old = databaseUpTo(BEFORE, path);
  copyRows(scratch.sqlite, old);
  scratch.close();
  const run = (sql: string, ...params: unknown[]) => old.prepare(sql).run(...params);
  run("update challenges set message_id = 70, card_closed = 1 where id = ?", inChat.id);
  run("update challenges set inline_message_id = 'AgAAA-1' where id = ?", inline.id);
  run("update challenges set message_id = 90 where id = ?", open.id);
  // The chat game's board is up to date; the inline game's has not been shown yet.
  run(
    "update games set message_id = 71, shown_version = version, shown_claim = 1 where id = ?",
    chatGame,
  );
  run("update games set inline_message_id = 'AgAAA-1' where id = ?", inlineGame);
  run(
    `insert into tournaments (id, chat_id, organiser_id, variant, rules, format, status, locale,
       signup_ends_at, message_id, standings_message_id, version, shown_version, announced,
       created_at, updated_at)
     values (1, ?, ?, 'long', ?, 'round-robin', 'running', 'en', ?, 80, 81, 4, 3, 0, ?, ?)`,
    CHAT.id,
    alice.id,
    JSON.stringify(inChat.rules),
    NOW,
    NOW,
    NOW,
  );
  run(
    "insert into chats (id, created_at, updated_at, lost_at) values (-2002, ?, ?, ?)",
    NOW,
    NOW,
    NOW,
  );
  old.close();

  const upgraded = openDatabase(path);
  const messages = new MessageStore(upgraded.db);
  const tournamentMessages = new TournamentMessageStore(upgraded.db);
  expect(messages.challengeMessage(inChat.id)).toEqual({
    kind: "chat",
    chatId: CHAT.id,
    messageId: 70,
  });
  expect(messages.cardClosed(inChat.id)).toBe(true);
  expect(messages.challengeMessage(inline.id)).toEqual({
    kind: "inline",
    inlineMessageId: "AgAAA-1",
  });
  expect(messages.challengeInInlineMessage("AgAAA-1")).toBe(inline.id);
  expect(messages.cardClosed(open.id)).toBe(false);
  expect(messages.gameMessage(chatGame)).toEqual({ kind: "chat", chatId: CHAT.id, messageId: 71 });
  expect(messages.boardShown(chatGame)).toMatchObject({ shownClaim: true, shownStatus: "active" });
  expect(messages.gameInInlineMessage("AgAAA-1")).toBe(inlineGame);
  // Only the board behind its game is to be caught up.
  expect(messages.gamesBehindBoard()).toEqual([inlineGame]);
  expect(tournamentMessages.of(1)).toEqual({
    messageId: 80,
    standingsMessageId: 81,
    shownVersion: 3,
  });
  expect(tournamentMessages.behind()).toEqual([1]);
  expect(messages.isChatPaused(-2002)).toBe(true);
  expect(messages.isChatPaused(CHAT.id)).toBe(false);

  // The service reads the same places through its port: a press on the board still counts.
  const svc = new GameService(upgraded.db, { now: () => NOW }, undefined, messages);
  expect(svc.getGame(chatGame)!.message).toEqual({ kind: "chat", chatId: CHAT.id, messageId: 71 });
  expect(svc.getChallenge(inline.id)!.message).toEqual({
    kind: "inline",
    inlineMessageId: "AgAAA-1",
  });
  const columns = (table: string) =>
    (upgraded.sqlite.prepare(`pragma table_info(${table})`).all() as { name: string }[]).map(
      (c) => c.name,
    );
  expect(columns("games")).not.toContain("message_id");
  expect(columns("challenges")).not.toContain("card_closed");
  expect(columns("tournaments")).not.toContain("shown_version");
  expect(columns("chats")).not.toContain("lost_at");
  upgraded.close();
});
