import type { Variant } from "../engine/types.js";
import type { Shape } from "./view.js";

/**
 * Pixel geometry of the picture, in the numbering of the player at the bottom ("near").
 * Both games share one ring: near's 24 top-right, 13 top-left, 12 bottom-left, 1 bottom-right,
 * so a point keeps its place and number whichever game is on. Everything that draws or tests
 * a position asks this module, never hard-codes a coordinate.
 */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface Layout {
  readonly variant: Variant;
  readonly shape: Shape;
  /** In the board's own coordinates; a tall board is drawn turned a quarter clockwise. */
  readonly width: number;
  readonly height: number;
  /** The playing surface, both halves and the bar between them. */
  readonly field: Rect;
  readonly bar: Rect;
  readonly pointWidth: number;
  readonly pointLength: number;
  readonly radius: number;
  /** Left info column (pips, cube) and right column (trays, score). */
  readonly left: Rect;
  readonly right: Rect;
  /** Checkers drawn on a point or half-bar; more show as a count on the top one. */
  readonly maxStack: number;
  /** Height of a point's number; the strips above and below the field hold them. */
  readonly labelHeight: number;
  readonly strip: number;
  /** Thickness of a borne-off checker seen edge-on in its tray. */
  readonly slab: number;
  /** How far an owned cube sits from the middle, towards its owner. */
  readonly cubeOffset: number;
  /** From a side's colour chip to its pip count, towards the middle. */
  readonly pipsOffset: number;
}

/** The chat's picture. */
export const WIDTH = 960;
export const HEIGHT = 720;

interface Proportions {
  readonly width: number;
  readonly height: number;
  readonly strip: number;
  readonly leftW: number;
  readonly rightW: number;
  readonly radius: number;
  readonly maxStack: number;
  readonly labelHeight: number;
  readonly slab: number;
  readonly cubeOffset: number;
  readonly pipsOffset: number;
  /** The bar of short nardy; long nardy has only the hinge of a folding board. */
  readonly barW: { readonly short: number; readonly long: number };
}

const FRAME = 12;

const SHAPES: Readonly<Record<Shape, Proportions>> = {
  wide: {
    width: WIDTH,
    height: HEIGHT,
    strip: 32,
    leftW: 96,
    rightW: 84,
    radius: 27,
    maxStack: 5,
    labelHeight: 17,
    slab: 14,
    cubeOffset: 150,
    pipsOffset: 44,
    barW: { short: 60, long: 36 },
  },
  /*
   * For a phone held upright: the points run along the screen's height, so each is about
   * 41 CSS px across on a 390 px screen (66 of 600 units), and the numbers stay 11 px high.
   */
  tall: {
    width: 1020,
    height: 600,
    strip: 34,
    leftW: 69,
    rightW: 69,
    radius: 28,
    maxStack: 4,
    labelHeight: 18,
    slab: 10,
    cubeOffset: 100,
    // Upright, a count's width runs along the column.
    pipsOffset: 62,
    barW: { short: 66, long: 40 },
  },
};

export function layoutFor(variant: Variant, shape: Shape = "wide"): Layout {
  const s = SHAPES[shape];
  const barW = s.barW[variant];
  const fieldW = s.width - 2 * FRAME - s.leftW - s.rightW;
  const pointWidth = (fieldW - barW) / 12;
  const fieldY = FRAME + s.strip;
  const field = { x: FRAME + s.leftW, y: fieldY, w: fieldW, h: s.height - 2 * fieldY };
  return {
    variant,
    shape,
    width: s.width,
    height: s.height,
    field,
    bar: { x: field.x + 6 * pointWidth, y: field.y, w: barW, h: field.h },
    pointWidth,
    pointLength: s.maxStack * 2 * s.radius,
    radius: s.radius,
    left: { x: FRAME, y: field.y, w: s.leftW, h: field.h },
    right: { x: field.x + fieldW, y: field.y, w: s.rightW, h: field.h },
    maxStack: s.maxStack,
    labelHeight: s.labelHeight,
    strip: s.strip,
    slab: s.slab,
    cubeOffset: s.cubeOffset,
    pipsOffset: s.pipsOffset,
  };
}

export const isTop = (p: number): boolean => p >= 13;

/** Column 0..11 from the left edge. */
export const column = (p: number): number => (isTop(p) ? p - 13 : 12 - p);

export function pointRect(l: Layout, p: number): Rect {
  const c = column(p);
  const x = l.field.x + c * l.pointWidth + (c >= 6 ? l.bar.w : 0);
  const y = isTop(p) ? l.field.y : l.field.y + l.field.h - l.pointLength;
  return { x, y, w: l.pointWidth, h: l.pointLength };
}

export const pointCenterX = (l: Layout, p: number): number => {
  const r = pointRect(l, p);
  return r.x + r.w / 2;
};

export interface Pt {
  readonly x: number;
  readonly y: number;
}

/** Centre of the i-th checker (0 = at the edge) on point p. */
export function checkerCenter(l: Layout, p: number, i: number): Pt {
  const d = 2 * l.radius;
  const x = pointCenterX(l, p);
  return isTop(p)
    ? { x, y: l.field.y + 1 + l.radius + i * d }
    : { x, y: l.field.y + l.field.h - 1 - l.radius - i * d };
}

/** Centre of the i-th checker on the bar; near's wait in the upper half, by its entry. */
export function barCheckerCenter(l: Layout, near: boolean, i: number): Pt {
  const mid = l.field.y + l.field.h / 2;
  const off = 10 + l.radius + i * 2 * l.radius;
  return { x: l.bar.x + l.bar.w / 2, y: near ? mid - off : mid + off };
}

const TRAY_PAD = 4;

/** Borne-off tray: far's at the top, near's at the bottom of the right column. */
export function trayRect(l: Layout, near: boolean): Rect {
  const h = 15 * l.slab + 2 * TRAY_PAD;
  const x = l.right.x + 12;
  return { x, y: near ? l.right.y + l.right.h - h : l.right.y, w: l.right.w - 24, h };
}

/** The i-th borne-off checker seen edge-on, stacked from the outer end of the tray. */
export function slabRect(l: Layout, near: boolean, i: number): Rect {
  const t = trayRect(l, near);
  const y = near ? t.y + t.h - TRAY_PAD - (i + 1) * l.slab : t.y + TRAY_PAD + i * l.slab;
  return { x: t.x + TRAY_PAD, y: y + 1, w: t.w - 2 * TRAY_PAD, h: l.slab - 2 };
}

/** Centre of the borne-off count, just beyond the tray's inner end. */
export function offCountCenter(l: Layout, near: boolean): Pt {
  const t = trayRect(l, near);
  return { x: t.x + t.w / 2, y: near ? t.y - 18 : t.y + t.h + 18 };
}

/** Box of point p's number, in the strip beyond the point's base. */
export function labelRect(l: Layout, p: number): Rect {
  const r = pointRect(l, p);
  return { x: r.x, y: isTop(p) ? l.field.y - l.strip : l.field.y + l.field.h, w: r.w, h: l.strip };
}

/** Left column: a side's colour chip and pip count, far at the top, near at the bottom. */
export function chipCenter(l: Layout, near: boolean): Pt {
  const x = l.left.x + l.left.w / 2;
  return { x, y: near ? l.left.y + l.left.h - 24 : l.left.y + 24 };
}

export function pipsCenter(l: Layout, near: boolean): Pt {
  const c = chipCenter(l, near);
  return { x: c.x, y: near ? c.y - l.pipsOffset : c.y + l.pipsOffset };
}

/** Cube centre: middle when centred, else towards its owner. */
export function cubeCenter(l: Layout, owner: "near" | "far" | null): Pt {
  const x = l.left.x + l.left.w / 2;
  const mid = l.left.y + l.left.h / 2;
  if (owner === null) return { x, y: mid };
  return { x, y: owner === "near" ? mid + l.cubeOffset : mid - l.cubeOffset };
}

export const CUBE_SIZE = 50;

/** Score boxes in the right column between the trays: far above, near below. */
export function scoreCenter(l: Layout, near: boolean): Pt {
  const mid = l.right.y + l.right.h / 2;
  return { x: l.right.x + l.right.w / 2, y: near ? mid + 28 : mid - 28 };
}

export const DIE_SIZE = 46;
const DIE_GAP = 12;

/** Dice sit in the middle of the mover's half: right when near moves, left when far does. */
export function dieCenter(l: Layout, nearSide: boolean, i: number, n: number): Pt {
  const half = nearSide
    ? l.bar.x + l.bar.w + (6 * l.pointWidth) / 2
    : l.field.x + (6 * l.pointWidth) / 2;
  const span = n * DIE_SIZE + (n - 1) * DIE_GAP;
  return {
    x: half - span / 2 + DIE_SIZE / 2 + i * (DIE_SIZE + DIE_GAP),
    y: l.field.y + l.field.h / 2,
  };
}
