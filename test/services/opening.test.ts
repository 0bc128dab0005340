import { describe, expect } from "vitest";
import { presetRules } from "../../src/engine/index.js";
import { it } from "./fixtures.js";
import { alice, bob, CHAT, harness, unwrap } from "./helpers.js";

type StepPayload = { by: string; action: { type: string; die?: number } };

async function start(variant: "long" | "short", rules: unknown, label: string) {
  const { svc } = harness({}, label);
  const c = unwrap(await svc.createChallenge({ challenger: alice, chat: CHAT, variant, rules }));
  return unwrap(await svc.acceptChallenge(c.id, bob));
}

describe("the opening", () => {
  it("long nardy: the lot winner takes white, starts and rolls fresh dice (reroll)", async () => {
    for (let i = 0; i < 12; i++) {
      const { game, events } = await start("long", undefined, `long-reroll-${i}`);
      const lot = game.opening!;
      expect(lot.players).toEqual([alice.id, bob.id]);
      const last = lot.rolls.at(-1)!;
      expect(last[0]).not.toBe(last[1]);
      for (const r of lot.rolls.slice(0, -1)) expect(r[0]).toBe(r[1]);
      expect(lot.winnerId).toBe(last[0] > last[1] ? alice.id : bob.id);
      expect(game.white.id).toBe(lot.winnerId);
      expect(game.state.starter).toBe("white");
      // No cube in classic long nardy: the service rolls for the starter at once (and plays
      // on by itself while the play is forced).
      expect(events.map((e) => [e.type, e.actorId])).toEqual([
        ["start", bob.id],
        ["roll", null],
        ...events.slice(2).map((e) => [e.type, null]),
      ]);
      expect(events[1]!.payload).toMatchObject({ by: "white", action: { type: "roll" } });
      if (events.length === 2) expect(game.state.turn).toBe("white");
      expect(game.version).toBe(events.length);
      expect(game.waitingFor).toBe(game.state.turn === "white" ? game.white.id : game.black.id);
    }
  });

  it("long nardy with opening `lot`: the starter plays the lot dice", async () => {
    for (let i = 0; i < 12; i++) {
      const { game, events } = await start("long", presetRules("long", "sport"), `long-lot-${i}`);
      const last = game.opening!.rolls.at(-1)!;
      expect(game.white.id).toBe(game.opening!.winnerId);
      // One checker leaves the head with both lot dice: forced, so it plays itself.
      const firstTurn = events.slice(1, 3).map((e) => e.payload as StepPayload);
      expect(firstTurn.map((p) => [p.by, p.action.type])).toEqual([
        ["white", "step"],
        ["white", "step"],
      ]);
      expect(firstTurn.map((p) => p.action.die).sort()).toEqual([...last].sort());
      expect(events.slice(1).every((e) => e.actorId === null)).toBe(true);
      // The sport preset has a cube: black may double, so it rolls by itself.
      expect(events).toHaveLength(3);
      expect(game.state).toMatchObject({ turn: "black", phase: "roll" });
    }
  });

  it("short nardy: the challenger is white, the lot picks the starter, who plays its dice", async () => {
    const starters = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const { game } = await start("short", undefined, `short-lot-${i}`);
      expect(game.white.id).toBe(alice.id);
      const winner = game.opening!.winnerId;
      expect(game.state.starter).toBe(winner === alice.id ? "white" : "black");
      starters.add(game.state.starter);
      expect([...game.state.dice!].sort()).toEqual([...game.opening!.rolls.at(-1)!].sort());
    }
    expect(starters.size).toBe(2);
  });

  it("short nardy with `reroll`: the starter may double first, so nothing is rolled for it", async () => {
    const { game, events } = await start("short", { opening: "reroll" }, "short-reroll");
    expect(game.state.phase).toBe("roll");
    expect(events.map((e) => e.type)).toEqual(["start"]);
  });

  it("publishes the seed's commitment and keeps the seed secret while playing", async () => {
    const { game } = await start("long", undefined, "commit");
    expect(game.diceCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(game.diceSeed).toBeNull();
    expect(JSON.stringify(game)).not.toContain("dice_seed");
  });
});
