import { column, isTop, type Layout, pointRect, trayRect } from "./layout.js";
import { WOOD } from "./palette.js";
import { n1, rect } from "./svg-util.js";

/** The wooden box, the same for every position: frame, both halves, bar, points, trays. */
export function drawFrame(l: Layout): string {
  const f = l.field;
  const half = 6 * l.pointWidth;
  let s = rect(0, 0, l.width, l.height, WOOD.frame);
  s += rect(
    3,
    3,
    l.width - 6,
    l.height - 6,
    "none",
    ` stroke="${WOOD.frameLight}" stroke-width="2"`,
  );
  for (const x of [f.x, l.bar.x + l.bar.w]) {
    s += rect(x - 3, f.y - 3, half + 6, f.h + 6, WOOD.frameEdge);
    s += rect(x, f.y, half, f.h, WOOD.field);
  }
  for (let p = 1; p <= 24; p++) s += drawPoint(l, p);
  for (const near of [true, false]) {
    const t = trayRect(l, near);
    s += rect(t.x, t.y, t.w, t.h, WOOD.tray, ` rx="4" stroke="${WOOD.frameEdge}" stroke-width="2"`);
  }
  return s;
}

function drawPoint(l: Layout, p: number): string {
  const r = pointRect(l, p);
  const dark = (column(p) % 2 === 0) === isTop(p);
  const base = isTop(p) ? r.y : r.y + r.h;
  const tip = isTop(p) ? r.y + r.h * 0.95 : r.y + r.h * 0.05;
  const fill = dark ? WOOD.pointDark : WOOD.pointLight;
  return `<path d="M${n1(r.x + 2)} ${n1(base)}L${n1(r.x + r.w / 2)} ${n1(tip)}L${n1(r.x + r.w - 2)} ${n1(base)}Z" fill="${fill}"/>`;
}
