import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { GamesRepo } from "../../src/db/index.js";
import { commitmentOf, diceOfSeed, newSeed, SeedDice } from "../../src/services/index.js";
import { playOut, prng } from "./driver.js";
import { alice, bob, CHAT, expectAllGamesReplay, harness, unwrap } from "./helpers.js";
import { playerDice } from "./player-dice.js";

afterEach(expectAllGamesReplay);

describe("verifiable dice", () => {
  it("draws 32-byte seeds and commits to them with SHA-256", () => {
    const seed = newSeed();
    expect(seed.length).toBe(32);
    expect(commitmentOf(seed)).toBe(createHash("sha256").update(seed).digest("hex"));
    expect(newSeed().equals(seed)).toBe(false);
  });

  it("reads the seed's stream from a stored position, across block borders", () => {
    const seed = Buffer.alloc(32, 7);
    const all = playerDice(seed.toString("hex"), 200);
    expect(diceOfSeed(seed, 200)).toEqual(all.dice);
    const first = new SeedDice(seed, 0);
    for (let i = 0; i < 70; i++) first.die();
    const resumed = new SeedDice(seed, first.counter);
    for (let i = 0; i < 130; i++) resumed.die();
    expect([...first.drawn, ...resumed.drawn]).toEqual(all.dice);
    expect(resumed.counter).toBe(all.bytesRead);
  });

  it("lets a player recompute every die of a finished game from the revealed seed", () => {
    const { svc, database } = harness({}, "dice-verify");
    for (const variant of ["long", "short"] as const) {
      const c = unwrap(svc.createChallenge({ challenger: alice, chat: CHAT, variant }));
      const start = unwrap(svc.acceptChallenge(c.id, bob));
      const commitment = start.game.diceCommitment;
      expect(start.game.diceSeed).toBeNull();
      const { game } = playOut(svc, start.game, prng(variant === "long" ? 1 : 2), { double: 0 });
      expect(game.status).toBe("finished");
      const seed = game.diceSeed!;
      expect(createHash("sha256").update(Buffer.from(seed, "hex")).digest("hex")).toBe(commitment);

      // What the players saw: the lot throws, then every roll, in order.
      const shown: number[] = [];
      for (const e of new GamesRepo(database.db).events(game.id)) {
        const p = e.payload as { lot?: { rolls: number[][] } | null; dice?: number[] };
        if (e.type === "start") for (const r of p.lot?.rolls ?? []) shown.push(...r);
        else if (e.type === "roll") shown.push(...(p.dice ?? []));
      }
      expect(shown.length).toBeGreaterThan(20);
      expect(shown).toEqual(playerDice(seed, shown.length).dice);
    }
  });

  it("is unbiased: chi-square over 1,000,000 dice stays below 20.5 (df 5, p < 0.001)", () => {
    const seed = createHash("sha256").update("chi-square").digest();
    const counts = [0, 0, 0, 0, 0, 0];
    const N = 1_000_000;
    const source = new SeedDice(seed, 0);
    for (let n = 0; n < N; n++) counts[source.die() - 1]! += 1;
    const expected = N / 6;
    const chi = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(20.5);
  });
});
