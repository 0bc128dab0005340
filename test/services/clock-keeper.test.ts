import { afterEach, describe, expect, vi } from "vitest";
import { remainingPlays } from "../../src/engine/index.js";
import { ClockKeeper } from "../../src/services/index.js";
import { it } from "./fixtures.js";
import { alice, bob, CHAT, harness, onPostgres, unwrap } from "./helpers.js";

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
  const pass = async (ms: number) => {
    h.clock.advance(ms);
    await vi.advanceTimersByTimeAsync(ms);
  };
  return { ...h, keeper, pass, lows };
}

async function blitzGame(r: ReturnType<typeof rig>) {
  const c = unwrap(
    await r.svc.createChallenge({
      challenger: alice,
      chat: CHAT,
      variant: "short",
      timeControl: "blitz",
    }),
  );
  const g = unwrap(await r.svc.acceptChallenge(c.id, bob)).game;
  await r.svc.clockSeen(g.id, g.version);
  return g;
}

describe("the clock keeper", () => {
  it("flags a silent player at the deadline with nobody pressing", async () => {
    const r = rig("keeper-flag");
    await r.keeper.start();
    const g = await blitzGame(r);
    // Short nardy's blitz: 8 s free and 20 s of reserve.
    await r.pass(28_000 - 1);
    expect((await r.svc.getGame(g.id))!.status).toBe("active");
    await r.pass(1);
    const over = (await r.svc.getGame(g.id))!;
    expect(over.status).toBe("finished");
    expect(over.state.result).toMatchObject({ reason: "time" });
    r.keeper.stop();
  });

  it("tells once, ten seconds before the flag, that the running side is nearly out", async () => {
    const r = rig("keeper-low");
    await r.keeper.start();
    const g = await blitzGame(r);
    const start = r.clock.now();
    // 28 s in all (8 s free, 20 s of reserve): told at 18 s, not a millisecond before.
    await r.pass(18_000 - 1);
    expect(r.lows).toEqual([]);
    await r.pass(1);
    expect(r.lows).toEqual([{ id: g.id, at: start + 18_000 }]);
    await r.pass(9_999);
    expect(r.lows).toHaveLength(1);
    expect((await r.svc.getGame(g.id))!.status).toBe("active");
    await r.pass(1);
    expect((await r.svc.getGame(g.id))!.status).toBe("finished");
    expect(r.lows).toHaveLength(1);
    r.keeper.stop();
  });

  it("marks the running clocks each second, so a restart charges nothing of the stop", async () => {
    const r = rig("keeper-mark");
    await r.keeper.start();
    const g = await blitzGame(r);
    await r.pass(5_000);
    r.keeper.stop();
    // Down for a minute: the next keeper resumes from the last mark, not from the press.
    r.clock.advance(60_000);
    const next = new ClockKeeper(r.svc, r.clock.now, failed);
    await next.start();
    const resumed = (await r.svc.getGame(g.id))!;
    expect(resumed.flagAt).toBe(r.clock.now() + 23_000);
    await r.pass(23_000);
    expect((await r.svc.getGame(g.id))!.status).toBe("finished");
    next.stop();
  });

  // Counts every fake timer: PGlite's own would count among the keeper's.
  it.skipIf(onPostgres())("forgets a deadline once the turn is played", async () => {
    const r = rig("keeper-played");
    await r.keeper.start();
    const g = await blitzGame(r);
    const play = remainingPlays(g.state)[0]!;
    const steps = play.steps.map((x) => ({ from: x.from, to: x.to, die: x.die }));
    unwrap(await r.svc.act(g.id, g.waitingFor!, { type: "play", steps }, g.version));
    // The next side's buttons are not seen yet: no deadline, no timer, no marks.
    await r.pass(60_000);
    expect((await r.svc.getGame(g.id))!.status).toBe("active");
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("the clock keeper on a failing database", () => {
  it("tells of a failed flag and keeps running", async () => {
    vi.useFakeTimers();
    const h = harness({}, "keeper-fails");
    const errors: unknown[] = [];
    const games = {
      runningClocks: async () => [{ id: 7, flagAt: h.clock.now() + 1_000 }],
      flag: async () => {
        throw new Error("database is locked");
      },
      clockLow: async () => {},
      markClocks: async () => {},
      resumeClocks: async () => [],
    };
    const keeper = new ClockKeeper(games, h.clock.now, (err) => errors.push(err));
    await keeper.start();
    h.clock.advance(1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(errors.map((e) => (e as Error).message)).toEqual(["database is locked"]);
    keeper.stop();
  });
});
