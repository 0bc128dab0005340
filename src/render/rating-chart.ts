import type { Variant } from "../engine/types.js";
import { WOOD } from "./palette.js";
import { footerItem, frameSvg, headerItems, MARGIN, PANEL_BORDER } from "./standings-frame.js";
import { circle, n1, rect } from "./svg-util.js";
import { composePng, type TextItem } from "./text-image.js";

/**
 * A player's rating over their rated matches, one line per game, with every text already in
 * the reader's language: the renderer draws, it does not translate or compute ratings.
 */
export interface RatingChartLine {
  /** The game: its line's colour. */
  readonly variant: Variant;
  /** The legend's text (the game, and the rating now). */
  readonly label: string;
  /** The rating before the first match shown, then after each match, in order. */
  readonly ratings: readonly number[];
  /** How many rated matches came before the first rating shown (0: from the start). */
  readonly firstMatch: number;
}

export interface RatingChartView {
  readonly title: string;
  readonly subtitle: string;
  /** One line per game; the legend lists them in this order. */
  readonly lines: readonly RatingChartLine[];
  /** Under the horizontal axis: what it counts (rated matches). */
  readonly xLabel: string;
}

export type RenderRatingChart = (view: RatingChartView) => Promise<Buffer>;

export const CHART_WIDTH = 900;
export const CHART_HEIGHT = 560;
/** Each game's line: long nardy a dark red, short nardy a dark blue. */
export const LINE_COLOURS: Readonly<Record<Variant, string>> = {
  long: "#8c2412",
  short: "#1f4e79",
};
const GRID = "#b98e58";
/** Room left of the plot for the ratings' figures. */
const Y_LABELS_W = 64;
const PLOT_TOP = 104;
/** Room under the plot: the matches' figures, the axis' label, the legend. */
const BELOW = 110;

export interface ChartGeometry {
  /** The field the lines are drawn on. */
  readonly plot: { readonly x: number; readonly y: number; readonly w: number; readonly h: number };
  readonly minRating: number;
  readonly maxRating: number;
  /** The last match number on the horizontal axis (at least 1). */
  readonly maxMatch: number;
  readonly ratingTicks: readonly number[];
  readonly matchTicks: readonly number[];
  /** Where a rating, and a match number, are drawn. */
  readonly yOf: (rating: number) => number;
  readonly xOf: (match: number) => number;
}

/** The smallest of 1, 2, 2.5, 5 times a power of ten that cuts `span` in at most `parts`. */
function niceStep(span: number, parts: number, whole: boolean): number {
  const raw = span / parts;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of whole ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10]) {
    const step = m * power;
    if (step >= raw && (!whole || Number.isInteger(step))) return step;
  }
  return 10 * power;
}

const ticks = (from: number, to: number, step: number): number[] => {
  const out: number[] = [];
  for (let v = Math.ceil(from / step) * step; v <= to + 1e-9; v += step) out.push(v);
  return out;
};

/** Where everything of the chart goes; exported for tests that sample pixels. */
export function chartGeometry(view: RatingChartView): ChartGeometry {
  const all = view.lines.flatMap((l) => l.ratings);
  const lo = all.length > 0 ? Math.min(...all) : 1500;
  const hi = all.length > 0 ? Math.max(...all) : 1500;
  // At least 40 points of rating tall, centred on what is shown.
  const mid = (lo + hi) / 2;
  const half = Math.max(20, ((hi - lo) / 2) * 1.1);
  const step = niceStep(2 * half, 5, false);
  const minRating = Math.floor((mid - half) / step) * step;
  const maxRating = Math.ceil((mid + half) / step) * step;
  const maxMatch = Math.max(1, ...view.lines.map((l) => l.firstMatch + l.ratings.length - 1));
  const first = Math.min(...view.lines.map((l) => l.firstMatch), maxMatch - 1);
  const minMatch = Math.max(0, first);
  const plot = {
    x: MARGIN + Y_LABELS_W,
    y: PLOT_TOP,
    w: CHART_WIDTH - 2 * MARGIN - Y_LABELS_W - 12,
    h: CHART_HEIGHT - PLOT_TOP - BELOW,
  };
  const inner = 12;
  const xOf = (m: number) =>
    plot.x + inner + ((m - minMatch) / (maxMatch - minMatch)) * (plot.w - 2 * inner);
  const yOf = (r: number) =>
    plot.y + inner + ((maxRating - r) / (maxRating - minRating)) * (plot.h - 2 * inner);
  return {
    plot,
    minRating,
    maxRating,
    maxMatch,
    ratingTicks: ticks(minRating, maxRating, step),
    matchTicks: ticks(minMatch, maxMatch, niceStep(maxMatch - minMatch, 8, true)),
    yOf,
    xOf,
  };
}

/** The chart's shapes (an SVG body) and texts. */
export function ratingChartPicture(view: RatingChartView): {
  svg: string;
  width: number;
  height: number;
  items: TextItem[];
} {
  const g = chartGeometry(view);
  const p = g.plot;
  let svg = frameSvg(CHART_WIDTH, CHART_HEIGHT);
  svg += rect(
    p.x - PANEL_BORDER,
    p.y - PANEL_BORDER,
    p.w + 2 * PANEL_BORDER,
    p.h + 2 * PANEL_BORDER,
    WOOD.frameEdge,
  );
  svg += rect(p.x, p.y, p.w, p.h, WOOD.field);
  const items: TextItem[] = headerItems(view.title, view.subtitle, CHART_WIDTH);
  const label = { size: 15, color: WOOD.label };
  for (const r of g.ratingTicks) {
    const y = g.yOf(r);
    svg += rect(p.x, y, p.w, 1, GRID);
    items.push({
      text: String(r),
      style: label,
      x: p.x - 10,
      cy: y,
      align: "right",
      maxWidth: Y_LABELS_W - 8,
    });
  }
  for (const m of g.matchTicks) {
    const x = g.xOf(m);
    svg += `<rect x="${n1(x)}" y="${n1(p.y)}" width="1" height="${n1(p.h)}" fill="${GRID}" opacity="0.6"/>`;
    items.push({
      text: String(m),
      style: label,
      x,
      cy: p.y + p.h + 18,
      align: "center",
      maxWidth: 60,
    });
  }
  items.push(footerItem(view.xLabel, CHART_WIDTH, p.y + p.h + 44));
  for (const line of view.lines) {
    const colour = LINE_COLOURS[line.variant];
    const points = line.ratings.map((r, k) => [g.xOf(line.firstMatch + k), g.yOf(r)] as const);
    if (points.length > 1)
      svg += `<polyline points="${points.map(([x, y]) => `${n1(x)},${n1(y)}`).join(" ")}" fill="none" stroke="${colour}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>`;
    // Each match a dot, while they are few enough to tell apart.
    if (points.length <= 60) for (const [x, y] of points) svg += circle(x, y, 5, colour);
  }
  // The legend: a swatch and the label per line, side by side under the axis.
  const legendY = CHART_HEIGHT - 30;
  const slot = (CHART_WIDTH - 2 * MARGIN) / Math.max(1, view.lines.length);
  view.lines.forEach((line, i) => {
    const x = MARGIN + slot * i + 24;
    svg += rect(x, legendY - 4, 28, 8, LINE_COLOURS[line.variant]);
    items.push({
      text: line.label,
      style: { size: 18, bold: true, color: WOOD.label },
      x: x + 38,
      cy: legendY,
      align: "left",
      maxWidth: slot - 80,
      minSize: 13,
    });
  });
  return { svg, width: CHART_WIDTH, height: CHART_HEIGHT, items };
}

/**
 * The rating chart as a PNG in the board's wooden style: shapes are one SVG rasterised by
 * sharp, texts drawn with the DejaVu fonts from npm (text-image.ts), like the standings.
 */
export const renderRatingChartPng: RenderRatingChart = async (view) => {
  const p = ratingChartPicture(view);
  return composePng(p.svg, p.width, p.height, p.items);
};
