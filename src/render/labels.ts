import { type Item, itemAt, upright } from "./display.js";
import { drawText, textWidth } from "./font.js";
import { type Layout, labelRect } from "./layout.js";
import type { LabelMark } from "./markers.js";
import { WOOD } from "./palette.js";
import { rect } from "./svg-util.js";

/*
 * Point numbers in near's numbering, so a button "13→7" matches the picture at a glance.
 * The geometry is in near's numbering, so the plain numbers never change: they belong to
 * the static background, and a marked number is an item that covers the plain one.
 */
const PILL_H = 26;

const labelCenter = (l: Layout, p: number): { x: number; y: number } => {
  const b = labelRect(l, p);
  return { x: b.x + b.w / 2, y: b.y + b.h / 2 };
};

export function plainLabels(l: Layout): string {
  let s = "";
  for (let p = 1; p <= 24; p++) {
    const c = labelCenter(l, p);
    // On a turned board each number is turned back about its centre.
    const turn = l.shape === "tall" ? ` transform="rotate(-90 ${c.x} ${c.y})"` : "";
    s += `<g class="label" data-point="${p}"${turn}>${drawText(String(p), c.x, c.y, l.labelHeight, { color: WOOD.label, weight: 0.15 })}</g>`;
  }
  return s;
}

export function markedLabelItems(l: Layout, marks: ReadonlyMap<number, LabelMark>): Item[] {
  const out: Item[] = [];
  for (const [p, m] of marks) {
    const c = labelCenter(l, p);
    const pw = textWidth(String(p), l.labelHeight) + 16;
    const draw = (x: number, y: number): string => {
      // Frame-coloured cover first, so the plain number below does not show twice.
      let s = rect(x - pw / 2, y - PILL_H / 2 + 1, pw, PILL_H - 2, WOOD.frame);
      s += m.filled
        ? rect(x - pw / 2, y - PILL_H / 2, pw, PILL_H, m.color, ` rx="13"`)
        : rect(
            x - pw / 2,
            y - PILL_H / 2,
            pw,
            PILL_H,
            "none",
            ` rx="13" stroke="${m.color}" stroke-width="2.5"`,
          );
      const ink = m.filled ? WOOD.frame : WOOD.label;
      return s + drawText(String(p), x, y, l.labelHeight, { color: ink, weight: 0.15 });
    };
    const attrs = ` class="label-mark" data-point="${p}" data-filled="${m.filled}"`;
    out.push(upright(itemAt(c.x, c.y, pw + 4, PILL_H + 4, draw, attrs)));
  }
  return out;
}
