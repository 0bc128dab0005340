/**
 * Digits drawn as stroked SVG paths, so the picture never depends on system fonts
 * (a slim container has none and `<text>` then renders boxes). Glyphs are designed in a
 * 10 x 16 box (y down) using only M, L, C and Z with absolute coordinate pairs, which lets
 * them be scaled by walking the numbers two at a time.
 */
const GLYPHS: Readonly<Record<string, string>> = {
  "0": "M5 0C1.6 0 0 3.4 0 8C0 12.6 1.6 16 5 16C8.4 16 10 12.6 10 8C10 3.4 8.4 0 5 0Z",
  "1": "M1.8 3.4L5.8 0L5.8 16",
  "2": "M0.6 3.8C0.9 1.4 2.8 0 5.1 0C7.7 0 9.6 1.7 9.6 4.2C9.6 6.6 8 8.1 5.6 10C3.3 11.8 0.6 13.6 0.4 16L10 16",
  "3": "M1 0L9.4 0L4.6 6.2C8 6.2 10 8.2 10 11C10 14 7.8 16 4.9 16C2.8 16 1 15.1 0 13.6",
  "4": "M7.4 16L7.4 0L0 11.2L10 11.2",
  "5": "M9.2 0L1.6 0L0.8 7C2 6.1 3.5 5.7 5 5.7C8 5.7 10 7.9 10 10.8C10 14 7.7 16 4.8 16C2.8 16 1.1 15.2 0 13.7",
  "6": "M9 1.1C8 0.4 6.8 0 5.5 0C2.2 0 0.2 3.4 0.2 8.9C0.2 13.6 2.2 16 5.1 16C8 16 10 13.8 10 10.9C10 8 8 6 5.2 6C2.9 6 1 7.4 0.2 9.4",
  "7": "M0 0L10 0L3.6 16",
  "8": "M5 7.3C2.6 7.3 1 5.9 1 3.7C1 1.4 2.7 0 5 0C7.3 0 9 1.4 9 3.7C9 5.9 7.4 7.3 5 7.3ZM5 7.3C2.2 7.3 0 8.9 0 11.6C0 14.4 2.2 16 5 16C7.8 16 10 14.4 10 11.6C10 8.9 7.8 7.3 5 7.3Z",
  "9": "M1 14.9C2 15.6 3.2 16 4.5 16C7.8 16 9.8 12.6 9.8 7.1C9.8 2.4 7.8 0 4.9 0C2 0 0 2.2 0 5.1C0 8 2 10 4.8 10C7.1 10 9 8.6 9.8 6.6",
  ":": "M5 4.2L5 4.3M5 11.7L5 11.8",
  "+": "M0 8L10 8M5 3L5 13",
  "=": "M0 5.5L10 5.5M0 10.5L10 10.5",
};

const GLYPH_W = 10;
const GLYPH_H = 16;
const TRACKING = 3.6;

const r1 = (v: number): string => String(Math.round(v * 10) / 10);

/** Width in pixels of `text` drawn `h` pixels tall. */
export function textWidth(text: string, h: number): number {
  const s = h / GLYPH_H;
  return text.length === 0 ? 0 : (text.length * GLYPH_W + (text.length - 1) * TRACKING) * s;
}

/** Path data for `text`, `h` pixels tall, centred on (cx, cy). Unknown characters are skipped. */
export function textPathData(text: string, cx: number, cy: number, h: number): string {
  const s = h / GLYPH_H;
  let x0 = cx - textWidth(text, h) / 2;
  const y0 = cy - h / 2;
  let d = "";
  for (const ch of text) {
    const g = GLYPHS[ch];
    if (g !== undefined) {
      let isX = true;
      d += g.replace(/-?\d+(\.\d+)?/g, (num) => {
        const v = Number(num) * s + (isX ? x0 : y0);
        isX = !isX;
        return r1(v);
      });
    }
    x0 += (GLYPH_W + TRACKING) * s;
  }
  return d;
}

export interface TextStyle {
  readonly color: string;
  /** Stroke width as a fraction of the height; 0.13 reads as regular, 0.17 as bold. */
  readonly weight?: number;
}

/** A `<path>` drawing `text` centred on (cx, cy). */
export function drawText(text: string, cx: number, cy: number, h: number, st: TextStyle): string {
  const w = r1(h * (st.weight ?? 0.13));
  return `<path d="${textPathData(text, cx, cy, h)}" fill="none" stroke="${st.color}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;
}
