import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect } from "vitest";
import { BOT_INFO, type StoredMessage } from "../../bench/testkit/index.js";
import { gameInInline } from "../../src/bot/inline-lookup.js";
import { it } from "./fixtures.js";
import {
  buttonNamed,
  buttons,
  GROUP,
  type Harness,
  startAgainstBot,
  USERS,
  userById,
} from "./harness.js";

const tempFile = () => path.join(mkdtempSync(path.join(tmpdir(), "nardy-seams-")), "bot.sqlite");

/** The answer the bot gave to the last callback query (its text, if any). */
const lastAnswer = (h: Harness) => h.tg.callsOf("answerCallbackQuery").at(-1)!.payload;

/** Bob challenges, Alice accepts: the board of game 1. */
async function aliceAndBobPlay(h: Harness): Promise<StoredMessage> {
  await h.send(USERS.bob, "/play");
  const challenge = h.lastMessage();
  await h.press(USERS.alice, challenge, buttonNamed(challenge, /Accept/));
  const board = h.lastMessage();
  expect(board.photo).not.toBeNull();
  return board;
}

/**
 * Presses on the board until the game waits for Alice, then Alice presses once: her press is
 * answered and changes the game.
 */
async function alicePressesHerBoard(h: Harness, board: StoredMessage, gameId = 1) {
  for (let i = 0; i < 50 && (await h.service.getGame(gameId))!.waitingFor !== USERS.alice.id; i++) {
    const live = h.tg.message(GROUP, board.messageId)!;
    await h.press(
      userById((await h.service.getGame(gameId))!.waitingFor!),
      live,
      buttons(live)[0]!,
    );
  }
  const before = (await h.service.getGame(gameId))!;
  expect(before.waitingFor).toBe(USERS.alice.id);
  const live = h.tg.message(GROUP, board.messageId)!;
  const answers = h.tg.callsOf("answerCallbackQuery").length;
  const choice = buttons(live).find((b) => !/Claim/.test(b.text))!;
  await h.press(USERS.alice, live, choice);
  expect(h.tg.callsOf("answerCallbackQuery").length).toBe(answers + 1);
  expect((await h.service.getGame(gameId))!.version).toBeGreaterThan(before.version);
}

/** Alice's commands all get their usual replies. */
async function aliceCommandsWork(h: Harness, playCommand: string) {
  await h.send(USERS.alice, "/score");
  expect(h.lastMessage().text).toMatch(/Series in this chat<\/b>\nAlice <b>0 : 0<\/b> Bob/);
  await h.send(USERS.alice, "/top");
  expect(h.lastMessage().text).toMatch(/Nobody has finished a game here yet/);
  await h.send(USERS.alice, playCommand);
  expect(h.lastMessage().text).toMatch(/Alice challenges anyone to short nardy/);
}

describe("an open /new dialog does not capture its user", () => {
  it("commands and board presses work while a dialog waits, also after a restart", async ({
    harness,
  }) => {
    const file = tempFile();
    const first = await harness({ path: file });
    const board = await aliceAndBobPlay(first);
    await first.send(USERS.alice, "/new");
    const dialog = first.lastMessage();
    expect(dialog.text).toBe("Which game?");
    await first.press(USERS.alice, dialog, buttonNamed(dialog, "long nardy"));
    expect(first.tg.message(GROUP, dialog.messageId)!.text).toBe("Which rules?");

    await aliceCommandsWork(first, "/play short");
    await alicePressesHerBoard(first, board);
    // The dialog is still where she left it.
    expect(first.tg.message(GROUP, dialog.messageId)!.text).toBe("Which rules?");
    expect(first.tg.problems()).toEqual([]);
    await first.close();

    const h = await harness({ path: file, tg: first.tg });
    await aliceCommandsWork(h, "/play short standard");
    await alicePressesHerBoard(h, board);
    // And the dialog carries on from its step.
    const live = h.tg.message(GROUP, dialog.messageId)!;
    await h.press(USERS.alice, live, buttonNamed(live, "classic"));
    expect(h.tg.message(GROUP, dialog.messageId)!.text).toBe("How long is the match?");
    expect(h.tg.problems()).toEqual([]);
  });

  it("a new /new replaces the old dialog; the old one's buttons go, a press on them is answered", async ({
    harness,
  }) => {
    const h = await harness();
    await h.send(USERS.alice, "/new");
    const old = h.lastMessage();
    const oldButtons = structuredClone(old);
    await h.press(USERS.alice, old, buttonNamed(old, "short nardy"));
    const oldSecond = structuredClone(h.tg.message(GROUP, old.messageId)!);
    await h.send(USERS.alice, "/new");
    const fresh = h.lastMessage();
    expect(fresh.messageId).not.toBe(old.messageId);
    expect(fresh.text).toBe("Which game?");
    const replaced = h.tg.message(GROUP, old.messageId)!;
    expect(replaced.text).toMatch(/replaced by a newer \/new/);
    expect(buttons(replaced)).toEqual([]);

    // Buttons of the old dialog, from either of its steps: answered, and nothing moves.
    for (const [m, label] of [
      [oldButtons, "long nardy"],
      [oldSecond, /standard/],
      [oldSecond, "Cancel"],
    ] as const) {
      const before = h.tg.callsOf("answerCallbackQuery").length;
      await h.press(USERS.alice, m, buttonNamed(m, label));
      expect(h.tg.callsOf("answerCallbackQuery").length).toBe(before + 1);
      expect(String(lastAnswer(h).text)).toMatch(/closed/);
    }
    expect(h.tg.message(GROUP, fresh.messageId)!.text).toBe("Which game?");
    // The new dialog works.
    await h.press(USERS.alice, fresh, buttonNamed(fresh, "long nardy"));
    expect(h.tg.message(GROUP, fresh.messageId)!.text).toBe("Which rules?");
    expect(h.tg.problems()).toEqual([]);
  });

  it("an unanswered dialog expires with the challenge time", async ({ harness }) => {
    let now = 5_000_000;
    const h = await harness({ now: () => now, env: { CHALLENGE_TTL_MINUTES: "5" } });
    await h.send(USERS.alice, "/new");
    const dialog = h.lastMessage();
    await h.press(USERS.alice, dialog, buttonNamed(dialog, "long nardy"));
    const second = structuredClone(h.tg.message(GROUP, dialog.messageId)!);
    now += 4 * 60_000;
    await h.tick(now);
    expect(h.tg.message(GROUP, dialog.messageId)!.text).toBe("Which rules?");
    now += 2 * 60_000;
    await h.tick(now);
    const expired = h.tg.message(GROUP, dialog.messageId)!;
    expect(expired.text).toMatch(/Nobody answered this set-up in time/);
    expect(buttons(expired)).toEqual([]);
    // A press on it afterwards is answered, and starts nothing.
    await h.press(USERS.alice, second, buttonNamed(second, "classic"));
    expect(String(lastAnswer(h).text)).toMatch(/closed/);
    expect(h.tg.message(GROUP, dialog.messageId)!.text).toMatch(/Nobody answered/);
    // A fresh /new works at once.
    await h.send(USERS.alice, "/new");
    expect(h.lastMessage().text).toBe("Which game?");
    expect(h.tg.problems()).toEqual([]);
  });
});

/** Walks Alice's dialog in `chatId` through the standard short game to the opponent step. */
async function toOpponentStep(h: Harness, chatId = GROUP): Promise<StoredMessage> {
  await h.send(USERS.alice, "/new", { chatId });
  const dialog = h.lastMessage(chatId);
  for (const label of ["short nardy", "standard", "Running series", "No clock"]) {
    const live = h.tg.message(chatId, dialog.messageId)!;
    await h.press(USERS.alice, live, buttonNamed(live, label));
  }
  const live = h.tg.message(chatId, dialog.messageId)!;
  expect(live.text).toBe("Who do you play?");
  return live;
}

describe("/new: naming the opponent, and the dialog's owner", () => {
  it("in a group with privacy mode: a force_reply question; a reply names them", async ({
    harness,
  }) => {
    const h = await harness();
    const dialog = await toOpponentStep(h);
    expect(buttons(dialog).map((b) => b.text)).toEqual([
      "Anyone here",
      "The bot",
      "A player by @username",
      "🏆 A tournament for this group",
      "Cancel",
    ]);
    await h.press(USERS.alice, dialog, buttonNamed(dialog, /@username/));
    const question = h.lastMessage();
    expect(question.forceReply).toEqual({ placeholder: "@username", selective: true });
    expect(question.text).toMatch(/Reply to this message/);
    // A plain message never reaches a bot in privacy mode.
    expect(await h.send(USERS.alice, "@carol")).toBe(false);
    expect(await h.service.getChallenge(1)).toBeNull();
    // Someone else's reply to the question is not the answer.
    expect(await h.send(USERS.bob, "@bob", { replyTo: question })).toBe(true);
    expect(await h.service.getChallenge(1)).toBeNull();
    // Alice's reply is.
    expect(await h.send(USERS.alice, "@carol", { replyTo: question })).toBe(true);
    expect((await h.service.getChallenge(1))!.target).toEqual({ userId: null, username: "carol" });
    const card = h.tg.message(GROUP, dialog.messageId)!;
    expect(card.text).toContain("Alice challenges @carol");
    expect(buttons(card).map((b) => b.text)).toEqual([
      "✅ Accept",
      "❌ Decline",
      "Cancel challenge",
    ]);
    expect(h.tg.problems()).toEqual([]);
  });

  it("a reply with a text mention of a user without a username targets that user", async ({
    harness,
  }) => {
    const h = await harness();
    const dialog = await toOpponentStep(h);
    await h.press(USERS.alice, dialog, buttonNamed(dialog, /@username/));
    const question = h.lastMessage();
    const dmytro = { id: 77, is_bot: false, first_name: "Dmytro" };
    const update = h.tg.textUpdate(USERS.alice, GROUP, "Dmytro", question);
    Object.assign(update.message!, {
      entities: [{ type: "text_mention", offset: 0, length: 6, user: dmytro }],
    });
    expect(await h.handle(update)).toBe(true);
    const challenge = (await h.service.getChallenge(1))!;
    expect(challenge.target).toEqual({ userId: dmytro.id, username: null });
    const card = h.tg.message(GROUP, dialog.messageId)!;
    expect(card.text).toContain("Alice challenges");
    // A mention, so Telegram tells Dmytro although he has no username.
    expect(card.text).toContain(
      'Alice challenges <a href="tg://user?id=77">Dmytro</a> to short nardy',
    );
    // Only Dmytro may accept.
    await h.press(USERS.bob, card, buttonNamed(card, /Accept/));
    expect(await h.service.getGame(1)).toBeNull();
    await h.press(dmytro, card, buttonNamed(card, /Accept/));
    const game = (await h.service.getGame(1))!;
    expect([game.white.id, game.black.id].sort()).toEqual([USERS.alice.id, dmytro.id]);
    expect(h.tg.problems()).toEqual([]);
  });

  it("someone else's press gets the dialog's own refusal in their language; nothing moves", async ({
    harness,
  }) => {
    const h = await harness();
    await h.send(USERS.alice, "/new");
    const dialog = h.lastMessage();
    for (const [who, pattern] of [
      [USERS.olga, /Эту настройку начал другой игрок/],
      [USERS.taras, /Це налаштування розпочав інший гравець/],
      [USERS.bob, /This set-up belongs to someone else/],
    ] as const) {
      await h.press(who, dialog, buttonNamed(dialog, "long nardy"));
      expect(lastAnswer(h)).toMatchObject({ show_alert: true });
      expect(String(lastAnswer(h).text)).toMatch(pattern);
      expect(h.tg.message(GROUP, dialog.messageId)!.text).toBe("Which game?");
    }
    // Olga's own dialog open in the same chat does not change that.
    await h.send(USERS.olga, "/new");
    await h.press(USERS.olga, dialog, buttonNamed(dialog, "Cancel"));
    expect(String(lastAnswer(h).text)).toMatch(/Эту настройку начал другой игрок/);
    expect(h.tg.message(GROUP, dialog.messageId)!.text).toBe("Which game?");
    await h.press(USERS.alice, dialog, buttonNamed(dialog, "long nardy"));
    expect(h.tg.message(GROUP, dialog.messageId)!.text).toBe("Which rules?");
    expect(h.tg.problems()).toEqual([]);
  });

  it("in a private chat: a friend by a card, shared inline, accepted in the inline message", async ({
    harness,
  }) => {
    const h = await harness();
    const chat = USERS.alice.id;
    const dialog = await toOpponentStep(h, chat);
    expect(buttons(dialog).map((b) => b.text)).toEqual([
      "A friend, with a challenge card",
      "The bot",
      "Cancel",
    ]);
    await h.press(USERS.alice, dialog, buttonNamed(dialog, /friend/));
    const challenge = (await h.service.getChallenge(1))!;
    const final = h.tg.message(chat, dialog.messageId)!;
    expect(final.text).toContain("Alice challenges anyone to short nardy");
    expect(buttons(final)[0]).toMatchObject({ switch_inline_query: `c${challenge.id}` });

    // Only the challenger's query for it gets the card.
    await h.handle({
      inline_query: { id: "iq-bob", from: USERS.bob, query: `c${challenge.id}`, offset: "" },
    });
    const forBob = h.tg.callsOf("answerInlineQuery").at(-1)!.payload.results as unknown[];
    expect(forBob.length).toBe(3);
    await h.handle({
      inline_query: { id: "iq-1", from: USERS.alice, query: `c${challenge.id}`, offset: "" },
    });
    const results = h.tg.callsOf("answerInlineQuery").at(-1)!.payload.results as {
      id: string;
      input_message_content: { message_text: string };
      reply_markup: { inline_keyboard: never[][] };
    }[];
    expect(results).toHaveLength(1);
    expect(results[0]!.id).toBe(`c${challenge.id}`);
    expect(results[0]!.input_message_content.message_text).toContain("Alice challenges anyone");
    h.tg.addInlineMessage(
      "shared-1",
      results[0]!.input_message_content.message_text,
      results[0]!.reply_markup.inline_keyboard,
    );
    const card = h.tg.inlineMessage("shared-1")!;
    await h.press(USERS.bob, card, buttonNamed(card, /Accept/));
    const game = (await gameInInline(h.parts.deps, "shared-1"))!;
    expect(game).not.toBeNull();
    expect([game.white.id, game.black.id].sort()).toEqual([USERS.alice.id, USERS.bob.id]);
    expect(h.tg.inlineMessage("shared-1")!.text).toMatch(/roll|to move/);
    const after = h.tg.message(chat, dialog.messageId)!;
    expect(after.text).toMatch(/are playing/);
    expect(buttons(after)).toEqual([]);
    expect(h.tg.problems()).toEqual([]);
  });

  it("in a private chat: the bot as the opponent starts a game against it", async ({ harness }) => {
    const h = await harness({ computer: { delayMs: 0, level: "easy" } });
    const chat = USERS.alice.id;
    const dialog = await toOpponentStep(h, chat);
    await h.press(USERS.alice, dialog, buttonNamed(dialog, "The bot"));
    await startAgainstBot(h, chat);
    const game = (await h.service.activeGames(chat, USERS.alice.id))[0]!;
    expect([game.white.id, game.black.id]).toContain(BOT_INFO.id);
    expect(game.waitingFor).toBe(USERS.alice.id);
    expect(h.lastMessage(chat).photo).not.toBeNull();
    expect(h.tg.problems()).toEqual([]);
  });
});
