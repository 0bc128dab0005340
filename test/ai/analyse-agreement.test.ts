import { describe, expect, it } from "vitest";
import { agreement, loadEquityCases, lossPairs } from "../../bench/testkit/gnubg-equities.js";

// gnubg's 0-ply equities of every legal play in 1,600 fixture positions (four samples of 400),
// our losses as the analysis measures them (0-ply, looked at again one and two rolls ahead).
const figures = agreement(lossPairs(loadEquityCases()));

describe("the analysis's equity losses against GNU Backgammon's (short nardy, 0-ply)", () => {
  it("covers every play of the fixture positions", () => {
    expect(figures.plays).toBeGreaterThan(34_000);
    expect(figures.bigMisses).toBeGreaterThan(4000);
    expect(figures.closePlays).toBeGreaterThan(3000);
  });

  it("flags at least 90% of the plays gnubg rates 0.08 or more worse than its best", () => {
    expect(figures.flaggedShare).toBeGreaterThanOrEqual(0.9);
  });

  it("calls under 5% of the plays within 0.02 of gnubg's best errors", () => {
    expect(figures.falseErrorShare).toBeLessThan(0.05);
  });
});
