import { createHash } from "node:crypto";
import { describe, expect } from "vitest";
import { memoryFrontEnd } from "../../bench/testkit/memory-front-end.js";
import { GamesRepo } from "../../src/db/index.js";
import { commitmentOf, GameService, newSeed, SeedDice, saltOf } from "../../src/services/index.js";
import { diceOfEvents, diceOfSeed } from "../helpers/dice.js";
import { playOut, prng } from "./driver.js";
import { it } from "./fixtures.js";
import { alice, bob, CHAT, errorCode, harness, seedSource, unwrap } from "./helpers.js";
import { playerDice } from "./player-dice.js";

const SALT = "-1001:57:1767225600";

describe("verifiable dice", () => {
  it("draws 32-byte seeds and commits to them with SHA-256", () => {
    const seed = newSeed();
    expect(seed.length).toBe(32);
    expect(commitmentOf(seed)).toBe(createHash("sha256").update(seed).digest("hex"));
    expect(newSeed().equals(seed)).toBe(false);
  });

  it("reads the stream of the seed and second part from a stored position, across block borders", () => {
    const seed = Buffer.alloc(32, 7);
    const all = playerDice(seed.toString("hex"), 200, SALT);
    expect(diceOfSeed(seed, 200, SALT)).toEqual(all.dice);
    const first = new SeedDice(seed, 0, SALT);
    for (let i = 0; i < 70; i++) first.die();
    const resumed = new SeedDice(seed, first.counter, SALT);
    for (let i = 0; i < 130; i++) resumed.die();
    expect([...first.drawn, ...resumed.drawn]).toEqual(all.dice);
    expect(resumed.counter).toBe(all.bytesRead);
  });

  it("takes both parts: another second part, or none, gives other dice from the same seed", () => {
    const seed = Buffer.alloc(32, 7);
    const dice = diceOfSeed(seed, 40, SALT);
    expect(diceOfSeed(seed, 40, "-1001:58:1767225600")).not.toEqual(dice);
    expect(diceOfSeed(seed, 40, "-1001:57:1767225601")).not.toEqual(dice);
    expect(diceOfSeed(Buffer.alloc(32, 8), 40, SALT)).not.toEqual(dice);
    // A game stored before the second part keeps its one-part dice: HMAC(seed, "0"), "1", ...
    expect(diceOfSeed(seed, 40, null)).toEqual(playerDice(seed.toString("hex"), 40, null).dice);
    expect(diceOfSeed(seed, 40, null)).not.toEqual(dice);
  });

  it("writes the second part as chat:message:date, or inline:<id>", () => {
    expect(saltOf({ kind: "chat", chatId: -1001, messageId: 57, date: 1767225600 })).toBe(SALT);
    expect(saltOf({ kind: "inline", inlineMessageId: "AgAAAB-x_9" })).toBe("inline:AgAAAB-x_9");
  });

  it("throws no die before the game's message: its place and date are the second part", async () => {
    const { database, clock } = harness({}, "dice-wait");
    // The service alone, as the bot holds it: the bot starts each game in its message.
    const svc = new GameService(database.db, memoryFrontEnd(), {
      now: clock.now,
      newSeed: seedSource("dice-wait"),
    });
    const c = unwrap(
      await svc.createChallenge({ challenger: alice, chat: CHAT, variant: "short" }),
    );
    const start = unwrap(await svc.acceptChallenge(c.id, bob));
    expect(start.game).toMatchObject({ starting: true, version: 0, waitingFor: null });
    expect(start.game.diceCommitment).toBe(c.diceCommitment);
    expect(start.game.diceSalt).toBeNull();
    expect(start.events).toEqual([]);
    const repo = new GamesRepo(database.db);
    expect((await repo.get(start.game.id))!.diceCounter).toBe(0);
    // Nobody acts on it yet; a message elsewhere cannot start it.
    expect(errorCode(await svc.act(start.game.id, alice.id, { type: "roll" }, 0))).toBe("busy");
    const elsewhere = {
      kind: "chat",
      chatId: CHAT.id - 1,
      messageId: 5,
      date: 1767225600,
    } as const;
    expect(errorCode(await svc.beginGame(start.game.id, elsewhere))).toBe("bad-input");
    expect(
      errorCode(await svc.beginGame(start.game.id, { ...elsewhere, chatId: CHAT.id, date: 0 })),
    ).toBe("bad-input");

    const origin = { kind: "chat", chatId: CHAT.id, messageId: 57, date: 1767225600 } as const;
    const begun = unwrap(await svc.beginGame(start.game.id, origin));
    expect(begun.game).toMatchObject({ starting: false, diceSalt: "-1001:57:1767225600" });
    expect(begun.game.message).toEqual({ kind: "chat", chatId: CHAT.id, messageId: 57 });
    const seed = (await repo.get(start.game.id))!.diceSeed;
    const drawn = diceOfEvents(begun.events);
    expect(drawn.length).toBeGreaterThan(1);
    expect(drawn).toEqual(playerDice(seed, drawn.length, "-1001:57:1767225600").dice);
    // It starts once.
    expect(errorCode(await svc.beginGame(start.game.id, { ...origin, messageId: 58 }))).toBe(
      "stale",
    );
  });

  it("lets a player recompute every die of a finished game from the seed and second part", async () => {
    const { svc, database } = harness({}, "dice-verify");
    for (const variant of ["long", "short"] as const) {
      const c = unwrap(await svc.createChallenge({ challenger: alice, chat: CHAT, variant }));
      const start = unwrap(await svc.acceptChallenge(c.id, bob));
      const commitment = start.game.diceCommitment;
      expect(start.game.diceSeed).toBeNull();
      expect(start.game.diceSalt).toMatch(/^-1001:\d+:1767225600$/);
      const { game } = await playOut(svc, start.game, prng(variant === "long" ? 1 : 2), {
        double: 0,
      });
      expect(game.status).toBe("finished");
      const seed = game.diceSeed!;
      expect(createHash("sha256").update(Buffer.from(seed, "hex")).digest("hex")).toBe(commitment);

      // What the players saw: the lot throws, then every roll, in order.
      const shown: number[] = [];
      for (const e of await new GamesRepo(database.db).events(game.id)) {
        const p = e.payload as { lot?: { rolls: number[][] } | null; dice?: number[] };
        if (e.type === "start") for (const r of p.lot?.rolls ?? []) shown.push(...r);
        else if (e.type === "roll") shown.push(...(p.dice ?? []));
      }
      expect(shown.length).toBeGreaterThan(20);
      expect(shown).toEqual(playerDice(seed, shown.length, game.diceSalt).dice);
    }
  });

  it("is unbiased: chi-square over 1,000,000 dice stays below 20.5 (df 5, p < 0.001)", () => {
    const seed = createHash("sha256").update("chi-square").digest();
    const counts = [0, 0, 0, 0, 0, 0];
    const N = 1_000_000;
    const source = new SeedDice(seed, 0, SALT);
    for (let n = 0; n < N; n++) counts[source.die() - 1]! += 1;
    const expected = N / 6;
    const chi = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(20.5);
  });
});
