/**
 * The upgrades that moved where games, challenges and tournaments are shown (and the chats
 * the bot lost), then the languages they are written in, out of the game tables into the
 * Telegram front end's: a database made by the migrations before each, with its data in the
 * old columns, opens with today's migrations and finds it all in the new tables, so a
 * restarted bot edits the same messages in the same language.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "../../../src/db/index.js";
import { MessageStore } from "../../../src/db/telegram/message-store.js";
import { TournamentMessageStore } from "../../../src/db/telegram/tournament-messages.js";
import { GameService } from "../../../src/services/index.js";
import { alice, bob, CHAT, carol, unwrap } from "../../services/helpers.js";
import { copyRows, databaseUpTo, migrationTags, scratchGames } from "../older-database.js";

const dir = mkdtempSync(join(tmpdir(), "nardy-message-migration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const NOW = Date.UTC(2026, 5, 1);
const BEFORE = "0013_dice_second_part";

it("moves every message, what it shows, and the lost chats to the front end's tables", async () => {
  // Games and challenges as today's code stores them; their messages go in the old columns.
  const { scratch, made } = scratchGames("moved", NOW);
  const inChat = unwrap(
    await made.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }),
  );
  const chatGame = unwrap(await made.acceptChallenge(inChat.id, bob)).game.id;
  const inline = unwrap(await made.createChallenge({ challenger: carol, variant: "short" }));
  const inlineGame = unwrap(
    await made.acceptChallenge(inline.id, bob, { kind: "inline", inlineMessageId: "AgAAA-1" }),
  ).game.id;
  const open = unwrap(
    await made.createChallenge({ challenger: bob, chat: CHAT, variant: "short" }),
  );

  const path = join(dir, "old.sqlite");
  const tags = migrationTags();
  expect(tags[tags.indexOf(BEFORE) + 1]).toBe("0014_telegram_messages");
  const old = databaseUpTo(dir, BEFORE, path);
  copyRows(scratch.sqlite, old, undefined, { locale: "en" });
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
  const messages = await MessageStore.open(upgraded.db);
  const tournamentMessages = new TournamentMessageStore(upgraded.db);
  expect(await messages.challengeMessage(inChat.id)).toEqual({
    kind: "chat",
    chatId: CHAT.id,
    messageId: 70,
  });
  expect(await messages.cardClosed(inChat.id)).toBe(true);
  expect(await messages.challengeMessage(inline.id)).toEqual({
    kind: "inline",
    inlineMessageId: "AgAAA-1",
  });
  expect(await messages.challengeInInlineMessage("AgAAA-1")).toBe(inline.id);
  expect(await messages.cardClosed(open.id)).toBe(false);
  expect(await messages.gameMessage(chatGame)).toEqual({
    kind: "chat",
    chatId: CHAT.id,
    messageId: 71,
  });
  expect(await messages.boardShown(chatGame)).toMatchObject({
    shownClaim: true,
    shownStatus: "active",
  });
  expect(await messages.gameInInlineMessage("AgAAA-1")).toBe(inlineGame);
  // Only the board behind its game is to be caught up.
  expect(await messages.gamesBehindBoard()).toEqual([inlineGame]);
  expect(await tournamentMessages.of(1)).toEqual({
    messageId: 80,
    standingsMessageId: 81,
    shownVersion: 3,
    locale: "en",
  });
  expect(await tournamentMessages.behind()).toEqual([1]);
  expect(messages.isChatLost(-2002)).toBe(true);
  expect(messages.isChatLost(CHAT.id)).toBe(false);

  // The service reads the same places through its port: a press on the board still counts.
  const svc = new GameService(upgraded.db, messages, { now: () => NOW });
  expect((await svc.getGame(chatGame))!.message).toEqual({
    kind: "chat",
    chatId: CHAT.id,
    messageId: 71,
  });
  expect((await svc.getChallenge(inline.id))!.message).toEqual({
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

it("moves the languages of games, challenges and tournaments to the front end's tables", async () => {
  const { scratch, made } = scratchGames("languages", NOW);
  const shown = unwrap(
    await made.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }),
  );
  const shownGame = unwrap(await made.acceptChallenge(shown.id, bob)).game.id;
  const unseen = unwrap(
    await made.createChallenge({ challenger: carol, chat: CHAT, variant: "short" }),
  );

  const path = join(dir, "before-languages.sqlite");
  const old = databaseUpTo(dir, "0014_telegram_messages", path);
  copyRows(scratch.sqlite, old, undefined, { locale: "uk" });
  scratch.close();
  const run = (sql: string, ...params: unknown[]) => old.prepare(sql).run(...params);
  run("update challenges set locale = 'ru' where id = ?", unseen.id);
  // The game's board and the first card were posted; the other card has no row yet.
  run(
    `insert into tg_game_boards (game_id, chat_id, message_id, shown_version, shown_status)
     values (?, ?, 71, 1, 'active')`,
    shownGame,
    CHAT.id,
  );
  run(
    "insert into tg_challenge_cards (challenge_id, chat_id, message_id) values (?, ?, 70)",
    shown.id,
    CHAT.id,
  );
  run(
    `insert into tournaments (id, chat_id, organiser_id, variant, rules, format, status, locale,
       signup_ends_at, version, announced, created_at, updated_at)
     values (1, ?, ?, 'long', ?, 'round-robin', 'signup', 'ru', ?, 1, 0, ?, ?)`,
    CHAT.id,
    alice.id,
    JSON.stringify(shown.rules),
    NOW,
    NOW,
    NOW,
  );
  old.close();

  const upgraded = openDatabase(path);
  const messages = await MessageStore.open(upgraded.db);
  expect(await messages.gameLocale(shownGame)).toBe("uk");
  expect(await messages.challengeLocale(shown.id)).toBe("uk");
  expect(await messages.challengeLocale(unseen.id)).toBe("ru");
  expect((await new TournamentMessageStore(upgraded.db).of(1)).locale).toBe("ru");
  // What the rows said of their messages is kept; rows made for a language show nothing yet.
  expect(await messages.gameMessage(shownGame)).toEqual({
    kind: "chat",
    chatId: CHAT.id,
    messageId: 71,
  });
  expect(await messages.challengeMessage(shown.id)).toMatchObject({ messageId: 70 });
  expect(await messages.challengeMessage(unseen.id)).toBeNull();
  expect(await messages.gamesBehindBoard()).toEqual([]);
  for (const table of ["games", "challenges", "tournaments"]) {
    const names = (
      upgraded.sqlite.prepare(`pragma table_info(${table})`).all() as { name: string }[]
    ).map((c) => c.name);
    expect(names).not.toContain("locale");
  }
  upgraded.close();
});
