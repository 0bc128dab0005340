import { BAR, type Color, OFF, opponentPointToMine, type Step } from "../../engine/index.js";
import {
  barCheckerCenter,
  checkerCenter,
  type Layout,
  layoutFor,
  type Pt,
  pointRect,
  type Rect,
  trayRect,
} from "../../render/layout.js";
import { CHECKER } from "../../render/palette.js";
import { type Scene, sceneOf } from "../../render/scene.js";
import { boardSvg } from "../../render/svg.js";
import type { BoardView } from "../../render/view.js";

/**
 * The board page's picture: the PNG board's own SVG (same drawing, same numbering), with
 * what can be tapped on top of it. A spot is a point in the numbering of the player at the
 * bottom (1..24), the bar (25) or the tray (0), as the engine numbers the mover's steps.
 */
export type Spot = number;

/** What is lit: the checkers that may move, the one picked, and where it may go. */
export interface Lit {
  readonly origins: ReadonlySet<Spot>;
  readonly selected: Spot | null;
  readonly targets: ReadonlySet<Spot>;
}

const PICKED = "#34c759";
/**
 * A checker that may move: a bright ring inside a dark one, so it shows on a cream checker
 * as well as on a dark one (a light ring alone vanished on White's).
 */
export const MOVABLE = { ring: "#ffc400", halo: "#1c1408" } as const;

/** The name of a spot in the page (`data-spot`), as the tests tap it. */
export const spotName = (s: Spot): string => (s === BAR ? "bar" : s === OFF ? "off" : `p${s}`);

export function spotOf(name: string | undefined): Spot | null {
  if (name === "bar") return BAR;
  if (name === "off") return OFF;
  const m = /^p([1-9]\d?)$/.exec(name ?? "");
  return m && Number(m[1]) <= 24 ? Number(m[1]) : null;
}

/** The SVG of the view, with the lit spots and tap areas when the viewer is to move. */
export function boardMarkup(view: BoardView, lit: Lit | null): string {
  const svg = boardSvg(view);
  if (!lit) return svg;
  const l = layoutFor(view.variant, view.shape);
  const sc = sceneOf(view);
  let extra = "";
  for (const o of lit.origins) if (o !== lit.selected) extra += movable(topOf(l, sc, o), l.radius);
  if (lit.selected !== null) extra += ring(topOf(l, sc, lit.selected), l.radius, PICKED, 1);
  for (const t of lit.targets) extra += landing(l, sc, t);
  for (const [spot, r] of tapAreas(l))
    extra += `<rect class="spot" data-spot="${spotName(spot)}" x="${r.x}" y="${r.y}" width="${r.w}" height="${r.h}" fill="transparent"/>`;
  // Inside the board's group, so it turns with a tall board.
  return svg.replace(/<\/g><\/svg>$/, `${extra}</g></svg>`);
}

/**
 * Where each spot is tapped: a point's half of its column, the bar (short nardy only: long
 * nardy's hinge holds nothing), the tray's column.
 */
function tapAreas(l: Layout): [Spot, Rect][] {
  const half = l.field.h / 2;
  const out: [Spot, Rect][] = [];
  for (let p = 1; p <= 24; p++) {
    const r = pointRect(l, p);
    out.push([p, { x: r.x, y: p >= 13 ? l.field.y : l.field.y + half, w: r.w, h: half }]);
  }
  if (l.variant === "short") out.push([BAR, l.bar]);
  out.push([OFF, { ...l.right, x: l.right.x, w: l.width - l.right.x }]);
  return out;
}

const movable = (at: Pt, r: number): string =>
  `<circle cx="${at.x}" cy="${at.y}" r="${r - 3}" fill="none" stroke="${MOVABLE.halo}" stroke-width="8"/>` +
  `<circle cx="${at.x}" cy="${at.y}" r="${r - 3}" fill="none" stroke="${MOVABLE.ring}" stroke-width="4"/>`;

const ring = (at: Pt, r: number, color: string, opacity: number): string =>
  `<circle cx="${at.x}" cy="${at.y}" r="${r - 3}" fill="none" stroke="${color}" stroke-width="5" stroke-opacity="${opacity}"/>`;

/** The near side's top checker on a point or on the bar. */
function topOf(l: Layout, sc: Scene, spot: Spot): Pt {
  if (spot === BAR)
    return barCheckerCenter(l, true, Math.max(0, Math.min(sc.bar.near, l.maxStack) - 1));
  const st = sc.points[spot];
  return checkerCenter(l, spot, Math.max(0, Math.min(st?.count ?? 1, l.maxStack) - 1));
}

/** Where a checker would land: the next place on its point, or the tray. */
function landing(l: Layout, sc: Scene, spot: Spot): string {
  if (spot === OFF) {
    const t = trayRect(l, true);
    return `<rect x="${t.x}" y="${t.y}" width="${t.w}" height="${t.h}" rx="6" fill="${PICKED}" fill-opacity="0.45"/>`;
  }
  const st = sc.points[spot];
  const mine = st && st.color === sc.near ? st.count : 0;
  const at = checkerCenter(l, spot, Math.min(mine, l.maxStack - 1));
  return `<circle cx="${at.x}" cy="${at.y}" r="${l.radius - 2}" fill="${PICKED}" fill-opacity="0.55"/>`;
}

/** One checker's flight across the board, in the picture's coordinates. */
export interface Flight {
  readonly color: Color;
  readonly from: Pt;
  readonly to: Pt;
  /** The point (in the picture's numbering) whose top checker is this one, hidden in flight. */
  readonly lands: number | null;
}

/** The flights of a move (in its mover's numbering) over the board drawn after it. */
export function flightsOf(view: BoardView, mover: Color, steps: readonly Step[]): Flight[] {
  const l = layoutFor(view.variant, view.shape);
  const sc = sceneOf(view);
  const near = mover === view.perspective;
  const place = (q: number, leaving: boolean): { at: Pt; lands: number | null } => {
    if (q === OFF) {
      const t = trayRect(l, near);
      return { at: { x: t.x + t.w / 2, y: t.y + t.h / 2 }, lands: null };
    }
    if (q === BAR) {
      const n = near ? sc.bar.near : sc.bar.far;
      return {
        at: barCheckerCenter(l, near, Math.min(leaving ? n : Math.max(0, n - 1), l.maxStack - 1)),
        lands: null,
      };
    }
    const p = near ? q : opponentPointToMine(view.variant, q);
    const st = sc.points[p];
    const count = st?.color === mover ? st.count : 0;
    const i = leaving
      ? Math.min(count, l.maxStack - 1)
      : Math.max(0, Math.min(count, l.maxStack) - 1);
    return { at: checkerCenter(l, p, i), lands: leaving || count === 0 ? null : p };
  };
  return steps.map((s) => {
    const to = place(s.to, false);
    return { color: mover, from: place(s.from, true).at, to: to.at, lands: to.lands };
  });
}

/** The moving checker's drawing, centred on (0, 0). */
export function flyingChecker(color: Color, radius: number): string {
  const p = CHECKER[color];
  return `<circle r="${radius - 1}" fill="${p.fill}" stroke="${p.rim}" stroke-width="2"/><circle r="${radius * 0.62}" fill="none" stroke="${p.inner}" stroke-width="2"/>`;
}
