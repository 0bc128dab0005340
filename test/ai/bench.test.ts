import { describe, expect, it } from "vitest";
import { benchAi } from "../../bench/ai.js";

describe("the AI benchmark", () => {
  it("runs a smoke match in this thread", async () => {
    const lines: string[] = [];
    const r = await benchAi({
      games: 4,
      level: "medium",
      workers: 0,
      gnubgGames: 0,
      log: (l) => lines.push(l),
    });
    expect(r.matches.map((m) => m.games)).toEqual([4, 4]);
    expect(r.gnubg).toBe("skipped");
    expect(lines).toHaveLength(2);
    for (const m of r.matches) expect(m.winRate).toBeGreaterThanOrEqual(0);
  });
});
