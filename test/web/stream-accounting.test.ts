import type { User } from "grammy/types";
import { describe, expect } from "vitest";
import { groupGame, type Harness, USERS } from "../bot/harness.js";
import { type BoardServer, type RawClient, until } from "./board-server.js";
import { it } from "./fixtures.js";

/**
 * Open pages are counted exactly: a page that goes away at any point of its opening leaves
 * the counts (its user's and the board's) as they were. The only wait in opening a stream is
 * the membership question a group's onlooker needs; these drop the page at it, and around it.
 */

/** A page of `user` that asked for the game's stream on a new connection. */
async function ask(b: BoardServer, user: User, gameId: number): Promise<RawClient> {
  const c = b.connect();
  await c.connected;
  c.socket.write(b.eventsRequest(user, gameId));
  return c;
}

/** Lets what the server does next (a close, an answer) happen. */
const moment = () => new Promise((r) => setTimeout(r, 30));

/** Drops the page and waits until the server has seen it go. */
async function dropped(b: BoardServer, c: RawClient): Promise<void> {
  const before = b.connections;
  await c.drop();
  await until(() => b.connections < before);
}

async function watched(h: Harness): Promise<number> {
  // Alice and Bob play in the group; Carol, Olga and Taras are onlookers asked about.
  return (await groupGame(h)).gameId;
}

describe("a page that goes away while it opens is never counted", () => {
  it("dropped before any wait (a player's), or while its viewer's membership is asked, whatever the answer", async ({
    harness,
    board,
  }) => {
    const h = await harness();
    const gameId = await watched(h);
    const b = await board(h);
    // A player's page opens at once: the end that comes with its request is its close.
    for (let i = 0; i < 5; i++) {
      const c = b.connect();
      await c.connected;
      c.socket.end(b.eventsRequest(USERS.alice, gameId));
      expect(await c.status()).toBe(200);
      await c.closed;
    }
    await until(() => b.connections === 0);
    expect(b.web.openPages).toBe(0);
    // An onlooker's page goes away while Telegram is asked; the answer comes after.
    const outcomes: [User, (q: Awaited<ReturnType<BoardServer["question"]>>) => void][] = [
      [USERS.carol, (q) => q.answer(true)],
      [USERS.olga, (q) => q.answer(false)],
      [USERS.taras, (q) => q.fail()],
    ];
    for (const [who, settle] of outcomes) {
      const c = await ask(b, who, gameId);
      const q = await b.question();
      expect(q.userId).toBe(who.id);
      await dropped(b, c);
      settle(q);
      await moment();
      expect(b.web.openPages).toBe(0);
    }
    // A page that stays is counted, and uncounted at its close (Carol's answer is remembered).
    const page = await ask(b, USERS.carol, gameId);
    expect(await page.status()).toBe(200);
    expect(b.web.openPages).toBe(1);
    await dropped(b, page);
    expect(b.web.openPages).toBe(0);
  });

  it("of two pages waiting on one membership question, the one dropped is not counted and the other is", async ({
    harness,
    board,
  }) => {
    const h = await harness();
    const gameId = await watched(h);
    const b = await board(h);
    const first = await ask(b, USERS.carol, gameId);
    const q = await b.question();
    // The same viewer's second page waits on the question already asked.
    const second = await ask(b, USERS.carol, gameId);
    await moment();
    expect(b.asked).toBe(0);
    await dropped(b, first);
    q.answer(true);
    expect(await second.status()).toBe(200);
    await moment();
    expect(b.web.openPages).toBe(1);
    await dropped(b, second);
    expect(b.web.openPages).toBe(0);
  });

  it("at a viewer's limit of 4, a fifth page dropped while checked closes none of the four", async ({
    harness,
    board,
  }) => {
    const h = await harness();
    const gameId = await watched(h);
    let now = Date.now();
    const b = await board(h, { limits: { streamsPerUser: 4 }, now: () => now });
    const first = await ask(b, USERS.carol, gameId);
    (await b.question()).answer(true);
    const pages = [first];
    // The answer is remembered: her next three pages open at once.
    for (let i = 0; i < 3; i++) pages.push(await ask(b, USERS.carol, gameId));
    for (const p of pages) expect(await p.status()).toBe(200);
    expect(b.web.openPages).toBe(4);
    // Six minutes on, the remembered answer has lapsed: her fifth page is asked about anew.
    now += 6 * 60_000;
    const fifth = await ask(b, USERS.carol, gameId);
    const q = await b.question();
    await dropped(b, fifth);
    q.answer(true);
    await moment();
    expect(b.web.openPages).toBe(4);
    for (const p of pages) {
      expect(p.socket.destroyed).toBe(false);
      expect(p.text).not.toMatch(/event: closed/);
    }
    // The limit itself holds: a fifth page that stays closes her oldest, which is told why.
    const newest = await ask(b, USERS.carol, gameId);
    expect(await newest.status()).toBe(200);
    await until(() => pages[0]!.text.includes('event: closed\ndata: {"reason":"newer-page"}'));
    expect(b.web.openPages).toBe(4);
  });

  it("pages dropped while checked do not fill the board's total; pages that stay do", async ({
    harness,
    board,
  }) => {
    const h = await harness();
    const gameId = await watched(h);
    const b = await board(h, { limits: { streams: 2 } });
    for (const who of [USERS.carol, USERS.olga, USERS.taras]) {
      const c = await ask(b, who, gameId);
      const q = await b.question();
      await dropped(b, c);
      q.answer(true);
      await moment();
    }
    expect(b.web.openPages).toBe(0);
    const alice = await ask(b, USERS.alice, gameId);
    const bob = await ask(b, USERS.bob, gameId);
    expect([await alice.status(), await bob.status()]).toEqual([200, 200]);
    // Full: Carol (remembered a member) is told to come back.
    const carol = await ask(b, USERS.carol, gameId);
    expect(await carol.status()).toBe(503);
    expect(b.web.openPages).toBe(2);
    await dropped(b, alice);
    expect(b.web.openPages).toBe(1);
    expect(await (await ask(b, USERS.carol, gameId)).status()).toBe(200);
    expect(b.web.openPages).toBe(2);
  });

  it("a stream asked for behind another answer on its connection (pipelined) is refused and never counted", async ({
    harness,
    board,
  }) => {
    const h = await harness();
    const gameId = await watched(h);
    const b = await board(h);
    // Carol's request waits for its membership question; Alice's, behind it on the same
    // connection, could not hear a close that came before its turn.
    const c = await ask(b, USERS.carol, gameId);
    const q = await b.question();
    c.socket.write(b.eventsRequest(USERS.alice, gameId));
    await moment();
    q.answer(false);
    expect(await c.status(0)).toBe(403);
    expect(await c.status(1)).toBe(400);
    await c.closed;
    expect(b.web.openPages).toBe(0);
    // The same, the connection lost before either is answered.
    const lost = await ask(b, USERS.olga, gameId);
    const asked = await b.question();
    lost.socket.write(b.eventsRequest(USERS.bob, gameId));
    await moment();
    await dropped(b, lost);
    asked.answer(true);
    await moment();
    expect(b.web.openPages).toBe(0);
  });
});
