import { describe, expect } from "vitest";
import { remainingPlays } from "../../src/engine/index.js";
import { clockAfter } from "../../src/services/clocks.js";
import type { GameService, GameView } from "../../src/services/index.js";
import { it } from "./fixtures.js";
import { alice, bob, CHAT, harness, unwrap } from "./helpers.js";

async function clockedGame(svc: GameService, variant: "long" | "short", clock = "blitz" as const) {
  const c = unwrap(
    await svc.createChallenge({ challenger: alice, chat: CHAT, variant, timeControl: clock }),
  );
  return unwrap(await svc.acceptChallenge(c.id, bob)).game;
}

/** The mover's whole turn in one press. */
async function playTurn(svc: GameService, g: GameView): Promise<GameView> {
  const play = remainingPlays(g.state)[0]!;
  const steps = play.steps.map((s) => ({ from: s.from, to: s.to, die: s.die }));
  return unwrap(await svc.act(g.id, g.waitingFor!, { type: "play", steps }, g.version)).game;
}

const SECOND = 1000;

describe("clocks", () => {
  it("runs from the buttons' delivery, and charges a turn only its time past the delay", async () => {
    const { svc, clock } = harness({}, "clock-charge");
    const g = await clockedGame(svc, "short");
    expect(g.timeControl).toMatchObject({ kind: "delay", delayMs: 8 * SECOND });
    // The state changed, but nobody could see the buttons yet: nothing runs.
    expect(g.clock).toMatchObject({ running: null, reserveMs: { white: 20_000, black: 20_000 } });
    clock.advance(30 * SECOND);
    expect(await svc.clockSeen(g.id, g.version - 1)).toBe(false);
    expect(await svc.clockSeen(g.id, g.version)).toBe(true);
    // Seen twice (the page and the chat): it runs from the first.
    clock.advance(2 * SECOND);
    expect(await svc.clockSeen(g.id, g.version)).toBe(false);
    const seen = (await svc.getGame(g.id))!;
    const side = seen.state.turn;
    expect(seen.flagAt).toBe(clock.now() - 2 * SECOND + 8 * SECOND + 20 * SECOND);
    clock.advance(10 * SECOND);
    const after = await playTurn(svc, seen);
    // 12 s used, 8 s free: 4 s charged; the next side waits for its own buttons.
    expect(after.clock?.reserveMs[side]).toBe(16 * SECOND);
    expect(after.clock?.running).toBeNull();
    expect(after.flagAt).toBeNull();
  });

  it("a step holds the clock until the next buttons are delivered: the wait between is not charged", async () => {
    const { svc, clock } = harness({}, "clock-step-hold");
    const g = await clockedGame(svc, "short");
    await svc.clockSeen(g.id, g.version);
    const side = g.state.turn;
    clock.advance(3 * SECOND);
    const [first, second] = remainingPlays(g.state)[0]!.steps;
    const stepped = unwrap(
      await svc.act(g.id, g.waitingFor!, { type: "step", ...first! }, g.version),
    ).game;
    // Held at the step, its 3 s kept; no deadline while the next buttons are on their way.
    expect(stepped.clock).toMatchObject({ running: side, runningSince: null, spentMs: 3 * SECOND });
    expect(stepped.flagAt).toBeNull();
    // The group's budget holds the edit 15 s: none of it is the player's.
    clock.advance(15 * SECOND);
    expect(await svc.clockSeen(stepped.id, stepped.version)).toBe(true);
    const resumed = (await svc.getGame(g.id))!;
    expect(resumed.flagAt).toBe(clock.now() + 8 * SECOND + 20 * SECOND - 3 * SECOND);
    clock.advance(7 * SECOND);
    const done = unwrap(
      await svc.act(g.id, g.waitingFor!, { type: "step", ...second! }, resumed.version),
    ).game;
    // 3 + 7 = 10 s used, 8 free: 2 s charged, not the 15 s of waiting.
    expect(done.clock?.reserveMs[side]).toBe(18 * SECOND);
  });

  it("a clock held for buttons that never came runs again after two minutes, from then", async () => {
    const { svc, clock } = harness({}, "clock-stalled");
    const g = await clockedGame(svc, "short");
    await svc.clockSeen(g.id, g.version);
    clock.advance(3 * SECOND);
    const [first] = remainingPlays(g.state)[0]!.steps;
    const stepped = unwrap(
      await svc.act(g.id, g.waitingFor!, { type: "step", ...first! }, g.version),
    ).game;
    expect(stepped.flagAt).toBeNull();
    // Its board is lost on the way: no delivery resumes it.
    clock.advance(120 * SECOND - 1);
    expect(await svc.resumeStalledClocks()).toEqual([]);
    clock.advance(1);
    expect(await svc.resumeStalledClocks()).toEqual([g.id]);
    const resumed = (await svc.getGame(g.id))!;
    expect(resumed.clock).toMatchObject({ runningSince: clock.now(), spentMs: 3 * SECOND });
    expect(resumed.flagAt).toBe(clock.now() + 8 * SECOND + 20 * SECOND - 3 * SECOND);
    // A running clock is left alone.
    expect(await svc.resumeStalledClocks()).toEqual([]);
  });

  it("a side acting again in a new turn (the opponent's was played for them) is charged for the first", async () => {
    const g = await clockedGame(harness({}, "clock-new-turn").svc, "short");
    const side = g.state.turn;
    const running = { ...g.clock!, running: side, runningSince: 0, spentMs: 0 };
    const again = { ...g.state, turnNumber: g.state.turnNumber + 2 };
    // 11 s into its turn: 3 s past the delay, charged; the new turn waits for its buttons.
    expect(clockAfter(running, g.state, again, 11 * SECOND)).toMatchObject({
      running: null,
      runningSince: null,
      reserveMs: { [side]: 17 * SECOND },
    });
    // The same turn goes on: held, its time kept.
    expect(clockAfter(running, g.state, g.state, 11 * SECOND)).toMatchObject({
      running: side,
      runningSince: null,
      spentMs: 11 * SECOND,
    });
  });

  it("flags once at the deadline, scored as the position stands; a later press is refused", async () => {
    const { svc, clock } = harness({}, "clock-flag");
    const g = await clockedGame(svc, "short");
    await svc.clockSeen(g.id, g.version);
    clock.advance(28 * SECOND - 1);
    expect(await svc.flag(g.id)).toBeNull();
    clock.advance(1);
    const mover = g.waitingFor!;
    const r = (await svc.flag(g.id))!;
    expect(r.game.status).toBe("finished");
    // At the start the loser has none off and two checkers in the winner's home: a backgammon.
    expect(r.game.state.result).toMatchObject({ reason: "time", kind: "backgammon", points: 3 });
    expect(r.game.winnerId).not.toBe(mover);
    expect(r.events.map((e) => [e.type, e.actorId])).toEqual([["flag", null]]);
    expect(await svc.flag(g.id)).toBeNull();
  });

  it("takes a flag from no player's press", async () => {
    const { svc } = harness({}, "clock-forged");
    const g = await clockedGame(svc, "short");
    const forged = await svc.act(g.id, g.waitingFor!, { type: "flag" }, g.version);
    expect(forged).toMatchObject({ ok: false, error: { code: "bad-input" } });
    expect((await svc.getGame(g.id))!.status).toBe("active");
  });

  it("refuses a press that comes after the deadline, and the flag falls", async () => {
    const { svc, clock } = harness({}, "clock-late");
    const g = await clockedGame(svc, "short");
    await svc.clockSeen(g.id, g.version);
    clock.advance(29 * SECOND);
    const play = remainingPlays(g.state)[0]!;
    const steps = play.steps.map((s) => ({ from: s.from, to: s.to, die: s.die }));
    const r = await svc.act(g.id, g.waitingFor!, { type: "play", steps }, g.version);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.game?.state.result?.reason).toBe("time");
  });

  it("in long nardy a flag costs what /resign would", async () => {
    const { svc, clock } = harness({}, "clock-long");
    const flagged = await clockedGame(svc, "long");
    await svc.clockSeen(flagged.id, flagged.version);
    clock.advance(80 * SECOND);
    const byFlag = (await svc.flag(flagged.id))!.game.state.result!;
    const c = unwrap(
      await svc.createChallenge({ challenger: alice, chat: { id: -7 }, variant: "long" }),
    );
    const resigned = unwrap(await svc.acceptChallenge(c.id, bob)).game;
    const r = unwrap(
      await svc.act(resigned.id, resigned.waitingFor!, { type: "resign" }, resigned.version),
    );
    expect(byFlag).toMatchObject({
      kind: r.game.state.result!.kind,
      points: r.game.state.result!.points,
    });
    expect(byFlag.points).toBeGreaterThanOrEqual(1);
  });

  it("a restart charges the running turn up to the last mark, never the downtime", async () => {
    const { svc, clock } = harness({}, "clock-restart");
    const g = await clockedGame(svc, "short");
    await svc.clockSeen(g.id, g.version);
    const deadline = (await svc.getGame(g.id))!.flagAt!;
    clock.advance(5 * SECOND);
    await svc.markClocks();
    // Down for a minute and a half.
    clock.advance(90 * SECOND);
    expect(await svc.resumeClocks()).toEqual([g.id]);
    expect((await svc.getGame(g.id))!.flagAt).toBe(deadline + 90 * SECOND);
    expect(await svc.flag(g.id)).toBeNull();
  });

  it("a game without a clock, and an unknown control, as before", async () => {
    const { svc } = harness({}, "clock-none");
    const c = unwrap(
      await svc.createChallenge({ challenger: alice, chat: CHAT, variant: "short" }),
    );
    const g = unwrap(await svc.acceptChallenge(c.id, bob)).game;
    expect(g.timeControl).toEqual({ kind: "none" });
    expect(await svc.clockSeen(g.id, g.version)).toBe(false);
    expect(
      await svc.createChallenge({
        challenger: alice,
        chat: CHAT,
        variant: "short",
        timeControl: "lightning" as never,
      }),
    ).toMatchObject({ ok: false, error: { code: "bad-input" } });
  });
});
