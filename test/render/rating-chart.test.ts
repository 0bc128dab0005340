import { describe, expect, it } from "vitest";
import { WOOD } from "../../src/render/palette.js";
import {
  CHART_HEIGHT,
  CHART_WIDTH,
  chartGeometry,
  LINE_COLOURS,
  type RatingChartView,
  renderRatingChartPng,
} from "../../src/render/rating-chart.js";
import { decode, hex, near, pixel } from "./standings-fixtures.js";

const view = (long: number[], short: number[] | null): RatingChartView => ({
  title: "Рейтинг: Ольга",
  subtitle: "",
  xLabel: "рейтинговые матчи",
  lines: [
    { variant: "long", label: "Длинные нарды · 1523", ratings: long, firstMatch: 0 },
    ...(short
      ? [{ variant: "short" as const, label: "Короткие · 1490", ratings: short, firstMatch: 0 }]
      : []),
  ],
});

describe("the rating chart", () => {
  it("draws each game's line in its colour through its ratings, on the board's wood", async () => {
    const v = view([1500, 1510, 1530, 1520], [1500, 1490]);
    const r = await decode(await renderRatingChartPng(v));
    expect([r.width, r.height]).toEqual([CHART_WIDTH, CHART_HEIGHT]);
    expect(near(pixel(r, 8, r.height / 2), hex(WOOD.frame))).toBe(true);
    const g = chartGeometry(v);
    expect(g.minRating).toBeLessThanOrEqual(1490);
    expect(g.maxRating).toBeGreaterThanOrEqual(1530);
    expect(g.maxMatch).toBe(3);
    // Midway along each segment, the line's colour: long nardy's red climbing to 1530...
    const mid = (line: number[], k: number, m: number[]) => {
      const x = (g.xOf(k) + g.xOf(k + 1)) / 2;
      const y = (g.yOf(line[k]!) + g.yOf(line[k + 1]!)) / 2;
      return near(pixel(r, x, y), m, 30);
    };
    expect(mid([1500, 1510, 1530, 1520], 1, hex(LINE_COLOURS.long))).toBe(true);
    expect(mid([1500, 1510, 1530, 1520], 2, hex(LINE_COLOURS.long))).toBe(true);
    // ...short nardy's blue falling to 1490.
    expect(mid([1500, 1490], 0, hex(LINE_COLOURS.short))).toBe(true);
    // Where no line passes (high over short nardy's second match), the plain field.
    expect(near(pixel(r, g.xOf(1) + 6, g.yOf(g.maxRating) + 3), hex(WOOD.field), 8)).toBe(true);
  });

  it("gives one match room, and the axis of a long history whole numbers", () => {
    const one = chartGeometry(view([1500, 1510], null));
    expect(one.maxMatch).toBe(1);
    expect(one.maxRating - one.minRating).toBeGreaterThanOrEqual(40);
    expect(one.matchTicks).toEqual([0, 1]);
    const long = Array.from({ length: 138 }, (_, i) => 1500 + 3 * Math.sin(i));
    const many = chartGeometry(view(long, null));
    expect(many.maxMatch).toBe(137);
    expect(many.matchTicks.every((t) => Number.isInteger(t))).toBe(true);
    expect(many.matchTicks.length).toBeLessThanOrEqual(9);
    expect(many.matchTicks.at(-1)).toBeLessThanOrEqual(137);
  });
});
