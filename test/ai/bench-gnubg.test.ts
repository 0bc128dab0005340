import { describe, expect, it } from "vitest";
import { benchAi } from "../../bench/ai.js";
import { findGnubg, Gnubg } from "../../bench/gnubg.js";
import { decodePositionId, defaultRules, encodePositionId } from "../../src/engine/index.js";

const gnubgPath = findGnubg();

/** A position where GNU Backgammon's 0- and 2-ply choose different plays (found by it). */
const SPLIT = {
  pos: "zG6FARhsniMDIA",
  dice: [6, 2] as [number, number],
  zeroPly: "zG6FARjcPAcDIA",
  twoPly: "zG6FARhsXscAIA",
};

describe.skipIf(!gnubgPath)("the AI benchmark's GNU Backgammon", () => {
  it("plays at the plies it is given", async () => {
    const { onRoll, opponent } = decodePositionId(SPLIT.pos)!;
    const spec = {
      variant: "short" as const,
      rules: defaultRules("short", { cube: false }),
      me: onRoll,
      opp: opponent,
      dice: SPLIT.dice,
    };
    const after: string[] = [];
    for (const plies of [0, 2]) {
      const gnubg = new Gnubg(gnubgPath!, plies);
      try {
        await gnubg.ready;
        const { play, matched } = await gnubg.play(spec);
        expect(matched).toBe(true);
        after.push(encodePositionId(play!.me, play!.opp));
      } finally {
        gnubg.close();
      }
    }
    expect(after).toEqual([SPLIT.zeroPly, SPLIT.twoPly]);
  });

  it("puts gnubg itself in our place with --gnubg-plies", async () => {
    const lines: string[] = [];
    const r = await benchAi({
      games: 0,
      previousGames: 0,
      cube: false,
      workers: 0,
      gnubgGames: 2,
      gnubgPlies: 0,
      log: (l) => lines.push(l),
    });
    if (typeof r.gnubg === "string") throw new Error(`the gnubg row was ${r.gnubg}`);
    expect(r.gnubg.label).toBe("short (cubeless) gnubg 0-ply vs gnubg 0-ply");
    expect(r.gnubg.games).toBe(2);
    // Every answer of both gnubg processes matched a legal play (the row omits a zero count).
    expect(r.gnubg.mismatches).toBeUndefined();
    // Our side's answers are timed as our level's are.
    expect(r.gnubg.medianDecisionMs).toBeGreaterThan(0);
    expect(lines.at(-1)!.startsWith(`${r.gnubg.label}: 2 games, won `)).toBe(true);
  });
});
