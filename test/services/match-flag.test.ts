import { describe, expect } from "vitest";
import { act } from "../../src/engine/index.js";
import type { GameService, GameView, PlayerRef } from "../../src/services/index.js";
import { it } from "./fixtures.js";
import { alice, bob, CHAT, errorCode, harness, unwrap } from "./helpers.js";

const points = (to: number) => ({ match: { kind: "points", to } });

async function clockedGame(
  svc: GameService,
  variant: "long" | "short",
  rules?: unknown,
  timeControl = "blitz" as const,
): Promise<GameView> {
  const c = unwrap(
    await svc.createChallenge({ challenger: alice, chat: CHAT, variant, rules, timeControl }),
  );
  return unwrap(await svc.acceptChallenge(c.id, bob)).game;
}

/** `who` gives up a single (short nardy; long nardy's /resign scores the position). */
async function resign(svc: GameService, g: GameView, who: PlayerRef) {
  const kind = g.variant === "short" ? "single" : undefined;
  const r = unwrap(await svc.act(g.id, who.id, { type: "resign", kind }, g.version));
  if (r.finished) return r.finished;
  const other = who.id === g.white.id ? g.black.id : g.white.id;
  return unwrap(await svc.act(g.id, other, { type: "accept-resign" }, r.game.version)).finished!;
}

/** The side to move's buttons are seen, and its time runs out. */
async function flagged(svc: GameService, clock: { t: number }, g: GameView) {
  expect(await svc.clockSeen(g.id, g.version)).toBe(true);
  clock.t = (await svc.getGame(g.id))!.flagAt!;
  const r = await svc.flag(g.id);
  if (!r) throw new Error("no flag");
  return r;
}

/** What the flagged side would lose by the position alone (the engine's flag, no minimum). */
function positionValue(g: GameView): number {
  const side = g.waitingFor === g.white.id ? "white" : "black";
  const r = act(g.state, side, { type: "flag" });
  if (!r.ok || !r.state.result) throw new Error("no flag");
  return r.state.result.points;
}

const opponentOf = (g: GameView): number => (g.waitingFor === g.white.id ? g.black.id : g.white.id);

describe("a flag in a match to N points", () => {
  it("loses the whole match: 5-0 from 0-0, and no next game starts", async () => {
    const { svc, clock } = harness({}, "match-flag-0-0");
    const g = await clockedGame(svc, "short", points(5));
    const winner = opponentOf(g);
    const value = positionValue(g);
    expect(value).toBe(3); // a backgammon as the position stands
    const r = await flagged(svc, clock, g);
    expect(r.game.state.result).toMatchObject({ reason: "time", points: 5, kind: "backgammon" });
    expect(r.game.winnerId).toBe(winner);
    expect(r.game.points).toBe(5);
    const f = r.finished!;
    expect(f.winnerId).toBe(winner);
    expect(f.series.over).toBe(true);
    const seat = f.series.players[0].id === winner ? 0 : 1;
    expect(f.series.state.winner).toBe(seat);
    expect(f.series.state.scores[seat]).toBe(5);
    expect(f.series.state.scores[seat === 0 ? 1 : 0]).toBe(0);
    expect(f.series.nextStarter).toBeNull();
    expect(r.game.final).toMatchObject({ over: true });
    expect(r.game.nextDiceCommitment).toBeNull();
    expect((await svc.chatSeries(CHAT.id)).find((s) => s.id === g.seriesId)?.over).toBe(true);
    expect(errorCode(await svc.rematch(g.id, alice))).toBe("series-over");
    // The event carries the minimum, so the game replays to its result (the fixture checks).
    expect(r.events.map((e) => e.payload)).toEqual([
      expect.objectContaining({ action: { type: "flag", atLeast: 5 } }),
    ]);
  });

  it("at 2-3 the opponent reaches 5 at least, never less than the position's value", async () => {
    const { svc, clock } = harness({}, "match-flag-2-3");
    let g = await clockedGame(svc, "short", points(5));
    // Bob, Alice, Bob, Alice, Bob: 2-3.
    for (const loser of [alice, bob, alice, bob, alice]) {
      await resign(svc, g, loser);
      g = unwrap(await svc.rematch(g.id, loser)).game;
    }
    const before = (await svc.chatSeries(CHAT.id)).find((s) => s.id === g.seriesId)!;
    const [a, b] = before.players.map((p) => p.id);
    const score = (id: number) => before.state.scores[id === a ? 0 : 1];
    expect([score(alice.id), score(bob.id)]).toEqual([2, 3]);
    expect(a === alice.id || b === alice.id).toBe(true);

    const winner = opponentOf(g);
    const lacking = 5 - score(winner);
    const value = positionValue(g);
    const r = await flagged(svc, clock, g);
    expect(r.game.points).toBe(Math.max(value, lacking));
    expect(r.game.points).toBeGreaterThanOrEqual(value);
    const f = r.finished!;
    expect(f.winnerId).toBe(winner);
    expect(f.series.over).toBe(true);
    const seat = f.series.players[0].id === winner ? 0 : 1;
    expect(f.series.state.scores[seat]).toBeGreaterThanOrEqual(5);
    expect(f.series.state.winner).toBe(seat);
    expect(errorCode(await svc.rematch(g.id, bob))).toBe("series-over");
  });

  it("costs the position's value when that is more than the opponent lacks", async () => {
    const { svc, clock } = harness({}, "match-flag-short");
    const g = await clockedGame(svc, "short", points(2));
    const r = await flagged(svc, clock, g);
    // A backgammon (3) where 2 would end the match: the position's value stands.
    expect(r.game.state.result).toMatchObject({ kind: "backgammon", points: 3 });
    expect(r.finished!.series.over).toBe(true);
  });

  it("in long nardy ends the match too", async () => {
    const { svc, clock } = harness({}, "match-flag-long");
    const g = await clockedGame(svc, "long", points(5));
    const r = await flagged(svc, clock, g);
    expect(r.game.points).toBe(5);
    expect(r.game.points).toBeGreaterThanOrEqual(positionValue(g));
    expect(r.finished!.series.over).toBe(true);
    expect(r.finished!.winnerId).toBe(opponentOf(g));
  });
});

describe("a flag elsewhere costs that game only", () => {
  it("in a running series: the game scored as the position, and the next game goes on", async () => {
    const { svc, clock } = harness({}, "match-flag-running");
    const g = await clockedGame(svc, "short");
    expect(g.rules.match).toEqual({ kind: "running" });
    const value = positionValue(g);
    const r = await flagged(svc, clock, g);
    expect(r.game.points).toBe(value);
    expect(r.events.map((e) => e.payload)).toEqual([
      expect.objectContaining({ action: { type: "flag" } }),
    ]);
    const f = r.finished!;
    expect(f.series.over).toBe(false);
    expect(r.game.final).toMatchObject({ over: false });
    expect(r.game.nextDiceCommitment).not.toBeNull();
    const next = unwrap(await svc.rematch(g.id, alice)).game;
    expect(next.status).toBe("active");
    expect(next.seriesId).toBe(g.seriesId);
  });

  it("in a set of games: that game, scored as the position, and the set goes on", async () => {
    const { svc, clock } = harness({}, "match-flag-games");
    const g = await clockedGame(svc, "short", { match: { kind: "games", count: 3 } });
    const value = positionValue(g);
    const r = await flagged(svc, clock, g);
    expect(r.game.points).toBe(value);
    expect(r.finished!.series.over).toBe(false);
    expect(unwrap(await svc.rematch(g.id, bob)).game.seriesId).toBe(g.seriesId);
  });
});
