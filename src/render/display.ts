/**
 * The picture as a display list: a static background per variant plus small items, each an
 * SVG fragment in its own integer-aligned box. svg.ts writes them into one document; png.ts
 * rasterises each distinct fragment once and blits it, because rasterising the whole board
 * with librsvg costs ~30 ms a frame while blitting cached sprites costs ~1 ms.
 */
export interface Item {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  /** Drawn in local coordinates (0,0 at the box's corner) and inside the box. */
  readonly body: string;
  /** Extra attributes for the item's `<g>` in the SVG (class, data-*); not drawn. */
  readonly attrs?: string;
  /** Carries digits: on a board drawn turned (tall), it is turned back to stand upright. */
  readonly upright?: boolean;
}

export interface DisplayList {
  readonly width: number;
  readonly height: number;
  /** Same string for every view of a variant, so its raster can be cached. */
  readonly background: string;
  readonly items: readonly Item[];
}

/** The item marked to stand upright on a turned board. */
export const upright = (it: Item): Item => ({ ...it, upright: true });

/** A w x h box centred on (cx, cy), snapped to whole pixels; `draw` gets the local centre. */
export function itemAt(
  cx: number,
  cy: number,
  w: number,
  h: number,
  draw: (lx: number, ly: number) => string,
  attrs?: string,
): Item {
  const bw = Math.ceil(w);
  const bh = Math.ceil(h);
  const x = Math.round(cx - bw / 2);
  const y = Math.round(cy - bh / 2);
  const body = draw(cx - x, cy - y);
  return attrs === undefined ? { x, y, w: bw, h: bh, body } : { x, y, w: bw, h: bh, body, attrs };
}
