import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  act,
  actor,
  type Color,
  defaultRules,
  type GameState,
  newGame,
  newSeries,
  openingLot,
  recordGame,
  type Seat,
  seededDice,
  turnView,
} from "../../../src/engine/index.js";
import {
  type Cell,
  cellsBetween,
  formatMat,
  type GameRecord,
  type MatchRecord,
} from "../../../src/services/records/mat.js";
import { parseMat } from "./parse-mat.js";

/** A short-nardy match to `length` between two random players that also double and drop. */
function randomMatch(length: number, seed: number): MatchRecord {
  const rules = defaultRules("short", { match: { kind: "points", to: length } });
  const dice = seededDice(seed);
  let series = newSeries();
  const games: GameRecord[] = [];
  while (series.winner === null) {
    const lot = openingLot(dice);
    const starter: Color = lot.winner === 0 ? "white" : "black";
    const seatOf = (c: Color): Seat => (c === "white" ? 0 : 1);
    let g: GameState = newGame({
      variant: "short",
      rules,
      starter,
      openingDice: lot.dice,
      crawford: series.crawfordNext,
    });
    const cells: Cell[] = [];
    while (g.phase !== "over") {
      const who = actor(g)!;
      const before = g;
      const r = dice.die();
      let next: ReturnType<typeof act>;
      if (g.phase === "roll")
        next = act(g, who, r === 6 && dice.die() > 3 ? { type: "double" } : { type: "roll" }, {
          dice,
        });
      else if (g.phase === "double") next = act(g, who, { type: r > 2 ? "take" : "drop" });
      else {
        const steps = turnView(g)!.nextSteps;
        const s = steps[dice.die() % steps.length]!;
        next = act(g, who, { type: "step", from: s.from, to: s.to, die: s.die });
      }
      if (!next.ok) next = act(g, who, { type: "roll" }, { dice });
      if (!next.ok) throw new Error(next.error.message);
      g = next.state;
      cells.push(...cellsBetween(before, g, seatOf));
    }
    const winner = seatOf(g.result!.winner!);
    games.push({
      score: [series.scores[0], series.scores[1]],
      cells,
      winner,
      points: g.result!.points,
    });
    series = recordGame(rules, series, {
      winner,
      points: g.result!.points,
      starter: seatOf(starter),
    });
  }
  return { length, players: ["Alice", "Bob"], games };
}

const gnubg = ["/usr/games/gnubg", "/usr/bin/gnubg"].find((p) => existsSync(p));

describe("match records in the Jellyfish .mat style", () => {
  const match = randomMatch(5, 3);
  const text = formatMat(match);

  it("has the match length, the players, each game's moves, cube actions and results", () => {
    expect(text).toMatch(/^ 5 point match\n/);
    expect(text).toContain(" Game 1\n Alice : 0");
    expect(text).toMatch(/\d\d: \d+\/\d+/);
    expect(text).toMatch(/Wins \d+ points?/);
    const cubeActions = match.games.flatMap((g) => g.cells).filter((c) => c.kind !== "move");
    expect(cubeActions.length).toBeGreaterThan(0);
  });

  it("round-trips through our parser", () => {
    const back = parseMat(text);
    expect(back.length).toBe(5);
    expect(back.players).toEqual(["Alice", "Bob"]);
    const strip = (m: MatchRecord) =>
      m.games.map((g) => ({
        score: g.score,
        winner: g.winner,
        points: g.points,
        cells: g.cells.map((c) =>
          c.kind === "move"
            ? {
                ...c,
                steps: c.steps.map((s) => `${s.from}/${Math.max(0, s.to)}${s.hit ? "*" : ""}`),
              }
            : c,
        ),
      }));
    expect(strip(back)).toEqual(strip(match));
  });

  it("malformed text is refused with a reason", () => {
    expect(() => parseMat("hello")).toThrow(/match length/);
    expect(() => parseMat(" 3 point match\n Game 1\n  1) 9x: 1/2")).toThrow();
  });

  it.skipIf(!gnubg)(
    "GNU Backgammon imports it and reaches the same final score",
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), "mat-"));
      const file = path.join(dir, "match.mat");
      writeFileSync(file, text);
      const run = spawnSync(gnubg!, ["-t", "-q"], {
        input: `import mat ${file}\nshow score\n`,
        encoding: "utf8",
        timeout: 60_000,
      });
      const total = [0, 1].map((seat) =>
        match.games.filter((g) => g.winner === seat).reduce((a, g) => a + g.points, 0),
      );
      const line = /The score \(after (\d+) games?\) is: Alice (\d+), Bob (\d+)/.exec(run.stdout);
      expect(line, run.stdout.slice(-2000)).not.toBeNull();
      expect(Number(line![1])).toBe(match.games.length);
      expect([Number(line![2]), Number(line![3])]).toEqual(total);
    },
    90_000,
  );
});
