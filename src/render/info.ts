import { type Item, itemAt, upright } from "./display.js";
import { drawText, textWidth } from "./font.js";
import { chipCenter, type Layout, offCountCenter, pipsCenter, scoreCenter } from "./layout.js";
import { CHECKER, MARK, WOOD } from "./palette.js";
import type { Scene } from "./scene.js";
import { circle, rect } from "./svg-util.js";
import type { BoardView } from "./view.js";

/** A number in the wood's label colour, centred on (cx, cy). */
function numberItem(text: string, cx: number, cy: number, h: number, attrs: string): Item {
  const w = textWidth(text, h) + h * 0.4 + 4;
  return itemAt(
    cx,
    cy,
    w,
    h * 1.4 + 4,
    (x, y) => drawText(text, x, y, h, { color: WOOD.label, weight: 0.15 }),
    attrs,
  );
}

/** Around the board: colour chips (ringed for the mover), pip counts, borne-off counts, score. */
export function infoItems(l: Layout, view: BoardView, sc: Scene): Item[] {
  const out: Item[] = [];
  for (const near of [true, false]) {
    const side = near ? "near" : "far";
    const color = near ? sc.near : sc.far;
    const p = CHECKER[color];
    const chip = chipCenter(l, near);
    const moving = view.toMove === color;
    out.push(
      itemAt(
        chip.x,
        chip.y,
        50,
        50,
        (x, y) =>
          (moving ? circle(x, y, 21, "none", ` stroke="${MARK.current}" stroke-width="4"`) : "") +
          circle(x, y, 15, p.fill, ` stroke="${p.rim}" stroke-width="2"`),
        ` class="chip" data-side="${side}" data-color="${color}" data-to-move="${moving}"`,
      ),
    );
    const pips = String(sc.pips[side]);
    const pc = pipsCenter(l, near);
    out.push(
      numberItem(pips, pc.x, pc.y, 21, ` class="pips" data-side="${side}" data-value="${pips}"`),
    );
    const off = String(sc.off[side]);
    const oc = offCountCenter(l, near);
    out.push(
      numberItem(off, oc.x, oc.y, 19, ` class="off-count" data-side="${side}" data-value="${off}"`),
    );
    if (view.score) {
      const pts = String(view.score[color === "white" ? 0 : 1]);
      const at = scoreCenter(l, near);
      const th = pts.length > 3 ? 14 : 20; // a long running series still fits the column
      const w = Math.max(textWidth(pts, th) + 18, 40);
      out.push(
        itemAt(
          at.x,
          at.y,
          w + 4,
          40,
          (x, y) =>
            rect(x - w / 2, y - 18, w, 36, p.fill, ` rx="6" stroke="${p.rim}" stroke-width="2"`) +
            drawText(pts, x, y, th, { color: p.ink, weight: 0.16 }),
          ` class="score" data-color="${color}" data-value="${pts}"`,
        ),
      );
    }
  }
  return out.map(upright);
}
