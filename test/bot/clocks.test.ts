/**
 * Clocks as players meet them in Telegram: chosen by /play's words, said on the challenge
 * card, shown in the caption at each edit, started by the delivery of the buttons (the
 * group's board or the player's own board in private, whichever comes first) and ended by a
 * flag that the caption names.
 */
import type { User } from "grammy/types";
import { describe, expect } from "vitest";
import type { StoredMessage } from "../../bench/testkit/index.js";
import { remainingPlays } from "../../src/engine/index.js";
import { it } from "./fixtures.js";
import {
  addedBack,
  buttonNamed,
  buttons,
  GROUP,
  groupGame,
  type Harness,
  links,
  USERS,
} from "./harness.js";

const START = Date.UTC(2026, 11, 4, 12);

/** A harness whose service clock the test moves. */
async function clocked(make: (o: { now: () => number }) => Promise<Harness>) {
  let now = START;
  const h = await make({ now: () => now });
  return { h, advance: (ms: number) => (now += ms), now: () => now };
}

/** Polls (real time, briefly) until `done`: the bot's work runs between the test's awaits. */
async function waitUntil(done: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await done()); i++) await new Promise((r) => setTimeout(r, 5));
  if (!(await done())) throw new Error("timed out");
}

const caption = (h: Harness, m: StoredMessage): string =>
  h.tg.message(m.chatId!, m.messageId)!.caption ?? "";

async function openPrivately(h: Harness, user: User, board: StoredMessage): Promise<StoredMessage> {
  const start = new URL(links(board)[0]!.url).searchParams.get("start")!;
  await h.send(user, `/start ${start}`, { chatId: user.id });
  return h.lastMessage(user.id);
}

describe("a clock chosen in Telegram", () => {
  it("/play short 5p blitz: the card says the clock; the caption shows both reserves; the time runs from the board's delivery", async ({
    harness,
  }) => {
    const { h, now } = await clocked(harness);
    await h.send(USERS.alice, "/play short 5p blitz");
    const card = h.lastMessage();
    // Short blitz: 8 s a move and 20 s a point, so 1:40 for a match to 5.
    expect(card.text).toContain("⏱ Clock: blitz, 8 s a move + 1:40 in reserve");
    await h.press(USERS.bob, card, buttonNamed(card, /^✅/));
    const game = (await h.service.activeGames(GROUP, USERS.alice.id)).at(-1)!;
    expect(game.rules.match).toEqual({ kind: "points", to: 5 });
    expect(game.timeControl).toMatchObject({ kind: "delay", preset: "blitz", delayMs: 8_000 });
    const board = h.lastMessage();
    expect(caption(h, board)).toContain("⏱ ⚪ 1:40 · ⚫ 1:40 · 8 s a move");
    const clock = (await h.service.getGame(game.id))!.clock!;
    const side = game.white.id === game.waitingFor ? "white" : "black";
    expect(clock.running).toBe(side);
    expect(clock.runningSince).toBe(now());
    expect(h.tg.problems()).toEqual([]);
  });

  it("words in any order, in Russian too; a second clock word or an unknown one is refused and starts nothing", async ({
    h,
  }) => {
    await h.send(USERS.olga, "/play блиц 3g длинные");
    const card = h.lastMessage();
    // Long blitz: 10 s a move, a minute a point; each game of a set starts with one point's.
    expect(card.text).toContain("⏱ Часы: блиц, 10 с на ход + 1:00 в запасе");
    expect((await h.service.getChallenge(1))!.rules.match).toEqual({ kind: "games", count: 3 });
    await h.send(USERS.alice, "/play blitz casual");
    expect(h.lastMessage().text).toMatch(/I don't know “casual”/);
    await h.send(USERS.alice, "/play short 99p");
    expect(h.lastMessage().text).toMatch(/I don't know “99p”/);
    expect(await h.service.getChallenge(2)).toBeNull();
  });

  it("without a clock word the game has none and the caption no clock line", async ({ h }) => {
    const { gameId, board } = await groupGame(h, "/play short");
    expect((await h.service.getGame(gameId))!.clock).toBeNull();
    expect(caption(h, board)).not.toContain("⏱");
  });

  it("correspondence: the card and the caption say a day a move; no running clock", async ({
    h,
  }) => {
    await h.send(USERS.alice, "/play long correspondence");
    const card = h.lastMessage();
    expect(card.text).toContain("⏱ Clock: correspondence, a day a move");
    await h.press(USERS.bob, card, buttonNamed(card, /^✅/));
    const gameId = (await h.service.activeGames(GROUP, USERS.alice.id)).at(-1)!.id;
    const board = h.lastMessage();
    expect((await h.service.getGame(gameId))!.timeControl.kind).toBe("correspondence");
    expect(caption(h, board)).toContain("⏱ a day a move");
  });

  it("the player's own board starts the time when the group's board cannot be edited yet", async ({
    harness,
  }) => {
    const { h, now, advance } = await clocked(harness);
    const { gameId, board } = await groupGame(h, "/play short blitz");
    const first = (await h.service.getGame(gameId))!;
    const mover = first.white.id === first.waitingFor ? USERS.alice : USERS.bob;
    const other = mover === USERS.alice ? USERS.bob : USERS.alice;
    const own = await openPrivately(h, other, board);
    const captionBefore = caption(h, board);
    advance(3_000);
    // The group's edit is held on the network (its request waits); the private chat's is not.
    const held = h.tg.holdNext("editMessageMedia", {
      at: "request",
      match: (p) => Number(p.chat_id) === GROUP,
    });
    const [play] = remainingPlays(first.state);
    let version = first.version;
    for (const step of play!.steps) {
      const r = await h.service.act(gameId, mover.id, { type: "step", ...step }, version);
      if (!r.ok) throw new Error(r.error.message);
      version = r.value.game.version;
    }
    await held.reached;
    await waitUntil(async () => (await h.service.getGame(gameId))!.clock!.runningSince !== null);
    const g = (await h.service.getGame(gameId))!;
    expect(g.waitingFor).toBe(other.id);
    // The group's board still shows the mover's turn; the other player's own board is current.
    expect(caption(h, board)).toBe(captionBefore);
    expect(h.tg.message(other.id, own.messageId)!.caption).not.toBe(captionBefore);
    expect(g.clock!.running).toBe(g.white.id === other.id ? "white" : "black");
    expect(g.clock!.runningSince).toBe(now());
    held.release();
    await h.settle();
    expect(caption(h, board)).toBe(h.tg.message(other.id, own.messageId)!.caption);
    expect((await h.service.getGame(gameId))!.clock!.runningSince).toBe(g.clock!.runningSince);
  });
});

describe("a clock's end and a tournament's clock", () => {
  it("ten seconds before the flag, a player on their own board is told once there, never in the group", async ({
    harness,
  }) => {
    const { h, advance, now } = await clocked(harness);
    const { gameId, board } = await groupGame(h, "/play short blitz");
    const g = (await h.service.getGame(gameId))!;
    const mover = g.waitingFor === USERS.alice.id ? USERS.alice : USERS.bob;
    const own = await openPrivately(h, mover, board);
    const groupCalls = h.tg
      .callsOf("sendMessage")
      .filter((c) => Number(c.payload.chat_id) === GROUP);
    // Blitz: 28 s in all, so 18 s in the keeper tells that ten are left.
    advance(17_999);
    expect(await h.service.clockLow(gameId, now())).toBe(false);
    advance(1);
    expect(await h.service.clockLow(gameId, now())).toBe(true);
    await h.settle();
    const told = h.lastMessage(mover.id);
    expect(told.text).toBe(`⏱ 10 s left in game #${gameId}!`);
    expect(told.replyTo).toBe(own.messageId);
    // Once a game: told again (a later turn's warning) it says nothing more.
    advance(2_000);
    expect(await h.service.clockLow(gameId, now())).toBe(true);
    await h.settle();
    expect(h.lastMessage(mover.id).messageId).toBe(told.messageId);
    expect(h.tg.callsOf("sendMessage").filter((c) => Number(c.payload.chat_id) === GROUP)).toEqual(
      groupCalls,
    );
    expect(h.tg.problems()).toEqual([]);
  });

  it("a flag: the board says who won on time, and its buttons are gone", async ({ harness }) => {
    const { h, advance, now } = await clocked(harness);
    const { gameId, board } = await groupGame(h, "/play short blitz");
    const g = (await h.service.getGame(gameId))!;
    const loser = g.waitingFor === g.white.id ? "white" : "black";
    advance(g.flagAt! - now() - 1);
    expect(await h.service.flag(gameId, now())).toBeNull();
    advance(1);
    expect(await h.service.flag(gameId, now())).not.toBeNull();
    await h.settle();
    const over = (await h.service.getGame(gameId))!;
    expect(over.state.result).toMatchObject({ winner: loser === "white" ? "black" : "white" });
    expect(caption(h, board)).toMatch(/🏆 .* wins .* · on time/);
    expect(caption(h, board)).not.toContain("a move");
    // What a finished game offers: the series' next game and its review, no move.
    const after = buttons(h.tg.message(GROUP, board.messageId)!).map((b) => b.text);
    expect(after).toEqual(["🔁 Next game", "📊 Analysis", "🎞 Replay", "⬇ Record"]);
    expect(h.tg.problems()).toEqual([]);
  });

  it("/tournament short blitz: the card says the clock; only the organiser's ⏱ changes it, in turn", async ({
    h,
  }) => {
    await h.send(USERS.alice, "/tournament short blitz");
    const card = h.lastMessage();
    const live = () => h.tg.message(GROUP, card.messageId)!;
    expect(live().text).toContain("⏱ Clock: blitz, 8 s a move + 0:20 in reserve");
    await h.press(USERS.bob, live(), buttonNamed(live(), "⏱ Clock: blitz"));
    expect(h.tg.callsOf("answerCallbackQuery").at(-1)!.payload.text).toMatch(/organiser/);
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      const clock = buttons(live()).find((b) => /^⏱ Clock/.test(b.text))!;
      seen.push(clock.text);
      await h.press(USERS.alice, live(), clock);
    }
    expect(seen).toEqual([
      "⏱ Clock: blitz",
      "⏱ Clock: normal",
      "⏱ Clock: casual",
      "⏱ Clock: correspondence",
      "⏱ Clock: no clock",
    ]);
    expect(live().text).toContain("⏱ Clock: blitz");
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("a clock while the bot cannot reach the chat", () => {
  it("removed from the group, the clock stops; added back, it runs on from where it stopped, the time away never charged", async ({
    harness,
  }) => {
    const { h, advance, now } = await clocked(harness);
    const { gameId } = await groupGame(h, "/play short blitz");
    const running = (await h.service.getGame(gameId))!;
    const side = running.clock!.running!;
    advance(5_000);
    expect(await h.handle(h.tg.kick(GROUP))).toBe(true);
    const held = (await h.service.getGame(gameId))!;
    expect(held.clock).toMatchObject({ running: side, runningSince: null, spentMs: 5_000 });
    expect(held.flagAt).toBeNull();
    // A day away: no flag, however long.
    advance(24 * 3_600_000);
    expect(await h.service.flag(gameId, now())).toBeNull();
    expect((await h.service.runningClocks()).map((c) => c.id)).not.toContain(gameId);
    // The maintenance tick's safety net leaves a chat out of reach alone.
    expect(await h.service.resumeStalledClocks(now())).toEqual([]);

    h.tg.rules.rejoin(GROUP);
    expect(await h.handle(addedBack(GROUP))).toBe(true);
    const back = (await h.service.getGame(gameId))!;
    expect(back.clock).toMatchObject({ running: side, runningSince: now(), spentMs: 5_000 });
    // What was left at the kick is left now: the deadline is the rest of it from now.
    expect(back.flagAt! - now()).toBe(running.flagAt! - running.clock!.runningSince! - 5_000);
    expect(back.status).toBe("active");
  });
});
