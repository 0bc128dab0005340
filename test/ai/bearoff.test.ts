import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GNUBG_FIXTURES } from "../../bench/testkit/vectors.js";
import {
  BEAROFF_POSITIONS,
  BEAROFF_ROLLS,
  bearoffIndex,
  bearoffPosition,
  bearoffProbs,
  bearoffTable,
  bearoffWinChance,
  inBearoffTable,
  type RollCounts,
} from "../../src/ai/bearoff.js";
import { Evaluator, stockEvaluator } from "../../src/ai/evaluate.js";
import {
  type BlockRule,
  type Dice,
  defaultRules,
  legalPlays,
  makeSide,
  type Side,
  seededRandom,
  type Variant,
} from "../../src/engine/index.js";

const table = bearoffTable();

/** A side with `points` (1..6 or anywhere) and the rest of its 15 borne off. */
function side(points: Record<number, number>): Side {
  const on = Object.values(points).reduce((a, b) => a + b, 0);
  return makeSide({ 0: 15 - on, ...points });
}

const ROLLS: [Dice, number][] = [];
for (let a = 1; a <= 6; a++) for (let b = 1; b <= a; b++) ROLLS.push([[a, b], a === b ? 1 : 2]);

const key = (s: Side) => s.slice(1, 7).join("");

function randomHome(random: () => number, checkers: number): Side {
  const points: Record<number, number> = {};
  for (let c = 0; c < checkers; c++) {
    const p = 1 + Math.floor(random() * 6);
    points[p] = (points[p] ?? 0) + 1;
  }
  return side(points);
}

/**
 * Rolls to bear off, straight from the engine's legal plays: each roll's play is the one whose
 * result needs the fewest rolls on average, found by the same recursion. Nothing of the table
 * is used. The opponent waits in its own home, out of reach.
 */
class BruteForce {
  readonly memo = new Map<string, { mean: number; dist: number[] }>();
  readonly opp = side({ 6: 15 });

  of(me: Side): { mean: number; dist: number[] } {
    const k = key(me);
    const known = this.memo.get(k);
    if (known) return known;
    const dist = new Array<number>(BEAROFF_ROLLS).fill(0);
    let mean = 0;
    if (me[0] === 15) dist[0] = 1;
    else {
      for (const [dice, w] of ROLLS) {
        const plays = legalPlays({
          variant: "short",
          rules: defaultRules("short"),
          me,
          opp: this.opp,
          dice,
        });
        let best = this.of(plays[0]!.me);
        for (const play of plays.slice(1)) {
          const r = this.of(play.me);
          if (r.mean < best.mean) best = r;
        }
        mean += (w / 36) * (1 + best.mean);
        for (let n = 1; n < BEAROFF_ROLLS; n++) dist[n]! += (w / 36) * best.dist[n - 1]!;
      }
    }
    const r = { mean, dist };
    this.memo.set(k, r);
    return r;
  }

  /** The best play of a roll for the side, by the brute-force count. */
  play(me: Side, opp: Side, dice: Dice): Side {
    const plays = legalPlays({ variant: "short", rules: defaultRules("short"), me, opp, dice });
    let best = plays[0]!.me;
    for (const play of plays.slice(1))
      if (this.of(play.me).mean < this.of(best).mean) best = play.me;
    return best;
  }
}

const brute = new BruteForce();

/**
 * The race played out roll by roll: the chances of `me`, who just moved, with `opp` on roll,
 * both playing the brute-force plays. The exact game, with neither the table nor its formula.
 */
const played = new Map<string, { win: number; winG: number; loseG: number }>();

function playedOut(me: Side, opp: Side): { win: number; winG: number; loseG: number } {
  const k = `${key(me)}/${key(opp)}`;
  const known = played.get(k);
  if (known) return known;
  let win = 0;
  let winG = 0;
  let loseG = 0;
  for (const [dice, w] of ROLLS) {
    const moved = brute.play(opp, me, dice);
    if (moved[0] === 15) {
      // The opponent is off: a gammon when I have none off.
      if (me[0] === 0) loseG += w / 36;
      continue;
    }
    const next = playedOut(moved, me);
    win += (w / 36) * (1 - next.win);
    winG += (w / 36) * next.loseG;
    loseG += (w / 36) * next.winG;
  }
  const r = { win, winG, loseG };
  played.set(k, r);
  return r;
}

describe("the bear-off table's index", () => {
  it("numbers all 54,264 positions of up to 15 checkers on six points, both ways", () => {
    let wrong = 0;
    for (let i = 0; i < BEAROFF_POSITIONS; i++) if (bearoffIndex(bearoffPosition(i)) !== i) wrong++;
    expect(wrong).toBe(0);
    expect(bearoffIndex(side({}))).toBe(0);
    expect(bearoffIndex(side({ 6: 15 }))).toBe(BEAROFF_POSITIONS - 1);
  });

  it("gives every single step a lower index, so the table fills in index order", () => {
    const random = seededRandom(7);
    for (let t = 0; t < 2000; t++) {
      const pos = bearoffPosition(Math.floor(random() * BEAROFF_POSITIONS));
      const from = 1 + Math.floor(random() * 6);
      if (pos[from] === 0) continue;
      const moved = [...pos];
      moved[from]!--;
      const to = Math.floor(random() * from);
      if (to > 0) moved[to]!++;
      expect(bearoffIndex(moved)).toBeLessThan(bearoffIndex(pos));
    }
  });

  it("is in the table exactly while nothing is left outside points 1..6", () => {
    expect(inBearoffTable(side({ 1: 3, 6: 12 }))).toBe(true);
    expect(inBearoffTable(side({}))).toBe(true);
    expect(inBearoffTable(side({ 1: 3, 7: 1 }))).toBe(false);
    expect(inBearoffTable(side({ 1: 3, 24: 1 }))).toBe(false);
    expect(inBearoffTable(side({ 1: 3, 25: 1 }))).toBe(false);
  });
});

describe("the bear-off distributions", () => {
  it("sum to 1, with the mean kept, and nothing near the last count kept", () => {
    for (const rc of [table.off, table.gammon]) {
      let last = 0;
      let sumError = 0;
      let meanError = 0;
      for (let i = 0; i < BEAROFF_POSITIONS; i++) {
        let sum = 0;
        let mean = 0;
        for (let k = rc.start[i]!; k < rc.start[i + 1]!; k++) {
          sum += rc.probs[k]!;
          mean += (rc.first[i]! + k - rc.start[i]!) * rc.probs[k]!;
        }
        sumError = Math.max(sumError, Math.abs(sum - 1));
        meanError = Math.max(meanError, Math.abs(mean - rc.mean[i]!));
        last = Math.max(last, rc.first[i]! + rc.start[i + 1]! - rc.start[i]! - 1);
      }
      expect(sumError).toBeLessThan(1e-6);
      expect(meanError).toBeLessThan(1e-5);
      // Counts past the end would have been cut: the longest (15 on the 6-point) is 30.
      expect(last).toBeLessThan(BEAROFF_ROLLS - 1);
    }
  });

  it("match the engine's legal plays, solved directly, for up to 4 checkers", () => {
    let compared = 0;
    for (let i = 0; i < BEAROFF_POSITIONS; i++) {
      const pos = bearoffPosition(i);
      const on = pos.reduce((a, b) => a + b, 0);
      if (on > 4) continue;
      const b = brute.of(side(Object.fromEntries(pos.map((n, p) => [p, n]).slice(1))));
      expect(table.off.mean[i]).toBeCloseTo(b.mean, 12);
      const d = table.off.of(i);
      for (let n = 0; n < BEAROFF_ROLLS; n++)
        expect(Math.abs(d[n]! - b.dist[n]!)).toBeLessThan(1e-6);
      compared++;
    }
    expect(compared).toBe(210);
  });

  it("count the first checker off only with all 15 on the board", () => {
    expect(table.gammon.of(bearoffIndex(side({ 1: 14 })))[0]).toBe(1);
    // 15 on the 1-point: any roll takes one off.
    const low = bearoffIndex(side({ 1: 15 }));
    expect(table.gammon.mean[low]).toBe(1);
    // 15 on the 6-point: a 6, 5-1, 4-2, 3-3 or 2-2 takes one off at once (17 rolls in 36).
    const high = table.gammon.of(bearoffIndex(side({ 6: 15 })));
    expect(high[1]).toBeCloseTo(17 / 36, 6);
  });
});

interface GnubgColumn {
  dist: number[];
  mean: number;
  std: number;
}

interface GnubgCase {
  points: number[];
  id: string;
  off: GnubgColumn;
  gammon: GnubgColumn;
}

describe("the bear-off table against GNU Backgammon's gnubg_os0.bd", () => {
  const cases = readFileSync(path.join(GNUBG_FIXTURES, "bearoff-gnubg-os.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as GnubgCase);

  const stats = (rc: RollCounts, i: number) => {
    const d = rc.of(i);
    const m = d.reduce((s, p, n) => s + n * p, 0);
    const sq = d.reduce((s, p, n) => s + n * n * p, 0);
    return { d, mean: rc.mean[i]!, std: Math.sqrt(Math.max(0, sq - m * m)) };
  };

  it("has the same chances per count, expected counts and spreads", () => {
    expect(cases.length).toBeGreaterThanOrEqual(400);
    expect(cases.filter((c) => c.points.reduce((a, b) => a + b, 0) === 15).length).toBeGreaterThan(
      200,
    );
    for (const c of cases) {
      const i = bearoffIndex([0, ...c.points]);
      for (const [rc, g] of [
        [table.off, c.off],
        [table.gammon, c.gammon],
      ] as const) {
        const ours = stats(rc, i);
        // gnubg prints 3 decimals of figures it stores as 16-bit fractions, rounded at each
        // level of its recursion (the remainder put on the likeliest count): off by up to a
        // few 1/65535 (0.0015 points of percent each). Counts it does not print are not read.
        g.dist.forEach((pct, n) => {
          expect(Math.abs(100 * ours.d[n]! - pct), `${c.id} ${n}`).toBeLessThan(0.01);
        });
        expect(Math.abs(ours.mean - g.mean), c.id).toBeLessThan(0.001);
        expect(Math.abs(ours.std - g.std), c.id).toBeLessThan(0.001);
      }
    }
  });
});

describe("bearoffWinChance", () => {
  it("gives the race to the side on roll when both need one roll", () => {
    const one = side({ 1: 1 });
    expect(bearoffWinChance(one, one)).toBe(0);
    expect(bearoffWinChance(side({ 1: 2 }), side({ 1: 1 }))).toBe(0);
    // All off already: nothing left to lose.
    expect(bearoffWinChance(side({}), side({ 6: 15 }))).toBe(1);
  });

  it("in the same position for both, wins for me only when I need fewer rolls", () => {
    const positions: Record<number, number>[] = [
      { 6: 1 },
      { 6: 3, 2: 2 },
      { 6: 15 },
      { 1: 5, 4: 4, 5: 6 },
    ];
    for (const points of positions) {
      const s = side(points);
      const d = table.off.of(bearoffIndex(s));
      const tie = d.reduce((a, p) => a + p * p, 0);
      expect(bearoffWinChance(s, s)).toBeCloseTo((1 - tie) / 2, 6);
    }
  });

  it("agrees with the race played out roll by roll on small positions", () => {
    const random = seededRandom(11);
    for (let t = 0; t < 40; t++) {
      const me = randomHome(random, 1 + Math.floor(random() * 3));
      const opp = randomHome(random, 1 + Math.floor(random() * 3));
      expect(bearoffWinChance(me, opp), `${key(me)} ${key(opp)}`).toBeCloseTo(
        playedOut(me, opp).win,
        6,
      );
    }
  });

  it("gives the gammons of the race played out when saving the gammon plays no differently", () => {
    // 15 on the 1-point: the first checker is off at the first roll, whatever is played.
    const stuck = side({ 1: 15 });
    // One checker on the 6-point: only 3-2 takes none off, and it plays 6/1 either way.
    const late = side({ 1: 14, 6: 1 });
    const small: Record<number, number>[] = [{ 6: 1 }, { 6: 3 }, { 5: 2, 6: 2 }, { 4: 3, 6: 1 }];
    const pairs = small.flatMap((points) => [
      [side(points), stuck],
      [stuck, side(points)],
      [side(points), late],
      [late, side(points)],
    ]);
    let gammons = 0;
    for (const [me, opp] of pairs) {
      const p = bearoffProbs(me!, opp!);
      const out = playedOut(me!, opp!);
      expect(p.win).toBeCloseTo(out.win, 6);
      expect(p.winG).toBeCloseTo(out.winG, 6);
      expect(p.loseG).toBeCloseTo(out.loseG, 6);
      expect(p.winBG + p.loseBG).toBe(0);
      if (p.winG > 0 || p.loseG > 0) gammons++;
    }
    // The small side on roll may finish before the other's first roll: a gammon either way;
    // after it, only `late` may still have none off (a 3-2), and lose one.
    expect(gammons).toBe(12);
  });

  it("allows no gammon against a side with a checker off", () => {
    const p = bearoffProbs(side({ 1: 2 }), side({ 6: 14 }));
    expect(p.win).toBeGreaterThan(0.9);
    expect(p.winG).toBe(0);
    expect(bearoffProbs(side({ 6: 14 }), side({ 1: 2 })).loseG).toBe(0);
  });
});

describe("long nardy bear-offs", () => {
  it("have the same plays as short nardy's once both sides are home, whatever the block rule", () => {
    const random = seededRandom(5);
    for (let t = 0; t < 30; t++) {
      const me = randomHome(random, 1 + Math.floor(random() * 15));
      const opp = randomHome(random, 15);
      for (const [dice] of ROLLS) {
        const short = legalPlays({ variant: "short", rules: defaultRules("short"), me, opp, dice });
        const expected = short.map((p) => key(p.me)).sort();
        for (const block of ["strict", "final", "home"] as BlockRule[]) {
          const plays = legalPlays({
            variant: "long" as Variant,
            rules: defaultRules("long", { block }),
            me,
            opp,
            dice,
          });
          expect(plays.map((p) => key(p.me)).sort()).toEqual(expected);
          for (const p of plays) expect(p.opp).toEqual(opp);
        }
      }
    }
  });
});

describe("the evaluator in a pure bear-off", () => {
  it("answers from the table in both games", () => {
    const random = seededRandom(3);
    for (let t = 0; t < 50; t++) {
      const me = randomHome(random, 1 + Math.floor(random() * 15));
      const opp = randomHome(random, 1 + Math.floor(random() * 15));
      for (const variant of ["short", "long"] as const) {
        const p = stockEvaluator(variant).evaluate(me, opp);
        expect(p).toEqual(bearoffProbs(me, opp));
        expect(p.win).toBe(bearoffWinChance(me, opp));
      }
    }
  });

  it("still asks the net while a checker is outside home", () => {
    const me = side({ 7: 1, 3: 4 });
    const opp = side({ 2: 5 });
    expect(inBearoffTable(me)).toBe(false);
    const p = stockEvaluator("short").evaluate(me, opp);
    expect(p.win).toBeGreaterThan(0);
    expect(p.win).toBeLessThan(1);
  });

  it("leaves every race to the net when the table is turned off", () => {
    const random = seededRandom(5);
    const stock = stockEvaluator("long");
    const netOnly = new Evaluator("long", stock.net, null, false);
    let differ = 0;
    for (let t = 0; t < 20; t++) {
      const me = randomHome(random, 1 + Math.floor(random() * 15));
      const opp = randomHome(random, 1 + Math.floor(random() * 15));
      const p = netOnly.evaluate(me, opp);
      expect(p.win).toBeGreaterThan(0);
      expect(p.win).toBeLessThan(1);
      if (p.win !== bearoffWinChance(me, opp)) differ++;
    }
    expect(differ).toBe(20);
  });
});
