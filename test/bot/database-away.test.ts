/**
 * The database goes away under a running bot (a server restarting): every press and command
 * meanwhile is answered, asking to try again, and nothing changes; once it is back the same
 * press goes through. The connection here refuses everything as node-postgres does a server
 * that is down (ECONNREFUSED); the real server's restart is in test/e2e/postgres.test.ts.
 */
import { expect, it } from "vitest";
import { type Connection, openDatabase } from "../../src/db/index.js";
import { createHarness, GROUP, groupGame, USERS } from "./harness.js";

const refused = () =>
  Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

it("answers every press and command while the database is away, changes nothing, and goes on when it is back", async () => {
  const real = openDatabase(":memory:");
  let away = false;
  const db: Connection = {
    run: (fn) => (away ? Promise.reject(refused()) : real.db.run(fn)),
    transaction: (fn) => (away ? Promise.reject(refused()) : real.db.transaction(fn)),
    inTransaction: () => false,
    get sql() {
      return real.db.sql;
    },
  };
  const h = await createHarness({ database: { ...real, db } });
  try {
    const { gameId } = await groupGame(h, "/play");
    const board = h.lastMessage();
    const button = board.keyboard.flat()[0]!;
    const mover = /Alice to move/.test(board.caption ?? "") ? USERS.alice : USERS.bob;
    const version = (await h.service.getGame(gameId))!.version;

    away = true;
    const before = h.tg.calls.length;
    expect(await h.press(mover, board, button)).toBe(true);
    await h.send(mover, "/score");
    await h.settle();
    const calls = h.tg.calls.slice(before);
    const answers = calls.filter((c) => c.method === "answerCallbackQuery");
    expect(answers).toHaveLength(1);
    expect(answers[0]!.payload).toMatchObject({ show_alert: true });
    expect(String(answers[0]!.payload.text)).toMatch(/try again/);
    const replies = calls.filter(
      (c) => c.method === "sendMessage" && Number(c.payload.chat_id) === GROUP,
    );
    expect(replies.map((c) => String(c.payload.text))).toEqual([
      expect.stringMatching(/try again/),
    ]);
    expect(calls.filter((c) => /^editMessage/.test(c.method))).toEqual([]);

    away = false;
    expect((await h.service.getGame(gameId))!.version).toBe(version);
    await h.press(mover, board, button);
    await h.settle();
    expect((await h.service.getGame(gameId))!.version).toBeGreaterThan(version);
    expect(h.tg.problems()).toEqual([]);
  } finally {
    away = false;
    await h.close();
  }
});
