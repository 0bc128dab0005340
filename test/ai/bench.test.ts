import { describe, expect, it } from "vitest";
import { benchAi } from "../../bench/ai.js";
import { runGames } from "../../bench/ai-games.js";

describe("the AI benchmark", () => {
  it("runs a smoke match in this thread", async () => {
    const lines: string[] = [];
    const r = await benchAi({
      games: 4,
      level: "medium",
      workers: 0,
      gnubgGames: 0,
      previousGames: 2,
      cube: false,
      log: (l) => lines.push(l),
    });
    expect(r.matches.map((m) => m.games)).toEqual([4, 4]);
    expect(r.gnubg).toBe("skipped");
    expect(lines).toHaveLength(3);
    for (const [i, m] of r.matches.entries()) {
      expect(lines[i]!.startsWith(`${m.label}: 4 games, won `), lines[i]).toBe(true);
      // A share of four games, inside its confidence interval, which four games keep wide.
      expect([0, 0.25, 0.5, 0.75, 1]).toContain(m.winRate);
      expect(m.winRate95[0]).toBeLessThanOrEqual(m.winRate);
      expect(m.winRate).toBeLessThanOrEqual(m.winRate95[1]);
      expect(m.winRate95[1] - m.winRate95[0]).toBeGreaterThan(0.3);
      expect(m.mismatches).toBeUndefined();
    }
    expect(r.matches.map((m) => m.label)).toEqual([
      "short (cube on) medium vs pip-count",
      "long (cube off) medium vs pip-count",
    ]);
    // Long nardy against the hard level before the bear-off table: a row of its own.
    if (r.previous === "skipped") throw new Error("the previous-hard row was skipped");
    expect(r.previous.games).toBe(2);
    expect(lines[2]!.startsWith("long (cubeless) medium vs previous hard: 2 games, won ")).toBe(
      true,
    );
  });

  it("plays a long run in parts: --first N starts at game N of the same run", async () => {
    const seed = 7;
    const whole = await runGames({
      variant: "long",
      opponent: "previous",
      level: "medium",
      cube: false,
      first: 0,
      count: 6,
      // The previous-hard match is seeded seed + 2 (game i: seed + 2 + i).
      seed: seed + 2,
    });
    // A game whose result differs from the first one's: starting there cannot be mistaken for
    // starting at the beginning.
    const k = whole.points.findIndex((p) => p !== whole.points[0]);
    expect(k).toBeGreaterThan(0);
    const r = await benchAi({
      games: 0,
      level: "medium",
      workers: 0,
      gnubgGames: 0,
      previousGames: 1,
      first: k,
      seed,
      cube: false,
    });
    if (r.previous === "skipped") throw new Error("the previous-hard row was skipped");
    expect(r.previous.games).toBe(1);
    expect(r.previous.pointsPerGame).toBe(whole.points[k]);
  });
});
