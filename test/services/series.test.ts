import { describe, expect } from "vitest";
import type { GameService, GameView, PlayerRef } from "../../src/services/index.js";
import { it } from "./fixtures.js";
import { alice, bob, CHAT, carol, errorCode, harness, unwrap } from "./helpers.js";

const TO_3 = { scoring: "oin", cube: true, match: { kind: "points", to: 3 } };

async function challenge(
  svc: GameService,
  variant: "long" | "short",
  rules?: unknown,
): Promise<GameView> {
  const c = unwrap(await svc.createChallenge({ challenger: alice, chat: CHAT, variant, rules }));
  return unwrap(await svc.acceptChallenge(c.id, bob)).game;
}

/** `who` gives up; short nardy offers a single and the opponent accepts. */
async function resign(svc: GameService, g: GameView, who: PlayerRef) {
  const kind = g.variant === "short" ? "single" : undefined;
  const r = unwrap(await svc.act(g.id, who.id, { type: "resign", kind }, g.version));
  if (r.finished) return r;
  const other = who.id === g.white.id ? g.black.id : g.white.id;
  return unwrap(await svc.act(g.id, other, { type: "accept-resign" }, r.game.version));
}

const colorOf = (g: GameView, p: PlayerRef) => (g.white.id === p.id ? "white" : "black");

describe("series", () => {
  it("scores games, plays the Crawford game and ends a match, with ratings and leaderboard", async () => {
    const { svc } = harness({}, "series-match");
    const g1 = await challenge(svc, "long", TO_3);
    const f1 = (await resign(svc, g1, alice)).finished!;
    expect(f1.winnerId).toBe(bob.id);
    expect(f1.series.players.map((p) => p.id)).toEqual([alice.id, bob.id]);
    expect(f1.series.state).toMatchObject({ scores: [0, 1], wins: [0, 1], games: 1 });
    expect(f1.ratings).toContainEqual({ userId: bob.id, before: 1500, after: 1516 });
    expect(f1.ratings).toContainEqual({ userId: alice.id, before: 1500, after: 1484 });
    expect(f1.series.nextStarter).toBe(alice.id); // long nardy: the loser starts

    const g2 = unwrap(await svc.rematch(g1.id, bob)).game;
    expect(g2.previousGameId).toBe(g1.id);
    expect(g2.opening).toBeNull();
    expect(g2.white.id).toBe(alice.id); // the starter takes white
    expect(g2.state.starter).toBe("white");
    expect(g2.state.cubeDisabled).toBe(false);
    const f2 = (await resign(svc, g2, alice)).finished!;
    expect(f2.series.state).toMatchObject({ scores: [0, 2], crawfordNext: true });

    const g3 = unwrap(await svc.rematch(g2.id, alice)).game;
    expect(g3.state.cubeDisabled).toBe(true); // the Crawford game
    await resign(svc, g3, bob);
    const g4 = unwrap(await svc.rematch(g3.id, alice)).game;
    expect(g4.state.cubeDisabled).toBe(false);
    expect(g4.white.id).toBe(bob.id);
    const f4 = (await resign(svc, g4, alice)).finished!;
    expect(f4.series.over).toBe(true);
    expect(f4.series.state).toMatchObject({ scores: [1, 3], winner: 1, games: 4 });
    expect(f4.series.nextStarter).toBeNull();
    expect((await svc.chatSeries(CHAT.id)).find((s) => s.id === g4.seriesId)?.over).toBe(true);
    const over = await svc.rematch(g4.id, bob);
    expect(errorCode(over)).toBe("series-over");

    const board = await svc.leaderboard(CHAT.id);
    expect(board.map((r) => [r.player.id, r.points, r.wins, r.games, r.winRate])).toEqual([
      [bob.id, 3, 3, 4, 0.75],
      [alice.id, 1, 1, 4, 0.25],
    ]);
    expect(board[0]!.rating + board[1]!.rating).toBeCloseTo(3000, 9);
    expect(board[0]!.rating).toBeGreaterThan(1500);

    // The same rules again open a new series; the finished one stays listed.
    const g5 = await challenge(svc, "long", TO_3);
    expect(g5.seriesId).not.toBe(g1.seriesId);
    expect(g5.opening).not.toBeNull();
    expect((await svc.chatSeries(CHAT.id)).map((s) => [s.over, s.state.games])).toEqual([
      [true, 4],
      [false, 0],
    ]);
  });

  it("continues a running series across challenges", async () => {
    const { svc } = harness({}, "series-running");
    const g1 = await challenge(svc, "long");
    await resign(svc, g1, bob);
    const g2 = await challenge(svc, "long");
    expect(g2.seriesId).toBe(g1.seriesId);
    expect(g2.opening).toBeNull();
    expect(g2.white.id).toBe(bob.id);
    const series = await svc.chatSeries(CHAT.id);
    expect(series).toHaveLength(1);
    expect(series[0]!.state.scores).toEqual([2, 0]); // a resign at the start: mars
    expect(await svc.chatSeries(null)).toEqual([]);
  });

  it("short nardy: rematches keep the colours and draw lots for the starter", async () => {
    const { svc } = harness({}, "series-short");
    let g = await challenge(svc, "short");
    for (let i = 0; i < 4; i++) {
      await resign(svc, g, i % 2 ? alice : bob);
      g = unwrap(await svc.rematch(g.id, alice)).game;
      expect(g.white.id).toBe(alice.id);
      expect(g.opening?.winnerId).toBe(g.state.starter === "white" ? alice.id : bob.id);
    }
  });

  it("follows the winner and alternate starter options", async () => {
    for (const [nextStarter, expected] of [
      ["winner", bob],
      ["alternate", null],
    ] as const) {
      const { svc } = harness({}, `series-${nextStarter}`);
      const g1 = await challenge(svc, "long", { nextStarter });
      const starter1 = g1.white;
      await resign(svc, g1, alice);
      const g2 = unwrap(await svc.rematch(g1.id, alice)).game;
      const want = expected ?? (starter1.id === alice.id ? bob : alice);
      expect(g2.white.id).toBe(want.id);
      expect(colorOf(g2, want)).toBe(g2.state.starter);
    }
  });

  it("starts one rematch however often it is pressed, and only for the players", async () => {
    const { svc } = harness({}, "series-rematch");
    const g1 = await challenge(svc, "short");
    expect(errorCode(await svc.rematch(g1.id, alice))).toBe("game-active");
    await resign(svc, g1, alice);
    expect(errorCode(await svc.rematch(g1.id, carol))).toBe("not-a-player");
    const g2 = unwrap(await svc.rematch(g1.id, alice)).game;
    const again = await svc.rematch(g1.id, bob);
    expect(again.ok ? null : again.error).toMatchObject({ code: "rematch-exists", gameId: g2.id });
    expect(errorCode(await svc.rematch(12345, bob))).toBe("not-found");
  });

  it("starts no rematch while the pair plays another game of the series", async () => {
    const { svc } = harness({}, "series-busy");
    const g1 = await challenge(svc, "long");
    await resign(svc, g1, alice);
    const g2 = await challenge(svc, "long");
    const r = await svc.rematch(g1.id, bob);
    expect(r.ok ? null : r.error).toMatchObject({ code: "already-playing", gameId: g2.id });
  });

  it("keeps leaderboards per chat and variant", async () => {
    const { svc } = harness({}, "series-board");
    await resign(svc, await challenge(svc, "short"), alice);
    await resign(svc, await challenge(svc, "long"), bob);
    expect((await svc.leaderboard(CHAT.id, "short")).map((r) => [r.player.id, r.points])).toEqual([
      [bob.id, 1],
      [alice.id, 0],
    ]);
    expect((await svc.leaderboard(CHAT.id, "long")).map((r) => [r.player.id, r.rating])).toEqual([
      [alice.id, 1516],
      [bob.id, 1484],
    ]);
    expect(await svc.leaderboard(-5)).toEqual([]);
  });
});
