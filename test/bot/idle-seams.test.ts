import { describe, expect } from "vitest";
import { BOT_INFO, type StoredMessage } from "../../bench/testkit/index.js";
import { chooseAction } from "../../src/ai/index.js";
import { encode } from "../../src/bot/callback-data.js";
import type { GameView } from "../../src/services/index.js";
import { it } from "./fixtures.js";
import {
  addedBack,
  buttonNamed,
  buttons,
  GROUP,
  type Harness,
  startAgainstBot,
  USERS,
  userById,
} from "./harness.js";

const HOUR = 3_600_000;

const lastAnswer = (h: Harness) => h.tg.callsOf("answerCallbackQuery").at(-1)!.payload;

/** Alice challenges, Bob accepts: the board of the new game. */
async function start(h: Harness, command = "/play"): Promise<StoredMessage> {
  await h.send(USERS.alice, command);
  const challenge = h.lastMessage();
  await h.press(USERS.bob, challenge, buttonNamed(challenge, /Accept/));
  return h.lastMessage();
}

/** The players of a game: the one it waits for, and the other. */
async function seats(h: Harness, gameId: number) {
  const game = (await h.service.getGame(gameId))!;
  const waiting = userById(game.waitingFor!);
  const other = userById(game.white.id === waiting.id ? game.black.id : game.white.id);
  return { waiting, other };
}

/**
 * In the game against the computer just started (#1), Alice plays her turn through the
 * service; returns the game as it then waits, with the computer about to think.
 */
async function computerThinking(h: Harness): Promise<GameView> {
  let game = (await h.service.getGame(1))!;
  expect(game.waitingFor).toBe(USERS.alice.id);
  while (game.waitingFor === USERS.alice.id) {
    const move = chooseAction(game.state, { player: "pipcount" })!;
    for (const action of move.actions) {
      const r = await h.service.act(game.id, USERS.alice.id, action, game.version);
      if (!r.ok) throw new Error(r.error.message);
      game = r.value.game;
    }
  }
  expect(game.waitingFor).toBe(BOT_INFO.id);
  await h.settleBoards();
  return game;
}

/** Calls into `chatId` since call number `from`. */
const callsInto = (h: Harness, chatId: number, from: number) =>
  h.tg.calls.slice(from).filter((c) => Number(c.payload.chat_id) === chatId);

describe("claim the win", () => {
  it("the idle player's own press is told what the button is for; the opponent claims", async ({
    harness,
  }) => {
    let now = 50_000_000;
    const h = await harness({ now: () => now, env: { IDLE_HOURS: "1" } });
    const board = await start(h);
    const { waiting, other } = await seats(h, 1);
    now += 2 * HOUR + 60_000;
    await h.tick(now);
    const live = h.tg.message(GROUP, board.messageId)!;
    const claim = buttonNamed(live, /Claim the win/);
    const before = (await h.service.getGame(1))!;
    await h.press(waiting, live, claim);
    expect(lastAnswer(h)).toMatchObject({
      show_alert: true,
      text: expect.stringMatching(/This button is for your opponent/),
    });
    expect(String(lastAnswer(h).text)).not.toMatch(/It's .*'s turn/);
    expect((await h.service.getGame(1))!.version).toBe(before.version);
    // A third person may not claim either.
    await h.press(USERS.carol, live, claim);
    expect(lastAnswer(h)).toMatchObject({ show_alert: true });
    expect((await h.service.getGame(1))!.version).toBe(before.version);
    await h.press(other, live, claim);
    const game = (await h.service.getGame(1))!;
    expect(game.state.result).toMatchObject({ reason: "timeout" });
    expect(game.winnerId).toBe(other.id);
    expect(buttons(h.tg.message(GROUP, board.messageId)!).map((b) => b.text)).not.toContain(
      "🏁 Claim the win",
    );
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("a chat the bot has lost", () => {
  it("gets nothing more; the players resign or claim from a private chat; back, the board catches up", async ({
    harness,
  }) => {
    let now = 60_000_000;
    const h = await harness({ now: () => now, env: { IDLE_HOURS: "1" } });
    const board = await start(h);
    const shortBoard = await start(h, "/play short"); // Alice and Bob again, in short nardy
    const { waiting, other } = await seats(h, 1);
    const version = (await h.service.getGame(1))!.version;

    expect(await h.handle(h.tg.kick(GROUP))).toBe(true);
    const mark = h.tg.calls.length;
    // A reminder, and then the claim, would be due: nothing is sent there.
    now += HOUR + 60_000;
    await h.tick(now);
    now += HOUR + 60_000;
    await h.tick(now);
    await h.tick(now + 60_000);
    expect(callsInto(h, GROUP, mark)).toEqual([]);

    // From a private chat, the player kept waiting claims the long game.
    await h.send(other, "/resign", { chatId: other.id });
    const picker = h.lastMessage(other.id);
    expect(buttons(picker)).toHaveLength(2);
    await h.press(other, picker, buttons(picker)[0]!);
    const question = h.tg.message(other.id, picker.messageId)!;
    await h.press(other, question, buttonNamed(question, /Claim the win/));
    expect((await h.service.getGame(1))!.state.result).toMatchObject({ reason: "timeout" });
    expect((await h.service.getGame(1))!.winnerId).toBe(other.id);
    expect(h.tg.message(other.id, picker.messageId)!.text).toBe("The win is claimed.");
    expect(callsInto(h, GROUP, mark)).toEqual([]);
    // The short game: Alice offers to resign, Bob answers the offer, all from private chats.
    await h.send(USERS.alice, "/resign", { chatId: USERS.alice.id });
    const offer = h.lastMessage(USERS.alice.id);
    expect(offer.text).toMatch(/Offer Bob your resignation/);
    await h.press(USERS.alice, offer, buttonNamed(offer, "a gammon"));
    expect((await h.service.getGame(2))!.waitingFor).toBe(USERS.bob.id);
    await h.send(USERS.bob, "/resign", { chatId: USERS.bob.id });
    const answer = h.lastMessage(USERS.bob.id);
    expect(answer.text).toMatch(/Alice offers to resign with a gammon\. Do you accept\?/);
    await h.press(USERS.alice, answer, buttonNamed(answer, "✅ Accept"));
    expect((await h.service.getGame(2))!.status).toBe("active");
    await h.press(USERS.bob, answer, buttonNamed(answer, "✅ Accept"));
    expect((await h.service.getGame(2))!.state.result).toMatchObject({
      kind: "gammon",
      reason: "resign",
    });
    expect((await h.service.getGame(2))!.winnerId).toBe(USERS.bob.id);
    expect(h.tg.message(USERS.bob.id, answer.messageId)!.text).toBe(
      "Resignation accepted: the game is yours.",
    );
    expect(callsInto(h, GROUP, mark)).toEqual([]);
    // The board in the group still shows the game as it was when the bot left.
    expect(h.tg.message(GROUP, board.messageId)!.keyboard.flat()[0]).toMatchObject({
      callback_data: expect.stringContaining(`g:1:${version}:`),
    });

    // Back in the group: the board is brought up to date at once.
    h.tg.rules.rejoin(GROUP);
    expect(await h.handle(addedBack(GROUP))).toBe(true);
    for (const [m, id] of [
      [board, 1],
      [shortBoard, 2],
    ] as const) {
      const final = h.tg.message(GROUP, m.messageId)!;
      expect(final.caption).toMatch(/wins/);
      expect(buttons(final).map((b) => b.text)).toContain("🔁 Next game");
      expect((await h.service.getGame(id))!.status).not.toBe("active");
    }
    expect(waiting.id).not.toBe(other.id);
    expect(h.tg.problems()).toEqual([]);
  });

  it("kicked without a word: the first refused call marks the chat lost, and nothing follows it", async ({
    harness,
  }) => {
    let now = 70_000_000;
    const h = await harness({ now: () => now, env: { IDLE_HOURS: "1" } });
    const board = await start(h);
    const { other } = await seats(h, 1);
    h.tg.kick(GROUP); // the my_chat_member update is lost on the way
    const mark = h.tg.calls.length;
    for (let i = 0; i < 4; i++) {
      now += HOUR;
      await h.tick(now);
    }
    // One call found out (the reminder); after it nothing more went there.
    const tried = callsInto(h, GROUP, mark);
    expect(tried.map((c) => c.method)).toEqual(["sendMessage"]);
    expect(h.tg.rejected.map((r) => r.error_code)).toEqual([403]);
    await h.send(other, "/resign", { chatId: other.id });
    const question = h.lastMessage(other.id);
    await h.press(other, question, buttonNamed(question, /Claim the win/));
    expect((await h.service.getGame(1))!.winnerId).toBe(other.id);
    expect(callsInto(h, GROUP, mark)).toHaveLength(1);
    // Telegram delivers a message from the group again: the bot is back, the board catches up.
    h.tg.rules.rejoin(GROUP);
    await h.send(USERS.carol, "/score");
    expect(h.tg.message(GROUP, board.messageId)!.caption).toMatch(/wins/);
    expect(h.lastMessage().text).toMatch(/Series in this chat/);
    expect(h.tg.rejected).toHaveLength(1);
  });

  it("a game against the computer there gets no further turns until the bot is back", async ({
    harness,
  }) => {
    let now = 80_000_000;
    const h = await harness({ now: () => now, computer: { delayMs: 200, level: "easy" } });
    await h.send(USERS.alice, "/play short bot");
    const board = await startAgainstBot(h);
    const game = await computerThinking(h);
    const mark = h.tg.calls.length;
    expect(await h.handle(h.tg.kick(GROUP))).toBe(true);
    now += 30 * 24 * HOUR;
    await h.tick(now);
    await h.tick(now + 60_000);
    expect((await h.service.getGame(1))!.version).toBe(game.version);
    expect((await h.events(1)).at(-1)!.actorId).toBe(USERS.alice.id);
    expect(callsInto(h, GROUP, mark)).toEqual([]);

    // Back: at the next tick the computer takes up its turn, and the board follows.
    h.tg.rules.rejoin(GROUP);
    expect(await h.handle(addedBack(GROUP))).toBe(true);
    await h.tick(now + 120_000);
    const after = (await h.service.getGame(1))!;
    expect(after.version).toBeGreaterThan(game.version);
    expect((await h.events(1)).some((e) => e.actorId === BOT_INFO.id && e.seq > 0)).toBe(true);
    const live = h.tg.message(GROUP, board.messageId)!;
    for (const b of buttons(live))
      expect("callback_data" in b && b.callback_data).toMatch(new RegExp(`^g:1:${after.version}:`));
    expect(h.tg.problems()).toEqual([]);
  });

  it("a game against the computer whose turn could not be delivered is never claimed from it", async ({
    harness,
  }) => {
    let now = 85_000_000;
    const h = await harness({ now: () => now, computer: { delayMs: 200, level: "easy" } });
    await h.send(USERS.alice, "/play short bot");
    await startAgainstBot(h);
    const game = await computerThinking(h);
    expect(await h.handle(h.tg.kick(GROUP))).toBe(true);
    now += 30 * 24 * HOUR;
    await h.tick(now);
    // Alice's private /resign offers her to resign, and no claim.
    await h.send(USERS.alice, "/resign", { chatId: USERS.alice.id });
    const question = h.lastMessage(USERS.alice.id);
    expect(question.text).toMatch(/Offer Nardy your resignation/);
    expect(buttons(question).map((b) => b.text)).not.toContainEqual(expect.stringMatching(/Claim/));
    // The claim's data, pressed on her question anyway, is refused with the reason.
    await h.pressData(USERS.alice, question, `r:1:${game.version}:${USERS.alice.id}:w`);
    expect(lastAnswer(h)).toMatchObject({
      show_alert: true,
      text: expect.stringMatching(/cannot be claimed from the bot/),
    });
    // The service says the same to anyone who asks, however long the silence.
    expect(h.service.claimable((await h.service.getGame(1))!, now + 365 * 24 * HOUR)).toBe(false);
    expect(await h.service.claimableGames(now + 365 * 24 * HOUR)).toEqual([]);
    const claim = await h.service.act(1, USERS.alice.id, { type: "claim-timeout" }, game.version);
    expect(claim).toMatchObject({ ok: false, error: { code: "claim-computer" } });
    expect(await h.service.getGame(1)).toMatchObject({ status: "active", version: game.version });
    // Back in the group, the computer plays its turn at the next tick: the game goes on.
    h.tg.rules.rejoin(GROUP);
    expect(await h.handle(addedBack(GROUP))).toBe(true);
    await h.tick(now + 60_000);
    expect((await h.service.getGame(1))!.waitingFor).toBe(USERS.alice.id);
    expect(h.tg.problems()).toEqual([]);
  });

  it("blocked in a private chat: a game against the computer there waits; /start brings it back", async ({
    harness,
  }) => {
    let now = 90_000_000;
    const h = await harness({ now: () => now, computer: { delayMs: 0, level: "easy" } });
    const chat = USERS.alice.id;
    await h.send(USERS.alice, "/play bot", { chatId: chat });
    const board = await startAgainstBot(h, chat);
    const game = (await h.service.getGame(1))!;
    expect(game.waitingFor).toBe(USERS.alice.id);
    const blocked = h.tg.kick(chat) as { my_chat_member: { new_chat_member: { status: string } } };
    expect(blocked.my_chat_member.new_chat_member.status).toBe("kicked");
    expect(await h.handle(blocked as never)).toBe(true);
    const mark = h.tg.calls.length;
    now += 3 * 24 * HOUR;
    await h.tick(now);
    expect(callsInto(h, chat, mark)).toEqual([]);
    // Alice's own messages there do not reach the bot while she blocks it.
    expect(await h.send(USERS.alice, "/resign", { chatId: chat })).toBe(false);
    // She unblocks it and writes: the chat is back, and the board is as the game is.
    h.tg.rules.rejoin(chat);
    expect(await h.send(USERS.alice, "/start", { chatId: chat })).toBe(true);
    expect(h.parts.deps.messages.isChatLost(chat)).toBe(false);
    const live = h.tg.message(chat, board.messageId)!;
    expect(buttons(live).length).toBeGreaterThan(0);
    const first = buttons(live)[0]!;
    expect("callback_data" in first && first.callback_data).toContain(
      `g:1:${(await h.service.getGame(1))!.version}:`,
    );
    await h.press(USERS.alice, live, first);
    expect((await h.service.getGame(1))!.version).toBeGreaterThan(game.version);
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("a resignation offer left unanswered", () => {
  it("its offerer cannot claim the win it offered to give up", async ({ harness }) => {
    let now = 95_000_000;
    const h = await harness({ now: () => now, env: { IDLE_HOURS: "1" } });
    const board = await start(h, "/play short");
    await h.send(USERS.alice, "/resign");
    const offer = h.lastMessage();
    await h.press(USERS.alice, offer, buttonNamed(offer, "a gammon"));
    expect((await h.service.getGame(1))!.waitingFor).toBe(USERS.bob.id);
    now += 3 * HOUR;
    await h.tick(now);
    // The board does not offer the claim (the one who could claim offered to resign), and
    // its data pressed anyway is refused.
    const live = h.tg.message(GROUP, board.messageId)!;
    expect(buttons(live).map((b) => b.text)).not.toContain("🏁 Claim the win");
    const version = (await h.service.getGame(1))!.version;
    const claim = encode({ type: "game", gameId: 1, version, command: { kind: "claim" } });
    await h.pressData(USERS.alice, live, claim);
    expect(lastAnswer(h)).toMatchObject({
      show_alert: true,
      text: "Your resignation offer is waiting for Bob's answer, so you cannot claim the win meanwhile.",
    });
    expect((await h.service.getGame(1))!.version).toBe(version);
    // Nor does her own /resign offer it.
    await h.send(USERS.alice, "/resign");
    const question = h.lastMessage();
    expect(buttons(question).map((b) => b.text)).not.toContain("🏁 Claim the win");
    // Bob answers the offer from his /resign.
    await h.send(USERS.bob, "/resign");
    const answer = h.lastMessage();
    await h.press(USERS.bob, answer, buttonNamed(answer, "❌ Decline"));
    expect(h.tg.message(GROUP, answer.messageId)!.text).toBe("Offer declined. Play on!");
    expect((await h.service.getGame(1))!.state.phase).not.toBe("resign");
    expect(h.tg.problems()).toEqual([]);
  });
});
