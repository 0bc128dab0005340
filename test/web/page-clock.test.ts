/**
 * A delay clock on the board page: its figures as the server writes them (a running clock at
 * a given time, a held one, a game without one), the page's count down from them, and the
 * figures over the API and the event stream of a clocked game.
 */
import { describe, expect } from "vitest";
import {
  type ClockState,
  defaultRules,
  holdClock,
  newGame,
  runClock,
  startClock,
  stopClock,
  type TimeControl,
  timeControl,
} from "../../src/engine/index.js";
import type { GameView } from "../../src/services/index.js";
import { clockAt, clockText, formatClock, stillRunning } from "../../src/web/page/clock.js";
import { pageClock } from "../../src/web/page-game.js";
import type { PageClock, PageGame } from "../../src/web/protocol.js";
import { groupGame, USERS, userById } from "../bot/harness.js";
import { it } from "./fixtures.js";

/** Short nardy's blitz, one game: 8 s a move, 20 s in reserve. */
const BLITZ = timeControl("blitz", "short", 1) as TimeControl & { kind: "delay" };
const T0 = 1_700_000_000_000;

type ClockGame = Parameters<typeof pageClock>[0];

/** A short game, White to roll, with `clock` on `control`. */
function game(clock: ClockState | null, more: Partial<ClockGame> = {}): ClockGame {
  return {
    timeControl: BLITZ,
    clock,
    status: "active",
    starting: false,
    state: newGame({ variant: "short", rules: defaultRules("short"), starter: "white" }),
    finishedAt: null,
    ...more,
  } as ClockGame;
}

describe("a clock's figures as the page gets them", () => {
  it("a running clock at a given time: its delay spent first, then its reserve", () => {
    const running = runClock(startClock(BLITZ), "white", T0);
    expect(pageClock(game(running), T0 + 3_000)).toEqual({
      delayMs: 8_000,
      reserveMs: { white: 20_000, black: 20_000 },
      turn: "white",
      delayLeftMs: 5_000,
      running: "white",
      now: T0 + 3_000,
    });
    expect(pageClock(game(running), T0 + 10_000)).toMatchObject({
      reserveMs: { white: 18_000, black: 20_000 },
      delayLeftMs: 0,
      running: "white",
    });
    // Past its flag: nothing below zero.
    expect(pageClock(game(running), T0 + 60_000)).toMatchObject({
      reserveMs: { white: 0, black: 20_000 },
      delayLeftMs: 0,
    });
    // Charged on a later turn: Black's reserve as its last turn left it.
    const later = runClock(
      stopClock(runClock(stopClock(running, T0 + 9_500), "black", T0 + 10_000), T0 + 21_000),
      "white",
      T0 + 22_000,
    );
    expect(pageClock(game(later), T0 + 23_000)).toMatchObject({
      reserveMs: { white: 18_500, black: 17_000 },
      turn: "white",
      delayLeftMs: 7_000,
      running: "white",
    });
  });

  it("a held clock: the turn's figures as it stopped, however late they are read; nothing runs", () => {
    const held = holdClock(runClock(startClock(BLITZ), "white", T0), T0 + 10_000);
    for (const now of [T0 + 10_000, T0 + 3_600_000])
      expect(pageClock(game(held), now)).toEqual({
        delayMs: 8_000,
        reserveMs: { white: 18_000, black: 20_000 },
        turn: "white",
        delayLeftMs: 0,
        running: null,
        now,
      });
  });

  it("a clock waiting for its side's buttons to be seen: that side's whole delay, nothing runs", () => {
    expect(pageClock(game(startClock(BLITZ)), T0)).toEqual({
      delayMs: 8_000,
      reserveMs: { white: 20_000, black: 20_000 },
      turn: "white",
      delayLeftMs: 8_000,
      running: null,
      now: T0,
    });
    // Before the first roll is shown, no side's turn yet.
    expect(pageClock(game(startClock(BLITZ), { starting: true }), T0)?.turn).toBeNull();
  });

  it("a finished game: its figures as it ended, no one's turn", () => {
    const flagged = stopClock(runClock(startClock(BLITZ), "white", T0), T0 + 28_000);
    expect(
      pageClock(game(flagged, { status: "finished", finishedAt: T0 + 28_000 }), T0 + 99_000),
    ).toMatchObject({ reserveMs: { white: 0, black: 20_000 }, turn: null, running: null });
    // A record left with time running (a broken game): read as at its end, not now.
    const broken = runClock(startClock(BLITZ), "white", T0);
    expect(
      pageClock(game(broken, { status: "broken", finishedAt: T0 + 12_000 }), T0 + 99_000),
    ).toMatchObject({ reserveMs: { white: 16_000, black: 20_000 }, turn: null, running: null });
  });

  it("no delay clock: none", () => {
    expect(pageClock(game(null, { timeControl: { kind: "none" } }), T0)).toBeNull();
    const day: TimeControl = { kind: "correspondence", moveMs: 86_400_000 };
    expect(pageClock(game(null, { timeControl: day }), T0)).toBeNull();
    expect(pageClock(game(null), T0)).toBeNull();
  });
});

describe("the page's count down", () => {
  const figures: PageClock = {
    delayMs: 8_000,
    reserveMs: { white: 20_000, black: 15_000 },
    turn: "white",
    delayLeftMs: 5_000,
    running: "white",
    now: T0,
  };

  it("spends the running side's delay, then its reserve, and stops at zero", () => {
    expect(clockAt(figures, 0).white).toEqual({
      delayMs: 5_000,
      reserveMs: 20_000,
      running: true,
      low: false,
    });
    expect(clockAt(figures, 4_200).white).toMatchObject({ delayMs: 800, reserveMs: 20_000 });
    expect(clockAt(figures, 7_000).white).toMatchObject({ delayMs: 0, reserveMs: 18_000 });
    // Ten seconds left in all: a warning.
    expect(clockAt(figures, 15_000).white).toMatchObject({ reserveMs: 10_000, low: true });
    expect(clockAt(figures, 60_000).white).toMatchObject({ delayMs: 0, reserveMs: 0, low: true });
    expect(stillRunning(figures, 24_999)).toBe(true);
    expect(stillRunning(figures, 25_000)).toBe(false);
    // The waiting side's time stands; it has no delay to show.
    for (const t of [0, 7_000, 60_000])
      expect(clockAt(figures, t).black).toEqual({
        delayMs: null,
        reserveMs: 15_000,
        running: false,
        low: false,
      });
    // A page's time that went back counts as none passed.
    expect(clockAt(figures, -500).white.delayMs).toBe(5_000);
  });

  it("a clock that waits or is held does not count down", () => {
    const held = { ...figures, running: null };
    expect(clockAt(held, 60_000).white).toEqual({
      delayMs: 5_000,
      reserveMs: 20_000,
      running: false,
      low: false,
    });
    expect(stillRunning(held, 0)).toBe(false);
  });

  it('shows "0:08 + 1:40" on the side to move, the reserve alone on the other', () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(-3)).toBe("0:00");
    // Rounded up: 0:00 only once nothing is left.
    expect(formatClock(1)).toBe("0:01");
    expect(formatClock(8_000)).toBe("0:08");
    expect(formatClock(100_000)).toBe("1:40");
    expect(formatClock(3_780_000)).toBe("63:00");
    const [white, black] = [clockAt(figures, 0).white, clockAt(figures, 0).black];
    expect(clockText(white)).toBe("0:05 + 0:20");
    expect(clockText(black)).toBe("0:15");
  });
});

describe("a clocked game over the page's API", () => {
  it("boots and streams with its clock's figures; a game without a clock has none", async ({
    harness,
    web,
  }) => {
    const h = await harness();
    const w = await web(h);
    const { gameId } = await groupGame(h, "/play short blitz");
    const view: GameView = (await h.service.getGame(gameId))!;
    // The board was posted in the chat: the side to move's time runs.
    const side = view.state.turn;
    expect(view.clock?.running).toBe(side);
    const before = Date.now();
    const boot = await w.as(userById(view.waitingFor!)).boot(gameId);
    const clock = boot.body.game.clock!;
    expect(clock).toMatchObject({ delayMs: 8_000, turn: side, running: side });
    expect(clock.reserveMs).toEqual({ white: 20_000, black: 20_000 });
    expect(clock.delayLeftMs).toBeLessThanOrEqual(8_000);
    expect(clock.delayLeftMs).toBeGreaterThan(0);
    expect(clock.now).toBeGreaterThanOrEqual(before);
    // A page coming back to the version it has still hears the clock as it is now.
    const stream = await w.as(USERS.carol).events(gameId, view.version);
    const e = await stream.next((x) => x.event === "game");
    expect(e.id).toBe(view.version);
    expect((e.data as PageGame).clock?.now).toBeGreaterThanOrEqual(clock.now);
    stream.close();
    const plain = await groupGame(h, "/play short", USERS.carol, USERS.taras);
    expect((await w.as(USERS.carol).boot(plain.gameId)).body.game.clock).toBeNull();
  });
});
