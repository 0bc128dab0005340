/**
 * Records meeting the programs outside: GNU Backgammon importing our .mat files, and
 * `npm run verify` run as a process (slow suite).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect } from "vitest";
import { it } from "../fixtures.js";
import { unwrap } from "../helpers.js";
import { playSeries } from "./play-series.js";

const gnubg = ["/usr/games/gnubg", "/usr/bin/gnubg"].find((p) => existsSync(p));

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

describe("game records outside the bot", () => {
  it.skipIf(!gnubg)(
    "GNU Backgammon imports each game of a match and of a running series with our score",
    async () => {
      const series = [
        await playSeries("short", { match: { kind: "points", to: 5 } }, 3, 7),
        await playSeries("short", undefined, 3, 8),
      ];
      const games = series.flatMap((s) => s.finished);
      const texts: string[] = [];
      for (const s of series)
        for (const g of s.finished) texts.push(unwrap(await s.reviews.record(g.id)).file.text);
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

  it('`npm run verify` prints "dice verified" for a record, and the mismatch for a changed one', async () => {
    const { reviews, finished } = await playSeries("short", undefined, 1, 11);
    const text = unwrap(await reviews.record(finished[0]!.id)).file.text;
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
    const salt = finished[0]!.diceSalt!;
    expect(ok.stdout).toBe(
      `dice verified: ${/\d+/.exec(ok.stdout)?.[0]} rolls match the seed and the second part ${salt}\n`,
    );
    expect(ok.status).toBe(0);
    const wrong = run(bad);
    expect(wrong.stdout).toMatch(/^dice mismatch: lot throw 1: the record shows /);
    expect(wrong.status).toBe(1);
  }, 30_000);
});
