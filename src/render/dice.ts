import type { Color } from "../engine/types.js";
import { type Item, itemAt, upright } from "./display.js";
import { DIE_SIZE, dieCenter, type Layout } from "./layout.js";
import { CHECKER } from "./palette.js";
import { circle, rect } from "./svg-util.js";
import type { BoardView } from "./view.js";

// Pip positions per face on a -1..1 grid.
const FACES: Readonly<Record<number, readonly (readonly [number, number])[]>> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

function dieBody(x: number, y: number, value: number, color: Color, used: boolean): string {
  const p = CHECKER[color];
  const h = DIE_SIZE / 2;
  let s = used ? `<g opacity="0.35">` : "<g>";
  s += rect(x - h, y - h, DIE_SIZE, DIE_SIZE, p.fill, ` rx="8" stroke="${p.rim}" stroke-width="2"`);
  for (const [dx, dy] of FACES[value] ?? []) {
    s += circle(x + dx * h * 0.52, y + dy * h * 0.52, DIE_SIZE * 0.095, p.ink);
  }
  return `${s}</g>`;
}

/**
 * Dice in the mover's colour and half; a double given as two values is drawn as four dice,
 * flags [a, b] spread as [a, a, b, b]. Used dice are dimmed.
 */
export function diceItems(l: Layout, view: BoardView): Item[] {
  const d = view.dice;
  if (!d || d.values.length === 0) return [];
  let values = d.values;
  let used = d.used;
  if (values.length === 2 && values[0] === values[1]) {
    const v = values[0]!;
    values = [v, v, v, v];
    used = [used[0] ?? false, used[0] ?? false, used[1] ?? false, used[1] ?? false];
  }
  const mover = view.toMove ?? view.perspective;
  const nearSide = mover === view.perspective;
  return values.map((v, i) => {
    const at = dieCenter(l, nearSide, i, values.length);
    const u = used[i] ?? false;
    const attrs = ` class="die" data-value="${v}" data-used="${u}"`;
    return upright(
      itemAt(at.x, at.y, DIE_SIZE + 4, DIE_SIZE + 4, (x, y) => dieBody(x, y, v, mover, u), attrs),
    );
  });
}
