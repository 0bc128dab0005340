import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect } from "vitest";
import { parseConfig } from "../../src/config.js";
import { it } from "./fixtures.js";
import { buttonNamed, buttons, GROUP, type Harness, USERS } from "./harness.js";

/** Presses Alice's choice on the dialog message as it stands now. */
const chooser =
  (harness: Harness, messageId: number) =>
  async (label: RegExp | string): Promise<void> => {
    const live = harness.tg.message(GROUP, messageId)!;
    await harness.press(USERS.alice, live, buttonNamed(live, label));
  };

describe("/new: the set-up dialog", () => {
  it("custom long nardy rules, to 3 points, anyone: a challenge with exactly those rules", async ({
    h,
  }) => {
    await h.send(USERS.alice, "/new");
    const dialog = h.lastMessage();
    const choose = chooser(h, dialog.messageId);
    await choose("long nardy");
    await choose("custom rules");
    await choose(/any first roll takes two/);
    await choose(/end of the turn only/);
    await choose(/home mars 3/);
    await choose(/second player may still draw/);
    await choose(/plays the lot dice/);
    await choose("No doubling cube");
    await choose(/players take turns/);
    await choose("To 3 points");
    await choose("⚡ Blitz");
    await choose("Anyone here");
    const challenge = (await h.service.getChallenge(1))!;
    // Long nardy's blitz: 10 s a move and a minute a point, so three for a match to 3.
    expect(challenge.timeControl).toEqual({
      kind: "delay",
      preset: "blitz",
      delayMs: 10_000,
      reserveMs: 180_000,
    });
    expect(challenge.rules).toMatchObject({
      head: "wide",
      block: "final",
      scoring: "home-mars",
      lastRoll: true,
      opening: "lot",
      cube: false,
      nextStarter: "alternate",
      match: { kind: "points", to: 3 },
    });
    const text = h.tg.message(GROUP, dialog.messageId)!.text!;
    expect(text).toContain("Alice challenges anyone");
    expect(text).toContain("any first roll takes two");
    expect(text).toContain("⏱ Clock: blitz, 10 s a move + 3:00 in reserve");
  });

  it("someone else's press is refused; Cancel ends it and writes nothing", async ({ h }) => {
    await h.send(USERS.alice, "/new");
    const dialog = h.lastMessage();
    const before = h.tg.calls.length;
    await h.press(USERS.bob, dialog, buttonNamed(dialog, "short nardy"));
    const answer = h.tg.calls.slice(before).find((c) => c.method === "answerCallbackQuery");
    expect(answer).toBeDefined();
    expect(h.tg.message(GROUP, dialog.messageId)!.text).toBe("Which game?");
    await h.press(USERS.alice, dialog, buttonNamed(dialog, "short nardy"));
    const live = h.tg.message(GROUP, dialog.messageId)!;
    await h.press(USERS.alice, live, buttonNamed(live, "Cancel"));
    expect(h.tg.message(GROUP, dialog.messageId)!.text).toMatch(/cancelled/);
    expect(await h.service.getChallenge(1)).toBeNull();
  });

  it("a restart in the middle carries on from the same step", async ({ harness }) => {
    const dir = mkdtempSync(path.join(tmpdir(), "nardy-dialog-"));
    const file = path.join(dir, "bot.sqlite");
    const first = await harness({ path: file });
    await first.send(USERS.alice, "/new");
    const dialog = first.lastMessage();
    await first.press(USERS.alice, dialog, buttonNamed(dialog, "short nardy"));
    await first.close();

    const h = await harness({ path: file, tg: first.tg });
    const choose = chooser(h, dialog.messageId);
    await choose(/standard/i);
    await choose("To 3 points");
    await choose("No clock");
    await choose("Anyone here");
    const challenge = (await h.service.getChallenge(1))!;
    expect(challenge.variant).toBe("short");
    expect(challenge.rules.match).toEqual({ kind: "points", to: 3 });
    expect(h.database.db.sql.$client.prepare("select count(*) as n from dialogs").get()).toEqual({
      n: 0,
    });
  });

  it("a player by @username", async ({ h }) => {
    await h.send(USERS.alice, "/new");
    const dialog = h.lastMessage();
    const choose = chooser(h, dialog.messageId);
    await choose("short nardy");
    await choose("standard");
    await choose("Running series");
    await choose("No clock");
    await choose(/@username/);
    // In privacy mode a plain message never reaches the bot; the question asks for a reply.
    expect(await h.send(USERS.alice, "@Bob")).toBe(false);
    const question = h.lastMessage();
    expect(question.text).toMatch(/Reply to this message/);
    expect(h.tg.callsOf("sendMessage").at(-1)!.payload.reply_markup).toMatchObject({
      force_reply: true,
    });
    expect(await h.send(USERS.alice, "not a name!", { replyTo: question })).toBe(true);
    const again = h.lastMessage();
    expect(again.text).toMatch(/not a username/);
    await h.send(USERS.alice, "@Bob", { replyTo: again });
    expect((await h.service.getChallenge(1))!.target).toEqual({ userId: null, username: "bob" });
    expect(h.tg.message(GROUP, dialog.messageId)!.text).toContain("Alice challenges @bob");
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("timers", () => {
  it("a challenge expires and its message says so", async ({ harness }) => {
    let now = 1_000_000;
    const h = await harness({ now: () => now, env: { CHALLENGE_TTL_MINUTES: "5" } });
    await h.send(USERS.alice, "/play");
    const challenge = h.lastMessage();
    now += 6 * 60_000;
    await h.tick(now);
    const live = h.tg.message(GROUP, challenge.messageId)!;
    expect(live.text).toMatch(/Nobody accepted/);
    expect(buttons(live)).toEqual([]);
  });

  it("an idle player is reminded once; after twice the time the opponent may claim the win", async ({
    harness,
  }) => {
    let now = 1_000_000;
    const h = await harness({ now: () => now, env: { IDLE_HOURS: "1" } });
    await h.send(USERS.alice, "/play");
    const challenge = h.lastMessage();
    await h.press(USERS.bob, challenge, buttonNamed(challenge, /Accept/));
    const board = h.lastMessage();
    const game = (await h.service.getGame(1))!;
    const waiting = game.waitingFor === USERS.alice.id ? USERS.alice : USERS.bob;
    const other = waiting === USERS.alice ? USERS.bob : USERS.alice;
    now += 61 * 60_000;
    await h.tick(now);
    const reminder = h.lastMessage();
    expect(reminder.text).toContain(`tg://user?id=${waiting.id}`);
    await h.tick(now + 1000);
    expect(h.lastMessage().messageId).toBe(reminder.messageId);
    now += 60 * 60_000;
    await h.tick(now);
    const live = h.tg.message(GROUP, board.messageId)!;
    const claim = buttonNamed(live, /Claim/);
    await h.press(waiting, live, claim);
    expect((await h.service.getGame(1))!.state.phase).not.toBe("over");
    await h.press(other, live, claim);
    expect((await h.service.getGame(1))!.state.result).toMatchObject({ reason: "timeout" });
  });
});

describe("Telegram's own errors", () => {
  it("'message is not modified' is ignored; 'message to edit not found' posts the board again", async ({
    h,
  }) => {
    await h.send(USERS.alice, "/play");
    const challenge = h.lastMessage();
    await h.press(USERS.bob, challenge, buttonNamed(challenge, /Accept/));
    const board = h.lastMessage();
    const mover =
      (await h.service.getGame(1))!.waitingFor === USERS.alice.id ? USERS.alice : USERS.bob;
    h.tg.deleteMessage(GROUP, board.messageId);
    await h.press(mover, board, buttons(board)[0]!);
    const reposted = h.lastMessage();
    expect(reposted.messageId).toBeGreaterThan(board.messageId);
    expect(reposted.photo).not.toBeNull();
    const game = (await h.service.getGame(1))!;
    expect(game.message).toEqual({ kind: "chat", chatId: GROUP, messageId: reposted.messageId });
    // A refresh of a board that is current sends nothing: no edit Telegram would refuse.
    const before = h.tg.calls.length;
    await h.pressData(mover, reposted, `g:1:${game.version}:f`);
    await h.pressData(mover, reposted, `g:1:${game.version}:f`);
    expect((await h.service.getGame(1))!.version).toBe(game.version);
    expect(h.tg.calls.slice(before).map((c) => c.method)).toEqual([
      "answerCallbackQuery",
      "answerCallbackQuery",
    ]);
  });
});

describe("configuration", () => {
  it("a missing or malformed setting is reported clearly", () => {
    const r = parseConfig({
      BOT_TOKEN: "nope",
      LOG_LEVEL: "loud",
      WEBHOOK_URL: "http://x",
      CHALLENGE_TTL_MINUTES: "-1",
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.join("\n")).toMatch(/BOT_TOKEN does not look like a bot token/);
    expect(r.errors.join("\n")).toMatch(/LOG_LEVEL/);
    expect(r.errors.join("\n")).toMatch(/WEBHOOK_URL must be an https URL/);
    expect(r.errors.join("\n")).toMatch(/CHALLENGE_TTL_MINUTES/);
    expect(parseConfig({}).ok).toBe(false);
  });

  it("defaults: only BOT_TOKEN is needed", () => {
    const r = parseConfig({ BOT_TOKEN: "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij" });
    expect(r.ok && r.config).toMatchObject({
      databasePath: "./data/nardy.sqlite",
      webhook: null,
      apiRoot: null,
    });
  });
});

describe("chat settings", () => {
  it("only an admin turns on Done presses; then a finished turn waits for Done", async ({ h }) => {
    h.tg.makeAdmin(USERS.alice.id, GROUP);
    await h.send(USERS.bob, "/settings");
    const settings = h.lastMessage();
    await h.press(USERS.bob, settings, buttons(settings)[0]!);
    expect(await h.service.chatConfirmTurns(GROUP)).toBe(false);
    await h.press(USERS.alice, settings, buttons(settings)[0]!);
    expect(await h.service.chatConfirmTurns(GROUP)).toBe(true);
    expect(h.tg.message(GROUP, settings.messageId)!.text).toMatch(/waits for a ✓ Done press/);

    await h.send(USERS.alice, "/play short");
    const challenge = h.lastMessage();
    await h.press(USERS.bob, challenge, buttonNamed(challenge, /Accept/));
    const board = h.lastMessage();
    for (let i = 0; i < 10; i++) {
      const game = (await h.service.getGame(1))!;
      if (
        game.state.phase === "move" &&
        game.state.steps.length > 0 &&
        buttons(h.tg.message(GROUP, board.messageId)!).some((b) => b.text === "✓ Done")
      )
        break;
      const who = game.waitingFor === USERS.alice.id ? USERS.alice : USERS.bob;
      const live = h.tg.message(GROUP, board.messageId)!;
      const step =
        buttons(live).find((b) => /→|\//.test(b.text)) ??
        buttons(live).find((b) => /Roll|Take/.test(b.text))!;
      await h.press(who, live, step);
    }
    const game = (await h.service.getGame(1))!;
    expect(game.state.confirmTurns).toBe(true);
    const live = h.tg.message(GROUP, board.messageId)!;
    const done = buttonNamed(live, "✓ Done");
    const mover = game.waitingFor === USERS.alice.id ? USERS.alice : USERS.bob;
    await h.press(mover, live, done);
    expect((await h.service.getGame(1))!.state.turn).not.toBe(game.state.turn);
  });
});
