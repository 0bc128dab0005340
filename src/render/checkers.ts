import type { Color } from "../engine/types.js";
import { type Item, itemAt, upright } from "./display.js";
import { drawText } from "./font.js";
import {
  barCheckerCenter,
  checkerCenter,
  type Layout,
  type Pt,
  slabRect,
  trayRect,
} from "./layout.js";
import { CHECKER } from "./palette.js";
import type { Scene } from "./scene.js";
import { circle, rect } from "./svg-util.js";

/** Class on each drawn checker's body; tests count them by colour. */
const checkerClass = (c: Color): string => (c === "white" ? "ck-w" : "ck-b");

/** One checker; the top of a tall stack carries the total instead of the inner ring. */
function checker(at: Pt, r: number, color: Color, count: number | null, attrs: string): Item {
  const p = CHECKER[color];
  return itemAt(
    at.x,
    at.y,
    2 * r + 2,
    2 * r + 2,
    (x, y) =>
      circle(
        x,
        y,
        r - 1,
        p.fill,
        ` class="${checkerClass(color)}" stroke="${p.rim}" stroke-width="2"`,
      ) +
      (count === null
        ? circle(x, y, r * 0.62, "none", ` stroke="${p.inner}" stroke-width="2"`)
        : drawText(String(count), x, y, 24, { color: p.ink, weight: 0.17 })),
    attrs,
  );
}

/** Up to the layout's stack of checkers; beyond that the top one shows the total. */
function stack(
  l: Layout,
  centers: (i: number) => Pt,
  color: Color,
  count: number,
  tag: string,
): Item[] {
  const out: Item[] = [];
  const shown = Math.min(count, l.maxStack);
  for (let i = 0; i < shown; i++) {
    const top = i === shown - 1;
    const attrs = ` ${tag} data-color="${color}"${top ? ` data-count="${count}"` : ""}`;
    const total = top && count > l.maxStack ? count : null;
    const it = checker(centers(i), l.radius, color, total, attrs);
    out.push(total === null ? it : upright(it));
  }
  return out;
}

export function checkerItems(l: Layout, sc: Scene): Item[] {
  const out: Item[] = [];
  for (let p = 1; p <= 24; p++) {
    const st = sc.points[p];
    if (st)
      out.push(...stack(l, (i) => checkerCenter(l, p, i), st.color, st.count, `data-point="${p}"`));
  }
  for (const near of [true, false]) {
    const n = near ? sc.bar.near : sc.bar.far;
    const color = near ? sc.near : sc.far;
    const tag = `data-bar="${near ? "near" : "far"}"`;
    if (n > 0) out.push(...stack(l, (i) => barCheckerCenter(l, near, i), color, n, tag));
  }
  return out;
}

/** Borne-off checkers seen edge-on, one slab each (15 always fit), as one item per tray. */
export function trayItems(l: Layout, sc: Scene): Item[] {
  const out: Item[] = [];
  for (const near of [true, false]) {
    const n = near ? sc.off.near : sc.off.far;
    if (n === 0) continue;
    const color = near ? sc.near : sc.far;
    const p = CHECKER[color];
    const t = trayRect(l, near);
    const draw = (x: number, y: number): string => {
      let s = "";
      for (let i = 0; i < n; i++) {
        const r = slabRect(l, near, i);
        const sx = r.x - t.x + x - t.w / 2;
        const sy = r.y - t.y + y - t.h / 2;
        s += rect(sx, sy, r.w, r.h, p.fill, ` rx="3" stroke="${p.rim}" stroke-width="1.5"`);
      }
      return s;
    };
    const attrs = ` data-off="${near ? "near" : "far"}" data-color="${color}" data-count="${n}"`;
    out.push(itemAt(t.x + t.w / 2, t.y + t.h / 2, t.w, t.h, draw, attrs));
  }
  return out;
}
