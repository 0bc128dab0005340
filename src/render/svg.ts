import { displayList } from "./compose.js";
import type { DisplayList } from "./display.js";
import type { BoardView } from "./view.js";

/** The board picture as a self-contained SVG: shapes and paths only, no `<text>`, no fonts. */
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
