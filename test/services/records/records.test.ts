import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Rules } from "../../../src/engine/index.js";
import { GameReviews, type GameView } from "../../../src/services/index.js";
import { parseMat } from "../../../src/services/records/mat.js";
import { verifyRecord } from "../../../src/services/records/verify.js";
import { turnsOf } from "../../../src/services/timeline.js";
import { playOut, prng } from "../driver.js";
import { alice, bob, CHAT, expectAllGamesReplay, harness, unwrap } from "../helpers.js";

afterEach(expectAllGamesReplay);

const gnubg = ["/usr/games/gnubg", "/usr/bin/gnubg"].find((p) => existsSync(p));

/** A series between two random players who double, drop and offer to resign now and then. */
function playSeries(
  variant: "long" | "short",
  rules: Partial<Rules> | undefined,
  games: number,
  seed: number,
) {
  const h = harness({}, `records-${variant}-${seed}`);
  const reviews = new GameReviews(h.database.db, h.clock.now);
  const c = unwrap(h.svc.createChallenge({ challenger: alice, chat: CHAT, variant, rules }));
  let game = unwrap(h.svc.acceptChallenge(c.id, bob)).game;
  const rand = prng(seed);
  const finished: GameView[] = [];
  for (let i = 0; i < games; i++) {
    const played = playOut(h.svc, game, rand, { double: 0.2, take: 0.7, resign: 0.004 });
    finished.push(played.game);
    if (played.game.final?.over) break;
    game = unwrap(h.svc.rematch(game.id, alice)).game;
  }
  return { h, reviews, finished };
}

/** gnubg's score line after importing each text, in one gnubg run. */
function gnubgScores(texts: readonly string[]): { lines: RegExpExecArray[]; out: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "record-"));
  const input = texts.map((text, i) => {
    const file = path.join(dir, `game-${i}.mat`);
    writeFileSync(file, text);
    return `import mat ${file}\nshow score\n`;
  });
  const run = spawnSync(gnubg!, ["-t", "-q"], {
    input: input.join(""),
    encoding: "utf8",
    timeout: 60_000,
  });
  const score = /The score \(after (\d+) games?\) is: (.+?) (\d+), (.+?) (\d+)/g;
  return { lines: [...run.stdout.matchAll(score)], out: run.stdout.slice(-1500) };
}

describe("game records", () => {
  it("short nardy: a .mat per game, with every roll and cube action, that checks against its seed", () => {
    const { reviews, finished } = playSeries("short", { match: { kind: "points", to: 7 } }, 6, 5);
    expect(finished.length).toBeGreaterThan(1);
    for (const game of finished) {
      const file = unwrap(reviews.record(game.id)).file;
      expect(file.fileName).toBe(`nardy-${game.id}.mat`);
      expect(file.text).toMatch(/^ 7 point match\n/);
      const back = parseMat(file.text);
      expect(back.players).toEqual(["Alice", "Bob B"]);
      expect(back.games[0]!.score).toEqual([game.score.white, game.score.black]);
      // Every turn of the game is a move cell with its dice.
      const turns = turnsOf(unwrap(reviews.finished(game.id)).timeline);
      const moves = back.games[0]!.cells.filter((cell) => cell.kind === "move");
      expect(moves.map((m) => m.kind === "move" && m.dice)).toEqual(turns.map((t) => t.dice));
      const lines = file.text.trimEnd().split("\n");
      expect(lines.at(-2)).toBe(`; Dice seed: ${game.diceSeed}`);
      expect(lines.at(-1)).toBe(`; Dice commitment (SHA-256): ${game.diceCommitment}`);
      expect(verifyRecord(file.text)).toEqual({ ok: true, rolls: turns.length });
    }
  });

  it.skipIf(!gnubg)(
    "GNU Backgammon imports each game of a match and of a running series with our score",
    () => {
      const series = [
        playSeries("short", { match: { kind: "points", to: 5 } }, 3, 7),
        playSeries("short", undefined, 3, 8),
      ];
      const games = series.flatMap((s) => s.finished);
      const texts = series.flatMap((s) =>
        s.finished.map((g) => unwrap(s.reviews.record(g.id)).file.text),
      );
      const { lines, out } = gnubgScores(texts);
      expect(lines, out).toHaveLength(games.length);
      games.forEach((game, i) => {
        const line = lines[i]!;
        const after = game.final!;
        expect([line[1], line[2], Number(line[3]), line[4], Number(line[5])], out).toEqual([
          "1",
          "Alice",
          after.white,
          "Bob B",
          after.black,
        ]);
      });
    },
    120_000,
  );

  it("long nardy: a text record with the rules, one numbered line per turn and the result", () => {
    const { reviews, finished } = playSeries("long", { cube: true }, 2, 9);
    for (const game of finished) {
      const file = unwrap(reviews.record(game.id)).file;
      expect(file.fileName).toBe(`nardy-${game.id}.txt`);
      const turns = turnsOf(unwrap(reviews.finished(game.id)).timeline);
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
      expect(file.text.trimEnd().split("\n").at(-1)).toBe(
        `Dice commitment (SHA-256): ${game.diceCommitment}`,
      );
      expect(verifyRecord(file.text)).toEqual({ ok: true, rolls: turns.length });
    }
  });

  it("a changed die, lot throw or seed is caught, and the first mismatch named", () => {
    const { reviews, finished } = playSeries("long", undefined, 1, 10);
    const game = finished[0]!;
    const text = unwrap(reviews.record(game.id)).file.text;
    const lines = text.split("\n");
    const fifth = lines.findIndex((l) => /^\s+5\. /.test(l));
    const dice = /(\d)(\d):/.exec(lines[fifth]!)!;
    const other = `${(Number(dice[1]) % 6) + 1}${dice[2]}`;
    lines[fifth] = lines[fifth]!.replace(`${dice[1]}${dice[2]}:`, `${other}:`);
    expect(verifyRecord(lines.join("\n"))).toEqual({
      ok: false,
      reason: `move 5: the record shows ${other[0]}-${other[1]}, the seed gives ${dice[1]}-${dice[2]}`,
    });
    const seed = game.diceSeed!;
    const forged = text.replace(seed, `${seed.slice(0, -1)}${seed.endsWith("0") ? "1" : "0"}`);
    expect(verifyRecord(forged)).toEqual({
      ok: false,
      reason: "the seed does not match its commitment (SHA-256)",
    });
  });

  it("no record before the end, nor of a game that is not stored", () => {
    const h = harness({}, "records-active");
    const reviews = new GameReviews(h.database.db, h.clock.now);
    const c = unwrap(h.svc.createChallenge({ challenger: alice, chat: CHAT, variant: "short" }));
    const game = unwrap(h.svc.acceptChallenge(c.id, bob)).game;
    expect(reviews.record(game.id)).toMatchObject({ ok: false, error: { code: "game-active" } });
    expect(reviews.record(9999)).toMatchObject({ ok: false, error: { code: "not-found" } });
  });

  it('`npm run verify` prints "dice verified" for a record, and the mismatch for a changed one', () => {
    const { reviews, finished } = playSeries("short", undefined, 1, 11);
    const text = unwrap(reviews.record(finished[0]!.id)).file.text;
    const dir = mkdtempSync(path.join(tmpdir(), "verify-"));
    const good = path.join(dir, "good.mat");
    const bad = path.join(dir, "bad.mat");
    writeFileSync(good, text);
    writeFileSync(
      bad,
      text.replace(/(; Lot throws: )(\d)/, (_, a, d) => `${a}${(Number(d) % 6) + 1}`),
    );
    const run = (file: string) =>
      spawnSync(process.execPath, ["--import", "tsx", "src/cli/verify.ts", file], {
        encoding: "utf8",
      });
    const ok = run(good);
    expect(ok.stdout).toMatch(/^dice verified: \d+ rolls match the seed\n$/);
    expect(ok.status).toBe(0);
    const wrong = run(bad);
    expect(wrong.stdout).toMatch(/^dice mismatch: lot throw 1: the record shows /);
    expect(wrong.status).toBe(1);
  }, 30_000);
});
