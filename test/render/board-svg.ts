import { displayList } from "../../src/render/compose.js";
import type { DisplayList } from "../../src/render/display.js";
import type { BoardView } from "../../src/render/view.js";

/**
 * The board's display list as a self-contained SVG (shapes and paths only, no `<text>`, no
 * fonts): what the tests read the drawing from, and the PNG renderer is compared against.
 */
export function boardSvg(view: BoardView): string {
  return listToSvg(displayList(view), view);
}

function listToSvg(d: DisplayList, view: BoardView): string {
  let s = `<svg xmlns="http://www.w3.org/2000/svg" width="${d.width}" height="${d.height}" viewBox="0 0 ${d.width} ${d.height}" data-variant="${view.variant}" data-perspective="${view.perspective}">`;
  s += d.background;
  for (const it of d.items)
    s += `<g transform="translate(${it.x} ${it.y})"${it.attrs ?? ""}>${it.body}</g>`;
  return `${s}</svg>`;
}
