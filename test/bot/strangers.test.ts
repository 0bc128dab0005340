/**
 * What passes between two strangers paired by the lobby, through the fake Bot API: set
 * phrases only (a few a game, in the reader's language, a reply to their board), /block (never
 * paired again), /report (logged for the operator), and the @username only if its owner
 * allows it in /settings.
 */
import type { User } from "grammy/types";
import pino from "pino";
import { describe, expect } from "vitest";
import type { StoredMessage } from "../../bench/testkit/index.js";
import { decode, encode, MAX_CALLBACK_BYTES } from "../../src/bot/callback-data.js";
import { registerCommands } from "../../src/bot/commands.js";
import { createI18n } from "../../src/bot/i18n.js";
import { it } from "./fixtures.js";
import { buttonNamed, buttons, type Harness, USERS } from "./harness.js";

const inPrivate = (h: Harness, user: User, text: string) => h.send(user, text, { chatId: user.id });

/** A player's own board: the last photo with buttons in their private chat. */
const boardOf = (h: Harness, userId: number) =>
  h.tg
    .chatMessages(userId)
    .filter((m) => m.photoId && buttons(m).length > 0)
    .at(-1);

const pairedNote = (h: Harness, userId: number) =>
  h.tg.chatMessages(userId).find((m) => /Opponent found|Соперник найден/.test(m.text ?? ""))!;

const lastAnswer = (h: Harness) => h.tg.callsOf("answerCallbackQuery").at(-1)!.payload;

/** Two strangers seek the same long game and are paired: the game's number. */
async function pair(h: Harness, a: User, b: User): Promise<number> {
  await inPrivate(h, a, "/play anyone long");
  await inPrivate(h, b, "/play anyone long");
  await h.settle();
  return (await h.service.activeGamesAnywhere(a.id)).at(-1)!.id;
}

/** The player the game waits for resigns: long nardy ends at once. */
async function finish(h: Harness, gameId: number): Promise<void> {
  const g = (await h.service.getGame(gameId))!;
  expect((await h.service.act(gameId, g.waitingFor!, { type: "resign" }, g.version)).ok).toBe(true);
  await h.settle();
  expect((await h.service.getGame(gameId))!.status).toBe("finished");
}

const messagesSince = (h: Harness, chatId: number, before: StoredMessage[]) =>
  h.tg.chatMessages(chatId).slice(before.length);

describe("set phrases between strangers", () => {
  it("the paired note offers 👋 and 🍀; each reaches the opponent in their own language as a reply to their board; four a game", async ({
    h,
  }) => {
    const gameId = await pair(h, USERS.alice, USERS.olga);
    const note = pairedNote(h, USERS.alice.id);
    expect(buttons(note).map((b) => b.text)).toEqual(["👋 Hello", "🍀 Good luck"]);
    expect(buttons(pairedNote(h, USERS.olga.id)).map((b) => b.text)).toEqual([
      "👋 Привет",
      "🍀 Удачи",
    ]);
    const olgaBoard = boardOf(h, USERS.olga.id)!;
    await h.press(USERS.alice, note, buttonNamed(note, /Good luck/));
    expect(lastAnswer(h).text).toBe("Sent. 3 more this game.");
    const got = h.lastMessage(USERS.olga.id);
    expect(got.text).toBe("Alice пишет: 🍀 Удачи");
    expect(got.replyTo).toBe(olgaBoard.messageId);
    for (let i = 0; i < 3; i++) await h.press(USERS.alice, note, buttonNamed(note, /Hello/));
    expect(lastAnswer(h).text).toBe("Sent. That was your last phrase this game.");
    expect(h.lastMessage(USERS.olga.id).text).toBe("Alice пишет: 👋 Привет");
    const before = h.tg.chatMessages(USERS.olga.id);
    await h.press(USERS.alice, note, buttonNamed(note, /Hello/));
    expect(lastAnswer(h)).toMatchObject({
      text: "No more phrases this game: four is the most.",
      show_alert: true,
    });
    expect(messagesSince(h, USERS.olga.id, before)).toEqual([]);
    // Olga's own four are hers; her phrase reaches Alice in English.
    const hers = pairedNote(h, USERS.olga.id);
    await h.press(USERS.olga, hers, buttonNamed(hers, /Привет/));
    expect(h.lastMessage(USERS.alice.id).text).toBe("Ольга says: 👋 Hello");
    expect((await h.service.getGame(gameId))!.status).toBe("active");
    expect(h.tg.problems()).toEqual([]);
  });

  it("a forged press (another message, another game, a group) or one long after the end changes nothing", async ({
    harness,
  }) => {
    let now = Date.UTC(2026, 0, 1);
    const h = await harness({ now: () => now });
    const gameId = await pair(h, USERS.alice, USERS.bob);
    const note = pairedNote(h, USERS.alice.id);
    const board = boardOf(h, USERS.alice.id)!;
    const bobBefore = h.tg.chatMessages(USERS.bob.id);
    // The phrase's data on Alice's board, which shows no phrase.
    await h.pressData(USERS.alice, board, encode({ type: "phrase", gameId, phrase: "hello" }));
    expect(lastAnswer(h)).toMatchObject({
      text: "This button is no longer active.",
      show_alert: true,
    });
    // Another game's phrase on the paired note.
    await h.pressData(
      USERS.alice,
      note,
      encode({ type: "phrase", gameId: gameId + 1, phrase: "luck" }),
    );
    expect(lastAnswer(h).text).toBe("This button is no longer active.");
    // In a group, on a message of the bot's there.
    await h.send(USERS.carol, "/help");
    await h.pressData(
      USERS.carol,
      h.lastMessage(),
      encode({ type: "phrase", gameId, phrase: "gg" }),
    );
    expect(lastAnswer(h).text).toBe("This button is no longer active.");
    expect(messagesSince(h, USERS.bob.id, bobBefore)).toEqual([]);
    // Within ten minutes of the end a phrase still passes; after, it does not.
    await finish(h, gameId);
    now += 10 * 60_000;
    await h.press(USERS.alice, note, buttonNamed(note, /Hello/));
    expect(lastAnswer(h).text).toMatch(/^Sent\./);
    now += 1;
    const bobAfter = h.tg.chatMessages(USERS.bob.id);
    await h.press(USERS.alice, note, buttonNamed(note, /Hello/));
    expect(lastAnswer(h)).toMatchObject({
      text: "That game is long over: phrases pass during a game and for 10 minutes after it.",
      show_alert: true,
    });
    expect(messagesSince(h, USERS.bob.id, bobAfter)).toEqual([]);
    expect(h.tg.problems()).toEqual([]);
  });

  it("once the game is over each player is offered 👍 and 🙏, a reply to their finished board", async ({
    h,
  }) => {
    const gameId = await pair(h, USERS.alice, USERS.bob);
    await finish(h, gameId);
    for (const user of [USERS.alice, USERS.bob]) {
      const closing = h.tg
        .chatMessages(user.id)
        .filter((m) => /is over\. A word to your opponent\?/.test(m.text ?? ""));
      expect(closing).toHaveLength(1);
      expect(closing[0]!.text).toBe(`🏁 Game #${gameId} is over. A word to your opponent?`);
      expect(buttons(closing[0]!).map((b) => b.text)).toEqual(["👍 Good game", "🙏 Thanks"]);
      expect(closing[0]!.replyTo).toBe(boardOf(h, user.id)?.messageId ?? null);
    }
    const bobs = h.tg.chatMessages(USERS.bob.id).filter((m) => /A word/.test(m.text ?? ""))[0]!;
    await h.press(USERS.bob, bobs, buttonNamed(bobs, /Good game/));
    expect(h.lastMessage(USERS.alice.id).text).toBe("Bob says: 👍 Good game");
    // Nothing of it in a game between friends in a group.
    await h.send(USERS.alice, "/play long");
    const card = h.lastMessage();
    await h.press(USERS.bob, card, buttonNamed(card, /^✅/));
    const friends = (await h.service.getGame(
      (await h.service.activeGamesAnywhere(USERS.alice.id)).at(-1)!.id,
    ))!;
    const before = h.tg.chatMessages(USERS.alice.id);
    await finish(h, friends.id);
    expect(
      messagesSince(h, USERS.alice.id, before).filter((m) => /A word/.test(m.text ?? "")),
    ).toEqual([]);
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("/block and /report", () => {
  it("/block: private only; the last lobby opponent, never paired again either way; /unblock lifts it", async ({
    harness,
  }) => {
    let now = Date.UTC(2026, 0, 1);
    const h = await harness({ now: () => now });
    await h.send(USERS.alice, "/block");
    expect(h.lastMessage().text).toMatch(/send them in a private chat with me/);
    await inPrivate(h, USERS.alice, "/block");
    expect(h.lastMessage(USERS.alice.id).text).toMatch(/^You have no game against a stranger/);
    const gameId = await pair(h, USERS.alice, USERS.bob);
    await finish(h, gameId);
    await inPrivate(h, USERS.alice, "/block");
    expect(h.lastMessage(USERS.alice.id).text).toBe(
      `🚫 Blocked: Bob (game #${gameId}). The lobby will never pair you two again; /unblock lifts it.`,
    );
    await inPrivate(h, USERS.alice, `/block #${gameId}`);
    expect(h.lastMessage(USERS.alice.id).text).toBe(`Bob (game #${gameId}) is blocked already.`);
    // A few a minute, like every command that only answers.
    await inPrivate(h, USERS.alice, "/block");
    expect(h.lastMessage(USERS.alice.id).text).toMatch(/^⏳ You have asked for this often/);
    now += 60_000;
    await inPrivate(h, USERS.alice, "/block nonsense");
    expect(h.lastMessage(USERS.alice.id).text).toMatch(/^You have no game against a stranger/);
    // Bob seeks first this time: still no pair, and a phrase no longer passes.
    await inPrivate(h, USERS.bob, "/play anyone long");
    await inPrivate(h, USERS.alice, "/play anyone long");
    now += 5 * 60_000;
    await h.app.lobby.tick();
    await h.settle();
    expect(await h.app.lobby.waitingOf(USERS.alice.id)).not.toBeNull();
    expect(await h.app.lobby.waitingOf(USERS.bob.id)).not.toBeNull();
    const bobsNote = pairedNote(h, USERS.bob.id);
    await h.press(USERS.bob, bobsNote, buttonNamed(bobsNote, /Hello/));
    expect(lastAnswer(h).text).toBe("Not sent: one of you has blocked the other.");
    await inPrivate(h, USERS.alice, "/unblock");
    expect(h.lastMessage(USERS.alice.id).text).toBe(
      "Unblocked: Bob. The lobby may pair you again.",
    );
    await inPrivate(h, USERS.alice, "/unblock");
    expect(h.lastMessage(USERS.alice.id).text).toBe("You have blocked nobody.");
    expect(h.tg.problems()).toEqual([]);
  });

  it("/report: logged at warn with both ids and the game; thanked by the game's number; once a game", async ({
    harness,
  }) => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { level: "warn" },
      { write: (s: string) => void lines.push(JSON.parse(s)) },
    );
    const h = await harness({ logger });
    await h.send(USERS.alice, "/report");
    expect(h.lastMessage().text).toMatch(/private chat with me/);
    const gameId = await pair(h, USERS.alice, USERS.bob);
    await inPrivate(h, USERS.alice, "/report stalls every move");
    expect(h.lastMessage(USERS.alice.id).text).toBe(
      `Thank you: game #${gameId} is reported, and the operator will look at it.`,
    );
    expect(lines.filter((l) => l.msg === "a player was reported")).toEqual([
      expect.objectContaining({
        level: 40,
        reporterId: USERS.alice.id,
        reportedId: USERS.bob.id,
        gameId,
      }),
    ]);
    await inPrivate(h, USERS.alice, `/report #${gameId} again`);
    expect(h.lastMessage(USERS.alice.id).text).toBe(`Game #${gameId} is reported already.`);
    await inPrivate(h, USERS.carol, `/report #${gameId}`);
    expect(h.lastMessage(USERS.carol.id).text).toMatch(/^You have no game against a stranger/);
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("the @username for strangers", () => {
  it("/settings in private offers it (off by default); strangers then see it; groups' /settings as before", async ({
    h,
  }) => {
    await h.send(USERS.alice, "/settings");
    const group = h.lastMessage();
    expect(buttons(group)).toHaveLength(1);
    expect(group.text).not.toMatch(/username/);
    await inPrivate(h, USERS.alice, "/settings");
    const mine = h.lastMessage(USERS.alice.id);
    expect(mine.text).toMatch(/see your first name and rating only, not your @username/);
    // Its data on the group's message does nothing.
    await h.pressData(USERS.alice, group, encode({ type: "username", show: true }));
    expect(lastAnswer(h).text).toBe("This button is no longer active.");
    expect(await h.app.lobby.showsUsername(USERS.alice.id)).toBe(false);
    await h.press(USERS.alice, mine, buttonNamed(mine, /Show my @username/));
    expect(await h.app.lobby.showsUsername(USERS.alice.id)).toBe(true);
    const edited = h.lastMessage(USERS.alice.id);
    expect(edited.text).toMatch(/see your first name, rating and @username/);
    expect(buttons(edited).map((b) => b.text)).toContain("Hide my @username from strangers");
    await pair(h, USERS.alice, USERS.bob);
    expect(pairedNote(h, USERS.bob.id).text).toMatch(
      /^🎲 Opponent found: Alice @alice \(rating 1500\)/,
    );
    expect(boardOf(h, USERS.bob.id)!.caption).toContain("Alice @alice");
    // Bob did not allow his: Alice sees his first name only.
    expect(pairedNote(h, USERS.alice.id).text).toMatch(/^🎲 Opponent found: Bob \(rating 1500\)/);
    expect(boardOf(h, USERS.alice.id)!.caption).not.toContain("@bob");
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("the command menu", () => {
  it("private chats list /block and /report in every language; groups do not", async () => {
    const calls: { commands: { command: string }[]; options: Record<string, unknown> }[] = [];
    const api = {
      setMyCommands: async (commands: { command: string }[], options: Record<string, unknown>) => {
        calls.push({ commands, options });
        return true;
      },
    };
    await registerCommands(api as never, createI18n(() => "en") as never);
    const privates = calls.filter(
      (c) => (c.options.scope as { type?: string })?.type === "all_private_chats",
    );
    const others = calls.filter((c) => !c.options.scope);
    expect(privates).toHaveLength(others.length);
    for (const c of privates)
      expect(c.commands.map((x) => x.command)).toEqual(
        expect.arrayContaining(["block", "report", "play"]),
      );
    for (const c of others) expect(c.commands.map((x) => x.command)).not.toContain("block");
    expect(new Set(privates.map((c) => c.options.language_code ?? "default")).size).toBe(3);
  });
});

describe("the buttons' data", () => {
  it("phrases and the username setting round-trip within 64 bytes; anything else is no payload", () => {
    for (const phrase of ["hello", "luck", "gg", "thanks"] as const) {
      const p = { type: "phrase" as const, gameId: Number.MAX_SAFE_INTEGER, phrase };
      const data = encode(p);
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(MAX_CALLBACK_BYTES);
      expect(decode(data)).toEqual(p);
    }
    for (const show of [true, false])
      expect(decode(encode({ type: "username", show }))).toEqual({ type: "username", show });
    for (const forged of [
      "ph:12:x",
      "ph:012:h",
      "ph::h",
      "ph:99999999999999999:h",
      "st:u:2",
      "st:u:",
    ])
      expect(decode(forged)).toBeNull();
  });
});
