import { afterEach, describe, expect, vi } from "vitest";
import { remainingPlays } from "../../src/engine/index.js";
import { ClockKeeper } from "../../src/services/index.js";
import { it } from "./fixtures.js";
import { alice, bob, CHAT, harness, unwrap } from "./helpers.js";

afterEach(() => {
  vi.useRealTimers();
});

const failed = (err: unknown) => {
  throw err;
};

/** A harness whose service clock and timers move together. */
function rig(label: string) {
  vi.useFakeTimers();
  const h = harness({}, label);
  const keeper = new ClockKeeper(h.svc, h.clock.now, failed);
  /** When each "clock-low" was told, by game. */
  const lows: { id: number; at: number }[] = [];
  h.svc.follow((game, happened) => {
    if (happened.includes("clock-low")) lows.push({ id: game.id, at: h.clock.now() });
    keeper.notice(game);
  });
  const pass = (ms: number) => {
    h.clock.advance(ms);
    vi.advanceTimersByTime(ms);
  };
  return { ...h, keeper, pass, lows };
}

function blitzGame(r: ReturnType<typeof rig>) {
  const c = unwrap(
    r.svc.createChallenge({
      challenger: alice,
      chat: CHAT,
      variant: "short",
      timeControl: "blitz",
    }),
  );
  const g = unwrap(r.svc.acceptChallenge(c.id, bob)).game;
  r.svc.clockSeen(g.id, g.version);
  return g;
}

describe("the clock keeper", () => {
  it("flags a silent player at the deadline with nobody pressing", () => {
    const r = rig("keeper-flag");
    r.keeper.start();
    const g = blitzGame(r);
    // Short nardy's blitz: 8 s free and 20 s of reserve.
    r.pass(28_000 - 1);
    expect(r.svc.getGame(g.id)!.status).toBe("active");
    r.pass(1);
    const over = r.svc.getGame(g.id)!;
    expect(over.status).toBe("finished");
    expect(over.state.result).toMatchObject({ reason: "time" });
    r.keeper.stop();
  });

  it("tells once, ten seconds before the flag, that the running side is nearly out", () => {
    const r = rig("keeper-low");
    r.keeper.start();
    const g = blitzGame(r);
    const start = r.clock.now();
    // 28 s in all (8 s free, 20 s of reserve): told at 18 s, not a millisecond before.
    r.pass(18_000 - 1);
    expect(r.lows).toEqual([]);
    r.pass(1);
    expect(r.lows).toEqual([{ id: g.id, at: start + 18_000 }]);
    r.pass(9_999);
    expect(r.lows).toHaveLength(1);
    expect(r.svc.getGame(g.id)!.status).toBe("active");
    r.pass(1);
    expect(r.svc.getGame(g.id)!.status).toBe("finished");
    expect(r.lows).toHaveLength(1);
    r.keeper.stop();
  });

  it("marks the running clocks each second, so a restart charges nothing of the stop", () => {
    const r = rig("keeper-mark");
    r.keeper.start();
    const g = blitzGame(r);
    r.pass(5_000);
    r.keeper.stop();
    // Down for a minute: the next keeper resumes from the last mark, not from the press.
    r.clock.advance(60_000);
    const next = new ClockKeeper(r.svc, r.clock.now, failed);
    next.start();
    const resumed = r.svc.getGame(g.id)!;
    expect(resumed.flagAt).toBe(r.clock.now() + 23_000);
    r.pass(23_000);
    expect(r.svc.getGame(g.id)!.status).toBe("finished");
    next.stop();
  });

  it("forgets a deadline once the turn is played", () => {
    const r = rig("keeper-played");
    r.keeper.start();
    const g = blitzGame(r);
    const play = remainingPlays(g.state)[0]!;
    const steps = play.steps.map((x) => ({ from: x.from, to: x.to, die: x.die }));
    unwrap(r.svc.act(g.id, g.waitingFor!, { type: "play", steps }, g.version));
    // The next side's buttons are not seen yet: no deadline, no timer, no marks.
    r.pass(60_000);
    expect(r.svc.getGame(g.id)!.status).toBe("active");
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("the clock keeper on a failing database", () => {
  it("tells of a failed flag and keeps running", () => {
    vi.useFakeTimers();
    const h = harness({}, "keeper-fails");
    const errors: unknown[] = [];
    const games = {
      runningClocks: () => [{ id: 7, flagAt: h.clock.now() + 1_000 }],
      flag: () => {
        throw new Error("database is locked");
      },
      clockLow: () => {},
      markClocks: () => {},
      resumeClocks: () => [],
    };
    const keeper = new ClockKeeper(games, h.clock.now, (err) => errors.push(err));
    keeper.start();
    h.clock.advance(1_000);
    vi.advanceTimersByTime(1_000);
    expect(errors.map((e) => (e as Error).message)).toEqual(["database is locked"]);
    keeper.stop();
  });
});
