import { describe, expect } from "vitest";
import type { TimeControlName } from "../../src/engine/index.js";
import { idleMsOf } from "../../src/services/claims.js";
import type { GameService, GameView } from "../../src/services/index.js";
import { it } from "./fixtures.js";
import { alice, bob, CHAT, errorCode, HOUR, harness, unwrap } from "./helpers.js";

/** IDLE_HOURS set to something else than the correspondence day, to show it is not read. */
const IDLE_MS = 48 * HOUR;

async function game(
  svc: GameService,
  timeControl: TimeControlName,
  chatId = CHAT.id,
): Promise<GameView> {
  const c = unwrap(
    await svc.createChallenge({
      challenger: alice,
      chat: { ...CHAT, id: chatId },
      variant: "short",
      timeControl,
    }),
  );
  return unwrap(await svc.acceptChallenge(c.id, bob)).game;
}

const reminded = async (svc: GameService, g: GameView): Promise<boolean> =>
  (await svc.gamesToRemind()).some((r) => r.id === g.id);
const claimable = async (svc: GameService, g: GameView): Promise<boolean> =>
  (await svc.claimableGames()).some((r) => r.id === g.id);
const opponentOf = (g: GameView): number => (g.waitingFor === g.white.id ? g.black.id : g.white.id);

describe("the correspondence control", () => {
  it("has its rule in one place: half a move's day to the reminder, the day to the claim", () => {
    const config = { idleMs: IDLE_MS };
    expect(idleMsOf(config, { kind: "correspondence", moveMs: 24 * HOUR })).toBe(12 * HOUR);
    expect(idleMsOf(config, null)).toBe(IDLE_MS);
    expect(idleMsOf(config, { kind: "none" })).toBe(IDLE_MS);
    expect(idleMsOf(config, { kind: "delay", preset: "blitz", delayMs: 8000, reserveMs: 1 })).toBe(
      IDLE_MS,
    );
  });

  it("reminds the silent player at 12 h, not a millisecond before, whatever the idle time", async () => {
    const { svc, clock } = harness({ idleMs: IDLE_MS }, "corr-remind");
    const g = await game(svc, "correspondence");
    expect(g.timeControl).toEqual({ kind: "correspondence", moveMs: 24 * HOUR });
    const start = g.lastActionAt;
    clock.t = start + 12 * HOUR - 1;
    expect(await reminded(svc, g)).toBe(false);
    clock.t = start + 12 * HOUR;
    expect(await reminded(svc, g)).toBe(true);
    await svc.markReminded(g.id);
    expect(await reminded(svc, g)).toBe(false);
    expect(await svc.recordIdleDamage()).toEqual([]);
  });

  it("is claimable at 24 h and not a millisecond before; the board's Claim agrees", async () => {
    const { svc, clock } = harness({ idleMs: IDLE_MS }, "corr-claim");
    const g = await game(svc, "correspondence");
    const claimant = opponentOf(g);
    clock.t = g.lastActionAt + 24 * HOUR - 1;
    expect(await claimable(svc, g)).toBe(false);
    expect(svc.claimable((await svc.getGame(g.id))!)).toBe(false);
    expect(svc.mayClaim((await svc.getGame(g.id))!, claimant)).toBe(false);
    const early = await svc.act(g.id, claimant, { type: "claim-timeout" }, g.version);
    expect(errorCode(early)).toBe("too-early");

    clock.t = g.lastActionAt + 24 * HOUR;
    expect(await claimable(svc, g)).toBe(true);
    expect(svc.claimable((await svc.getGame(g.id))!)).toBe(true);
    expect(svc.mayClaim((await svc.getGame(g.id))!, claimant)).toBe(true);
    expect(svc.mayClaim((await svc.getGame(g.id))!, g.waitingFor!)).toBe(false);
    const r = unwrap(await svc.act(g.id, claimant, { type: "claim-timeout" }, g.version));
    expect(r.game.state.result).toMatchObject({ reason: "timeout" });
    expect(r.game.winnerId).toBe(claimant);
  });

  it("counts from the last action: a move starts the day again", async () => {
    const { svc, clock } = harness({ idleMs: IDLE_MS }, "corr-moved");
    const g = await game(svc, "correspondence");
    clock.t = g.lastActionAt + 20 * HOUR;
    expect(await reminded(svc, g)).toBe(true);
    const kind = "single";
    const offered = unwrap(
      await svc.act(g.id, g.waitingFor!, { type: "resign", kind }, g.version),
    ).game;
    // The offer is an action: the other side's day runs from it.
    expect(await reminded(svc, offered)).toBe(false);
    clock.t = offered.lastActionAt + 12 * HOUR;
    expect(await reminded(svc, offered)).toBe(true);
    expect(await claimable(svc, offered)).toBe(false);
    clock.t = offered.lastActionAt + 24 * HOUR;
    expect(await claimable(svc, offered)).toBe(true);
  });
});

describe("a game without the correspondence control", () => {
  it("keeps the idle time: reminded at it, claimable at twice it", async () => {
    const { svc, clock } = harness({ idleMs: IDLE_MS }, "corr-none");
    const g = await game(svc, "none");
    expect(g.timeControl).toEqual({ kind: "none" });
    const start = g.lastActionAt;
    clock.t = start + 24 * HOUR;
    expect(await reminded(svc, g)).toBe(false);
    expect(await claimable(svc, g)).toBe(false);
    clock.t = start + IDLE_MS - 1;
    expect(await reminded(svc, g)).toBe(false);
    clock.t = start + IDLE_MS;
    expect(await reminded(svc, g)).toBe(true);
    clock.t = start + 2 * IDLE_MS - 1;
    expect(await claimable(svc, g)).toBe(false);
    expect(svc.claimable((await svc.getGame(g.id))!)).toBe(false);
    clock.t = start + 2 * IDLE_MS;
    expect(await claimable(svc, g)).toBe(true);
    expect(svc.claimable((await svc.getGame(g.id))!)).toBe(true);
  });

  it("a delay clock's game too (its flag ends it long before)", async () => {
    const { svc, clock } = harness({ idleMs: IDLE_MS }, "corr-delay");
    const g = await game(svc, "blitz");
    const start = g.lastActionAt;
    clock.t = start + 12 * HOUR;
    expect(await reminded(svc, g)).toBe(false);
    clock.t = start + IDLE_MS;
    expect(await reminded(svc, g)).toBe(true);
    clock.t = start + 2 * IDLE_MS - 1;
    expect(await claimable(svc, g)).toBe(false);
    clock.t = start + 2 * IDLE_MS;
    expect(await claimable(svc, g)).toBe(true);
  });

  it("each game by its own control when both kinds wait together", async () => {
    const { svc, clock } = harness({ idleMs: IDLE_MS }, "corr-mixed");
    const none = await game(svc, "none", -2001);
    const corr = await game(svc, "correspondence", -2002);
    clock.t = Math.max(none.lastActionAt, corr.lastActionAt) + 24 * HOUR;
    expect((await svc.gamesToRemind()).map((g) => g.id)).toEqual([corr.id]);
    expect((await svc.claimableGames()).map((g) => g.id)).toEqual([corr.id]);
    clock.t += 2 * IDLE_MS;
    const ids = (await svc.claimableGames()).map((g) => g.id);
    expect(ids.sort((a, b) => a - b)).toEqual([none.id, corr.id].sort((a, b) => a - b));
  });
});
