import { type Item, itemAt, upright } from "./display.js";
import { drawText } from "./font.js";
import { CUBE_SIZE, cubeCenter, type Layout } from "./layout.js";
import { CHECKER } from "./palette.js";
import { rect } from "./svg-util.js";
import type { BoardView } from "./view.js";

/** The doubling cube in the left column: centred in the middle, owned towards its owner. */
export function cubeItems(l: Layout, view: BoardView): Item[] {
  const c = view.cube;
  if (!c) return [];
  const owner = c.owner === null ? null : c.owner === view.perspective ? "near" : "far";
  const at = cubeCenter(l, owner);
  // A centred cube at 1 shows 64, as a real cube does.
  const shown = String(owner === null && c.value === 1 ? 64 : c.value);
  const h = CUBE_SIZE / 2;
  const p = CHECKER.white;
  const attrs = ` class="cube" data-value="${c.value}" data-owner="${owner ?? "centre"}"`;
  const draw = (x: number, y: number): string =>
    rect(x - h, y - h, CUBE_SIZE, CUBE_SIZE, p.fill, ` rx="7" stroke="${p.rim}" stroke-width="2"`) +
    drawText(shown, x, y, shown.length > 1 ? 20 : 24, { color: p.ink, weight: 0.16 });
  return [upright(itemAt(at.x, at.y, CUBE_SIZE + 4, CUBE_SIZE + 4, draw, attrs))];
}
