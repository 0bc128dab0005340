import { describe, expect } from "vitest";
import { memoryFrontEnd } from "../../../bench/testkit/memory-front-end.js";
import { GameReviews } from "../../../src/services/index.js";
import { verifyRecord } from "../../../src/services/records/verify.js";
import { turnsOf } from "../../../src/services/timeline.js";
import { it } from "../fixtures.js";
import { alice, bob, CHAT, harness, unwrap } from "../helpers.js";
import { parseMat } from "./parse-mat.js";
import { playSeries } from "./play-series.js";

describe("game records", () => {
  it("short nardy: a .mat per game, with every roll and cube action, that checks against its seed", async () => {
    // The players' choices (prng 7) make a series of two games on these dice.
    const { reviews, finished } = await playSeries(
      "short",
      { match: { kind: "points", to: 7 } },
      6,
      7,
    );
    expect(finished.length).toBeGreaterThan(1);
    for (const game of finished) {
      const file = unwrap(await reviews.record(game.id)).file;
      expect(file.fileName).toBe(`nardy-${game.id}.mat`);
      expect(file.text).toMatch(/^ 7 point match\n/);
      const back = parseMat(file.text);
      expect(back.players).toEqual(["Alice", "Bob B"]);
      expect(back.games[0]!.score).toEqual([game.score.white, game.score.black]);
      // Every turn of the game is a move cell with its dice.
      const turns = turnsOf(unwrap(await reviews.finished(game.id)).timeline);
      const moves = back.games[0]!.cells.filter((cell) => cell.kind === "move");
      expect(moves.map((m) => m.kind === "move" && m.dice)).toEqual(turns.map((t) => t.dice));
      const lines = file.text.trimEnd().split("\n");
      expect(lines.at(-3)).toBe(`; Dice seed: ${game.diceSeed}`);
      expect(lines.at(-2)).toBe(`; Dice second part: ${game.diceSalt}`);
      expect(lines.at(-1)).toBe(`; Dice commitment (SHA-256): ${game.diceCommitment}`);
      expect(verifyRecord(file.text)).toEqual({
        ok: true,
        rolls: turns.length,
        salt: game.diceSalt,
      });
    }
  });

  it("long nardy: a text record with the rules, one numbered line per turn and the result", async () => {
    const { reviews, finished } = await playSeries("long", { cube: true }, 2, 9);
    for (const game of finished) {
      const file = unwrap(await reviews.record(game.id)).file;
      expect(file.fileName).toBe(`nardy-${game.id}.txt`);
      const turns = turnsOf(unwrap(await reviews.finished(game.id)).timeline);
      const numbered = file.text
        .split("\n")
        .filter((l) => /^\s*\d+\. (White|Black) \d\d: /.test(l));
      expect(numbered).toHaveLength(turns.length);
      expect(numbered[0]).toMatch(/^ {2}1\. (White|Black) \d\d: (24\/\d+|no move)/);
      expect(file.text).toContain("Rules: head=classic block=strict scoring=mars lastRoll=false");
      expect(file.text).toMatch(
        /\nResult: (White|Black) wins( oin| mars)?, \d+ points? \(cube \d+/,
      );
      expect(file.text).toContain(`White: ${game.white.id === alice.id ? "Alice" : "Bob B"}`);
      expect(file.text.trimEnd().split("\n").slice(-2)).toEqual([
        `Dice second part: ${game.diceSalt}`,
        `Dice commitment (SHA-256): ${game.diceCommitment}`,
      ]);
      expect(verifyRecord(file.text)).toEqual({
        ok: true,
        rolls: turns.length,
        salt: game.diceSalt,
      });
    }
  });

  it("games begun by a press: the press's second part is the record's, and verifies; another press id does not", async () => {
    const press = (n: number) => `press:46718239601${n}:${CHAT.id}:${57 + n}:1767225600`;
    const { reviews, finished } = await playSeries("short", undefined, 2, 12, press);
    expect(finished.length).toBeGreaterThan(0);
    for (const [n, game] of finished.entries()) {
      expect(game.diceSalt).toBe(press(n));
      const text = unwrap(await reviews.record(game.id)).file.text;
      expect(text).toContain(`; Dice second part: ${press(n)}`);
      expect(verifyRecord(text)).toMatchObject({ ok: true, salt: press(n) });
      // The same record with another press's id: other dice, so a mismatch.
      const forged = text.replace(`press:46718239601${n}:`, `press:46718239609${n}:`);
      expect(verifyRecord(forged).ok).toBe(false);
    }
  });

  it("a changed die, lot throw or seed is caught, and the first mismatch named", async () => {
    const { reviews, finished } = await playSeries("long", undefined, 1, 10);
    const game = finished[0]!;
    const text = unwrap(await reviews.record(game.id)).file.text;
    const lines = text.split("\n");
    const fifth = lines.findIndex((l) => /^\s+5\. /.test(l));
    const dice = /(\d)(\d):/.exec(lines[fifth]!)!;
    const other = `${(Number(dice[1]) % 6) + 1}${dice[2]}`;
    lines[fifth] = lines[fifth]!.replace(`${dice[1]}${dice[2]}:`, `${other}:`);
    expect(verifyRecord(lines.join("\n"))).toEqual({
      ok: false,
      reason: `move 5: the record shows ${other[0]}-${other[1]}, the dice give ${dice[1]}-${dice[2]}`,
    });
    const seed = game.diceSeed!;
    const forged = text.replace(seed, `${seed.slice(0, -1)}${seed.endsWith("0") ? "1" : "0"}`);
    expect(verifyRecord(forged)).toEqual({
      ok: false,
      reason: "the seed does not match its commitment (SHA-256)",
    });
  });

  it("checks the dice against both parts: another second part, or none, fails", async () => {
    const { reviews, finished } = await playSeries("long", undefined, 1, 10);
    const game = finished[0]!;
    const text = unwrap(await reviews.record(game.id)).file.text;
    const salt = game.diceSalt!;
    expect(salt).toMatch(/^-1001:\d+:\d+$/);
    expect(verifyRecord(text)).toMatchObject({ ok: true, salt });
    // Another message, or the seed alone, gives other dice: the first throw already differs.
    const [chat, message, date] = salt.split(":");
    const moved = text.replace(salt, `${chat}:${Number(message) + 1}:${date}`);
    const alone = text.replace(`Dice second part: ${salt}\n`, "");
    for (const changed of [moved, alone]) {
      expect(changed).not.toBe(text);
      expect(verifyRecord(changed)).toMatchObject({
        ok: false,
        reason: expect.stringMatching(/^(lot throw|move) 1: the record shows/),
      });
    }
    expect(verifyRecord(text.replace(salt, "two words"))).toMatchObject({ ok: false });
  });

  it("no record before the end, nor of a game that is not stored", async () => {
    const h = harness({}, "records-active");
    const reviews = new GameReviews(h.database.db, memoryFrontEnd(), h.clock.now);
    const c = unwrap(
      await h.svc.createChallenge({ challenger: alice, chat: CHAT, variant: "short" }),
    );
    const game = unwrap(await h.svc.acceptChallenge(c.id, bob)).game;
    expect(await reviews.record(game.id)).toMatchObject({
      ok: false,
      error: { code: "game-active" },
    });
    expect(await reviews.record(9999)).toMatchObject({ ok: false, error: { code: "not-found" } });
  });
});
