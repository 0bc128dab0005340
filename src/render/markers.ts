import type { Color, Step } from "../engine/types.js";
import { type Item, itemAt } from "./display.js";
import { barCheckerCenter, checkerCenter, type Layout, type Pt, slabRect } from "./layout.js";
import { MARK } from "./palette.js";
import { netMoves, type Scene } from "./scene.js";
import { circle, rect } from "./svg-util.js";
import type { BoardView } from "./view.js";

/** How a point's number is marked: where a move started (outlined) or ended (filled). */
export interface LabelMark {
  readonly color: string;
  readonly filled: boolean;
}

export interface Marks {
  /** Drawn over the checkers: rings on moved checkers, a dashed ghost where a bar checker left. */
  readonly overlay: readonly Item[];
  /** By near's point number. */
  readonly labels: ReadonlyMap<number, LabelMark>;
}

/** Marks for the previous turn, then for this turn's steps, which win where both apply. */
export function buildMarks(l: Layout, view: BoardView, sc: Scene): Marks {
  const labels = new Map<number, LabelMark>();
  const overlay: Item[] = [];
  const layers: [Color | undefined, readonly Step[], string, string][] = [
    [view.lastMove?.color, view.lastMove?.steps ?? [], MARK.last, "last"],
    [view.toMove ?? undefined, view.currentSteps, MARK.current, "current"],
  ];
  for (const [mover, steps, color, kind] of layers) {
    if (!mover || steps.length === 0) continue;
    const attrs = ` class="mark" data-kind="${kind}"`;
    for (const { spot, net } of netMoves(view, mover, steps).values()) {
      if (spot.kind === "point") {
        labels.set(spot.p, { color, filled: net > 0 });
        const st = sc.points[spot.p];
        if (net > 0 && st) {
          const shown = Math.min(st.count, l.maxStack);
          for (let i = shown - 1; i >= Math.max(0, shown - net); i--)
            overlay.push(ring(checkerCenter(l, spot.p, i), l.radius, color, attrs));
        }
      } else if (spot.kind === "bar" && net < 0) {
        const left = spot.nearSide ? sc.bar.near : sc.bar.far;
        if (left < l.maxStack)
          overlay.push(ghost(barCheckerCenter(l, spot.nearSide, left), l.radius, color, attrs));
      } else if (spot.kind === "off" && net > 0) {
        const off = spot.nearSide ? sc.off.near : sc.off.far;
        for (let i = off - 1; i >= Math.max(0, off - net); i--) {
          const r = slabRect(l, spot.nearSide, i);
          overlay.push(
            itemAt(
              r.x + r.w / 2,
              r.y + r.h / 2,
              r.w + 6,
              r.h + 6,
              (x, y) =>
                rect(
                  x - r.w / 2 - 1,
                  y - r.h / 2 - 1,
                  r.w + 2,
                  r.h + 2,
                  "none",
                  ` rx="3" stroke="${color}" stroke-width="3"`,
                ),
              attrs,
            ),
          );
        }
      }
    }
  }
  return { overlay, labels };
}

const ring = (at: Pt, r: number, color: string, attrs: string): Item =>
  itemAt(
    at.x,
    at.y,
    2 * r,
    2 * r,
    (x, y) => circle(x, y, r - 4, "none", ` stroke="${color}" stroke-width="5"`),
    attrs,
  );

const ghost = (at: Pt, r: number, color: string, attrs: string): Item =>
  itemAt(
    at.x,
    at.y,
    2 * r,
    2 * r,
    (x, y) =>
      circle(x, y, r - 3, "none", ` stroke="${color}" stroke-width="3" stroke-dasharray="6 5"`),
    attrs,
  );
