/**
 * A damaged game is contained: a game whose stored state does not parse as a game state, or
 * whose event log does not replay, is marked broken with one log line, its board says so
 * once, its players can start a new game, and every other game goes on.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { User } from "grammy/types";
import { describe, expect } from "vitest";
import type { StoredMessage } from "../../bench/testkit/index.js";
import { createLogger } from "../../src/log.js";
import { auditActiveGames } from "../../src/services/index.js";
import { it, type MakeHarness } from "./fixtures.js";
import { buttonNamed, buttons, GROUP, type Harness, USERS, userById } from "./harness.js";

const HOUR = 3_600_000;

/** A harness whose log lines (warn and up) the test reads. */
async function harness(
  make: MakeHarness,
  opts: { path?: string; now?: () => number; tg?: Harness["tg"] } = {},
) {
  const lines: string[] = [];
  const logger = createLogger("warn", { write: (line: string) => void lines.push(line) });
  const h = await make({ ...opts, logger });
  const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { h, logged };
}

/** `challenger` challenges, `accepter` accepts, in the group; returns the board. */
async function startGame(h: Harness, challenger: typeof USERS.alice, accepter: typeof USERS.bob) {
  await h.send(challenger, "/play");
  const challenge = h.lastMessage();
  await h.press(accepter, challenge, buttonNamed(challenge, /Accept/));
  const board = h.lastMessage();
  expect(board.photo).not.toBeNull();
  return board;
}

const gameIdOf = (board: StoredMessage) =>
  Number(/^g:(\d+):/.exec((buttons(board)[0] as { callback_data: string }).callback_data)?.[1]);
const live = (h: Harness, board: StoredMessage) => h.tg.message(GROUP, board.messageId)!;

const moverOf = async (h: Harness, board: StoredMessage) =>
  userById((await h.service.getGame(gameIdOf(board)))!.waitingFor!);

/** `who` presses the first button of the board (by default, the player the game waits for). */
async function pressOn(h: Harness, board: StoredMessage, by?: User) {
  const who = by ?? (await moverOf(h, board));
  const before = h.tg.calls.length;
  await h.press(who, board, buttons(board)[0]!);
  return h.tg.calls.slice(before);
}

const damage = {
  "state text that is not JSON": (h: Harness, id: number) =>
    h.database.sqlite.prepare('update games set state = \'{"variant":"lo\' where id = ?').run(id),
  "a state with a checker missing": (h: Harness, id: number) => {
    const state = JSON.parse(
      h.database.sqlite.prepare("select state from games where id = ?").pluck().get(id) as string,
    );
    state.board.white[24] -= 1;
    h.database.sqlite
      .prepare("update games set state = ? where id = ?")
      .run(JSON.stringify(state), id);
  },
};

describe("a game whose stored state is damaged", () => {
  for (const [what, spoil] of Object.entries(damage))
    it(`${what}: the press says so, the board once, one log line; its players play again; the other game goes on`, async ({
      harness: make,
    }) => {
      const { h, logged } = await harness(make);
      const first = await startGame(h, USERS.alice, USERS.bob);
      const other = await startGame(h, USERS.carol, USERS.bob);
      const id = gameIdOf(first);
      const mover = await moverOf(h, first);
      const data = (buttons(first)[0] as { callback_data: string }).callback_data;
      spoil(h, id);

      const calls = await pressOn(h, first, mover);
      const answer = calls.find((c) => c.method === "answerCallbackQuery")!;
      expect(answer.payload.show_alert).toBe(true);
      expect(String(answer.payload.text)).toMatch(/damaged, so it cannot go on/);
      const board = live(h, first);
      expect(board.keyboard).toEqual([]);
      // Who plays (white first, as the lot gave it), which game, and that it is damaged.
      expect(board.caption).toMatch(/(Alice.*Bob|Bob.*Alice)[\s\S]*#\d+[\s\S]*damaged/);
      expect((await h.service.getGame(id))!.status).toBe("broken");

      // Pressed again (an old copy of the buttons): the same answer, and nothing is edited.
      const again = h.tg.calls.length;
      await h.pressData(USERS.alice, first, data);
      expect(h.tg.calls.slice(again).map((c) => c.method)).toEqual(["answerCallbackQuery"]);

      const errors = logged().filter((l) => l.level === "error");
      expect(errors).toEqual([
        expect.objectContaining({ gameId: id, msg: expect.stringMatching(/marked broken/) }),
      ]);

      // The other game plays on; Alice and Bob are free to start a new one.
      const version = (await h.service.getGame(gameIdOf(other)))!.version;
      await pressOn(h, other);
      expect((await h.service.getGame(gameIdOf(other)))!.version).toBeGreaterThan(version);
      const fresh = await startGame(h, USERS.alice, USERS.bob);
      expect(gameIdOf(fresh)).not.toBe(id);
      expect((await h.service.getGame(gameIdOf(fresh)))!.status).toBe("active");
      expect(h.tg.problems()).toEqual([]);
    });

  it("does not stop the minute's work for the other games: reminders go out, the broken board says so", async ({
    harness: make,
  }) => {
    let now = Date.now();
    const { h, logged } = await harness(make, { now: () => now });
    const first = await startGame(h, USERS.alice, USERS.bob);
    const other = await startGame(h, USERS.carol, USERS.bob);
    damage["state text that is not JSON"](h, gameIdOf(first));
    now += 25 * HOUR;
    const before = h.tg.calls.length;
    await h.tick(now);
    const sent = h.tg.calls.slice(before);
    // One reminder, for the whole game only; the broken game's board says it is damaged.
    const reminders = sent.filter((c) => c.method === "sendMessage");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.payload.reply_parameters).toMatchObject({ message_id: other.messageId });
    expect(live(h, first).caption).toMatch(/damaged/);
    expect(logged().filter((l) => l.level === "error")).toHaveLength(1);
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("a game whose event log does not replay", () => {
  it("is found by the start-up check before anyone presses; the other game is left alone", async ({
    harness: make,
  }) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "nardy-broken-")), "bot.sqlite");
    const first = await harness(make, { path: file });
    const board = await startGame(first.h, USERS.alice, USERS.bob);
    const other = await startGame(first.h, USERS.carol, USERS.bob);
    await pressOn(first.h, board);
    const id = gameIdOf(board);
    // One event of the log says another die was rolled: the log replays to another state.
    first.h.database.sqlite
      .prepare(
        "update game_events set payload = json_set(payload, '$.dice', json('[6,6]')) where game_id = ? and type = 'roll'",
      )
      .run(id);
    const tg = first.h.tg;
    await first.h.close();

    // The next process, on the same file and the same chats.
    const { h, logged } = await harness(make, { path: file, tg });
    expect(await auditActiveGames(h.service)).toEqual({ checked: 2, broken: 1 });
    await h.settle();
    expect((await h.service.getGame(id))!.status).toBe("broken");
    expect(live(h, board).caption).toMatch(/damaged/);
    expect(live(h, board).keyboard).toEqual([]);
    expect((await h.service.getGame(gameIdOf(other)))!.status).toBe("active");
    expect(buttons(live(h, other)).length).toBeGreaterThan(0);
    expect(logged().filter((l) => l.level === "error")).toEqual([
      expect.objectContaining({ gameId: id, reason: expect.stringMatching(/^log: /) }),
    ]);
    // Nothing more at the next tick: the notice is recorded as shown.
    const calls = h.tg.calls.length;
    await h.tick();
    expect(h.tg.calls.slice(calls)).toEqual([]);
    expect(h.tg.problems()).toEqual([]);
  });
});
