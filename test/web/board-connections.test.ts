import { describe, expect } from "vitest";
import { HTTP_LIMITS } from "../../src/bot/server.js";
import { HEARTBEAT_MS } from "../../src/web/streams.js";
import { groupGame, USERS } from "../bot/harness.js";
import { until } from "./board-server.js";
import { it } from "./fixtures.js";

/**
 * The board page on the bot's HTTP server, whose own limits it lives under: slow or silent
 * clients are cut, an address holds so many connections. Its streams live long: they must
 * outlast those limits while they are wanted, and leave the counts when they are cut.
 */
describe("the board page under the HTTP server's limits", () => {
  // Short enough to watch in a test; the server's checks follow them.
  const quick = { headersMs: 150, requestMs: 300, keepAliveMs: 100, idleMs: 400 };

  it("a page's stream outlives the request and idle timeouts while its heartbeat comes", async ({
    harness,
    board,
  }) => {
    const h = await harness();
    const { gameId } = await groupGame(h);
    const b = await board(h, { http: quick, heartbeatMs: 100 });
    const page = b.connect();
    await page.connected;
    page.socket.write(b.eventsRequest(USERS.alice, gameId));
    expect(await page.status()).toBe(200);
    // Past every one of the server's timeouts, more than twice over.
    expect(await page.openAfter(1_000)).toBe(true);
    expect(page.text.split(": \n\n").length - 1).toBeGreaterThanOrEqual(5);
    expect(b.web.openPages).toBe(1);
  });

  it("a stream with no heartbeat within the idle timeout is cut by the server, and uncounted", async ({
    harness,
    board,
  }) => {
    const h = await harness();
    const { gameId } = await groupGame(h);
    const b = await board(h, { http: quick, heartbeatMs: 60_000 });
    const page = b.connect();
    await page.connected;
    page.socket.write(b.eventsRequest(USERS.alice, gameId));
    expect(await page.status()).toBe(200);
    expect(b.web.openPages).toBe(1);
    expect(await page.openAfter(1_500)).toBe(false);
    await until(() => b.web.openPages === 0);
  });

  it("the heartbeat comes well within the server's idle timeout, as deployed", () => {
    expect(HEARTBEAT_MS * 2).toBeLessThanOrEqual(HTTP_LIMITS.idleMs);
  });

  it("a client dribbling its headers a byte at a time is cut at the headers timeout", async ({
    harness,
    board,
  }) => {
    const h = await harness();
    const { gameId } = await groupGame(h);
    // Each byte comes well within the idle timeout: only the headers' own deadline cuts it.
    const b = await board(h, { http: { ...quick, idleMs: 5_000, requestMs: 5_000 } });
    const slow = b.connect();
    await slow.connected;
    const request = b.eventsRequest(USERS.alice, gameId);
    const started = Date.now();
    let sent = 0;
    const drip = setInterval(() => {
      if (!slow.socket.destroyed && sent < request.length) slow.socket.write(request[sent++]!);
    }, 20);
    try {
      // Some 400 bytes at 20 ms each would take 8 s; it is cut long before, told why.
      await slow.closed;
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(sent).toBeLessThan(request.length / 4);
      expect(slow.statuses()).toEqual([408]);
      expect(b.web.openPages).toBe(0);
    } finally {
      clearInterval(drip);
    }
  });

  it("open pages hold connections within the per-address cap; one dropped makes room", async ({
    harness,
    board,
  }) => {
    const h = await harness();
    const { gameId } = await groupGame(h);
    const b = await board(h, { http: { perAddress: 3 } });
    const pages = [b.connect(), b.connect(), b.connect()];
    for (const p of pages) {
      await p.connected;
      p.socket.write(b.eventsRequest(USERS.alice, gameId));
      expect(await p.status()).toBe(200);
    }
    expect(b.web.openPages).toBe(3);
    // A fourth connection from the same address is closed at once, before any answer.
    const fourth = b.connect();
    fourth.socket.write(b.eventsRequest(USERS.bob, gameId));
    expect(await fourth.openAfter(1_000)).toBe(false);
    expect(fourth.text).toBe("");
    expect(b.web.openPages).toBe(3);
    for (const p of pages) expect(p.socket.destroyed).toBe(false);
    // One page goes: its connection and its stream are let go, and a new one is taken.
    await pages[0]!.drop();
    await until(() => b.connections === 2 && b.web.openPages === 2);
    const fifth = b.connect();
    await fifth.connected;
    fifth.socket.write(b.eventsRequest(USERS.bob, gameId));
    expect(await fifth.status()).toBe(200);
    expect(b.web.openPages).toBe(3);
  });
});
