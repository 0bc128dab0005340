import { displayList } from "./compose.js";
import type { DisplayList, Item } from "./display.js";
import type { BoardView } from "./view.js";

/**
 * The board picture as a self-contained SVG: shapes and paths only, no `<text>`, no fonts.
 * Everything is inside one `<g class="board">` in the board's own coordinates; a tall board
 * turns that group a quarter clockwise, so what is drawn on top of it lines up unchanged.
 */
export function boardSvg(view: BoardView): string {
  return listToSvg(displayList(view), view);
}

function listToSvg(d: DisplayList, view: BoardView): string {
  const tall = view.shape === "tall";
  const [w, h] = tall ? [d.height, d.width] : [d.width, d.height];
  let s = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" data-variant="${view.variant}" data-perspective="${view.perspective}" data-shape="${tall ? "tall" : "wide"}">`;
  s += tall ? `<g class="board" transform="translate(${w} 0) rotate(90)">` : `<g class="board">`;
  s += d.background;
  for (const it of d.items) s += itemSvg(it, tall);
  return `${s}</g></svg>`;
}

function itemSvg(it: Item, tall: boolean): string {
  const body =
    tall && it.upright
      ? `<g transform="rotate(-90 ${it.w / 2} ${it.h / 2})">${it.body}</g>`
      : it.body;
  return `<g transform="translate(${it.x} ${it.y})"${it.attrs ?? ""}>${body}</g>`;
}
