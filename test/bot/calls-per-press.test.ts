/**
 * No wasted calls: over whole games, every press costs its answer and, when it changed the
 * game, one board edit; a press that changes nothing (the second of a double tap, a press out
 * of turn, one on an older copy of the board) costs its answer only. (Inline games with
 * pictures, which also upload each new picture and delete the upload, are counted in
 * inline-game.test.ts.) `CALLS_DEBUG=1` prints the figures (docs/architecture.md quotes them).
 */
import type { User } from "grammy/types";
import { describe, expect } from "vitest";
import type { ApiCall, StoredMessage } from "../../bench/testkit/index.js";
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

const EDIT = /^editMessage/;

/** Calls by kind, over a number of presses. */
class Tally {
  presses = 0;
  readonly calls = new Map<string, number>();

  add(calls: readonly ApiCall[]): void {
    this.presses++;
    for (const c of calls) {
      const kind =
        c.method === "answerCallbackQuery" ? "answer" : EDIT.test(c.method) ? "edit" : c.method;
      this.calls.set(kind, (this.calls.get(kind) ?? 0) + 1);
    }
  }

  count(kind: string): number {
    return this.calls.get(kind) ?? 0;
  }

  perPress(...kinds: string[]): number {
    return kinds.reduce((a, k) => a + this.count(k), 0) / this.presses;
  }

  print(what: string): void {
    if (process.env.CALLS_DEBUG)
      console.log(what, this.presses, "presses", Object.fromEntries(this.calls));
  }
}

/** Presses `button` as `who` and returns the calls it made. */
async function pressCalls(harness: Harness, who: User, m: StoredMessage, data: string) {
  const from = harness.tg.calls.length;
  await harness.pressData(who, m, data);
  return harness.tg.calls.slice(from);
}

const dataOf = (b: ReturnType<typeof buttons>[number]) =>
  "callback_data" in b ? (b.callback_data ?? "") : "";

describe("calls per press over whole games in a group", () => {
  // Short nardy: every phase (the cube, its answer, resignation offers) besides moves. The
  // long game's presses are checked one by one in group-game.test.ts.
  for (const [variant, command] of [["short", "/play short"]] as const)
    it(`${variant} nardy: a move costs its answer and one edit; a press that changes nothing, its answer only`, async ({
      h,
    }) => {
      await h.send(USERS.alice, command);
      const challenge = h.lastMessage();
      await h.press(USERS.bob, challenge, buttonNamed(challenge, /Accept/));
      const board = h.lastMessage();
      const gameId = (await h.service.activeGames(GROUP, USERS.alice.id))[0]!.id;
      const moves = new Tally();
      const idle = new Tally();
      let older: StoredMessage | null = null;
      let seed = 11;
      for (let n = 0; ; n++) {
        const game = (await h.service.getGame(gameId))!;
        if (game.status !== "active") break;
        const mover = userById(game.waitingFor!);
        const other = mover.id === USERS.alice.id ? USERS.bob : USERS.alice;
        const live = h.tg.message(GROUP, board.messageId)!;
        const choices = buttons(live).filter((b) => !/Drop|Claim/.test(b.text));
        seed = (seed * 1103515245 + 12345) % 2147483648;
        const data = dataOf(choices[seed % choices.length]!);
        if (n % 7 === 3) idle.add(await pressCalls(h, other, live, data));
        if (n % 11 === 5 && older)
          idle.add(await pressCalls(h, mover, older, dataOf(buttons(older)[0]!)));
        // A copy as the board is now: older than the game once this round's move is made.
        if (n % 9 === 0) older = structuredClone(live);
        if (n % 5 === 0) {
          // A double tap: both presses arrive before either is handled.
          const from = h.tg.calls.length;
          await Promise.all([h.pressData(mover, live, data), h.pressData(mover, live, data)]);
          const calls = h.tg.calls.slice(from);
          const answers = calls.filter((c) => c.method === "answerCallbackQuery");
          expect(answers).toHaveLength(2);
          expect(calls.filter((c) => EDIT.test(c.method))).toHaveLength(1);
          // One press moved; the other changed nothing: its answer is all it may cost.
          moves.add(calls.filter((c) => c !== answers[1]));
          idle.add([answers[1]!]);
        } else moves.add(await pressCalls(h, mover, live, data));
      }
      moves.print(`${variant} moves`);
      idle.print(`${variant} presses that change nothing`);
      expect(moves.presses).toBeGreaterThan(40);
      expect(moves.count("answer")).toBe(moves.presses);
      expect(moves.count("edit")).toBeLessThanOrEqual(moves.presses);
      expect(moves.perPress("answer", "edit", "sendMessage", "sendPhoto")).toBeLessThanOrEqual(2);
      expect([...moves.calls.keys()].sort()).toEqual(["answer", "edit"]);
      expect(idle.presses).toBeGreaterThan(10);
      expect(Object.fromEntries(idle.calls)).toEqual({ answer: idle.presses });
      expect(h.tg.problems()).toEqual([]);
    }, 60_000);
});

describe("calls per press against the bot", () => {
  it("each press: its answer and its edit; each turn of the bot's, one edit of its own", async ({
    harness,
  }) => {
    // A pause before the bot's moves, as in production: its turn is an edit apart.
    const h = await harness({ computer: { delayMs: 5, level: "easy" } });
    await h.send(USERS.alice, "/play short bot");
    const board = await startAgainstBot(h);
    const tally = new Tally();
    let botTurns = 0;
    for (let n = 0; ; n++) {
      const game = (await h.service.activeGames(GROUP, USERS.alice.id))[0];
      if (!game) break;
      const live = h.tg.message(GROUP, board.messageId)!;
      const choices = buttons(live).filter((b) => !/Drop|Claim|Undo/.test(b.text));
      const calls = await pressCalls(h, USERS.alice, live, dataOf(choices[n % choices.length]!));
      const after = (await h.service.getGame(game.id))!;
      const botMoved = (await h.events(game.id)).some(
        (e) => e.seq > game.version && e.actorId !== null && e.actorId !== USERS.alice.id,
      );
      if (botMoved) botTurns++;
      expect(
        calls.filter((c) => EDIT.test(c.method)).length,
        `version ${after.version}`,
      ).toBeLessThanOrEqual(botMoved ? 2 : 1);
      tally.add(calls);
      if (n > 3000) throw new Error("the game does not end");
    }
    tally.print(`against the bot (${botTurns} of its turns)`);
    expect(tally.count("answer")).toBe(tally.presses);
    expect(botTurns).toBeGreaterThan(5);
    expect(tally.count("edit")).toBeLessThanOrEqual(tally.presses + botTurns);
    expect(h.tg.problems()).toEqual([]);
  }, 60_000);
});
