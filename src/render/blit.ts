/**
 * A sprite prepared for blitting: straight-alpha RGBA (as sharp returns it) reduced to the
 * runs of non-transparent pixels per row, since most of a sprite's box is empty.
 */
export interface Sprite {
  readonly w: number;
  readonly h: number;
  readonly rgba: Uint8Array;
  /** Triples (row, first column, length) of runs with alpha > 0. */
  readonly runs: Int32Array;
}

export function prepareSprite(rgba: Uint8Array, w: number, h: number): Sprite {
  const runs: number[] = [];
  for (let y = 0; y < h; y++) {
    let x = 0;
    while (x < w) {
      while (x < w && rgba[(y * w + x) * 4 + 3] === 0) x++;
      const start = x;
      while (x < w && rgba[(y * w + x) * 4 + 3] !== 0) x++;
      if (x > start) runs.push(y, start, x - start);
    }
  }
  return { w, h, rgba, runs: Int32Array.from(runs) };
}

/**
 * Draws a sprite onto an opaque RGB canvas at (x, y) with the SVG "over" operator, so a
 * blitted sprite matches the same fragment drawn in place by librsvg to within a level.
 * Clipped to the canvas.
 */
export function blit(
  dst: Uint8Array,
  dw: number,
  dh: number,
  sp: Sprite,
  x: number,
  y: number,
): void {
  const { rgba, runs, w } = sp;
  for (let r = 0; r < runs.length; r += 3) {
    const row = runs[r]!;
    const dy = y + row;
    if (dy < 0 || dy >= dh) continue;
    let c0 = runs[r + 1]!;
    let c1 = c0 + runs[r + 2]!;
    if (x + c0 < 0) c0 = -x;
    if (x + c1 > dw) c1 = dw - x;
    let s = (row * w + c0) * 4;
    let d = (dy * dw + x + c0) * 3;
    for (let c = c0; c < c1; c++, s += 4, d += 3) {
      const a = rgba[s + 3]!;
      if (a === 255) {
        dst[d] = rgba[s]!;
        dst[d + 1] = rgba[s + 1]!;
        dst[d + 2] = rgba[s + 2]!;
      } else {
        const b = 255 - a;
        dst[d] = div255(rgba[s]! * a + dst[d]! * b);
        dst[d + 1] = div255(rgba[s + 1]! * a + dst[d + 1]! * b);
        dst[d + 2] = div255(rgba[s + 2]! * a + dst[d + 2]! * b);
      }
    }
  }
}

/** Rounded v / 255 for v in 0..65025, in integer arithmetic. */
const div255 = (v: number): number => {
  const t = v + 128;
  return (t + (t >> 8)) >> 8;
};
