import { describe, expect, it } from "vitest";
import { cubeFigures, loadCubeSet } from "../../bench/cube-score.js";
import { CubefulModel } from "../../src/ai/cubeful.js";
import { stakesOf } from "../../src/ai/stakes.js";

const money = stakesOf("short", undefined, null);

describe("the cubeful model", () => {
  it("meets Janowski's closed-form take and cash points in a money game", () => {
    // Wins worth W = 1.4 and losses L = 1.2 on average: TP = (L - 1/2)/(W + L + 1/2),
    // CP = (L + 1)/(W + L + 1/2) for a fully live cube.
    const m = new CubefulModel({ win: 0.5, winG: 0.2, winBG: 0, loseG: 0.1, loseBG: 0 }, money);
    expect(m.takePoint(1)).toBeCloseTo(0.7 / 3.1, 3);
    expect(m.cashPoint(1)).toBeCloseTo(2.2 / 3.1, 3);
    // Without gammons: 20% and 80%; a cube owned near the 64 limit is dead (25% take).
    const plain = new CubefulModel({ win: 0.5, winG: 0, winBG: 0, loseG: 0, loseBG: 0 }, money);
    expect(plain.takePoint(1)).toBeCloseTo(0.2, 3);
    expect(plain.takePoint(32)).toBeCloseTo(0.25, 6);
  });

  it("is piecewise linear through the drop and cash values", () => {
    const probs = { win: 0.5, winG: 0, winBG: 0, loseG: 0, loseBG: 0 };
    const m = new CubefulModel(probs, money);
    expect(m.live(1, null, 0)).toBeCloseTo(-1);
    expect(m.live(1, null, m.takePoint(1))).toBeCloseTo(-1);
    expect(m.live(1, null, m.cashPoint(1))).toBeCloseTo(1);
    expect(m.live(1, null, 0.5)).toBeCloseTo(0);
    expect(m.dead(1)).toBeCloseTo(0);
  });

  it("with GNU Backgammon's own chances, decides money cubes almost as its 2-ply does", () => {
    // The model alone, fed gnubg's 2-ply cubeless chances: what is left is the model's error.
    const fixtures = loadCubeSet("money");
    const answers = fixtures.map((f) => {
      const [win, winG, winBG, loseG, loseBG] = f.p as [number, number, number, number, number];
      const m = new CubefulModel({ win, winG, winBG, loseG, loseBG }, money);
      const nd = m.cubeful(1, null, 0.68);
      const dt = m.cubeful(2, "opp", 0.68);
      return { double: Math.min(dt, 1) > nd, take: dt <= 1 };
    });
    const f = cubeFigures(fixtures, answers);
    expect(f.meanCost).toBeLessThan(0.0025);
    expect(f.takeRight).toBeGreaterThan(0.97);
  });
});
