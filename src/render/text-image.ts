import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import { blit, prepareSprite, type Sprite } from "./blit.js";
import { coverageOf, drawableText } from "./text-coverage.js";

/*
 * Real text (names in any script) drawn with sharp's text input from the DejaVu fonts shipped
 * in the npm package `dejavu-fonts-ttf`, never from system fonts: a slim container has none,
 * and SVG `<text>` then draws boxes. `fontfile` registers the file with fontconfig for this
 * process, so the family is found even when fontconfig knows no font at all.
 *
 * libvips crops a text image to its ink, so two texts would not share a baseline. Each text
 * is therefore preceded by a transparent full block (ink from descender to ascender): every
 * image of one style has the same height and baseline, and the text's pen origin sits a
 * fixed distance from the image's left edge (measured once per style).
 */
const FONT_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")),
  "ttf",
);
export const FONT_FILES = {
  regular: path.join(FONT_DIR, "DejaVuSans.ttf"),
  bold: path.join(FONT_DIR, "DejaVuSans-Bold.ttf"),
} as const;

export interface TextStyle {
  /** Em size in pixels. */
  readonly size: number;
  readonly bold?: boolean;
  /** #rrggbb */
  readonly color: string;
}

export interface TextImage {
  /** The pixels, ready to blit. */
  readonly sprite: Sprite;
  readonly width: number;
  readonly height: number;
  /** The text's pen origin from the image's left edge (the strut before it). */
  readonly origin: number;
  /** Pixels from the pen origin to the right edge of the ink. */
  readonly advance: number;
  /** Whether the text was shortened with an ellipsis to fit. */
  readonly truncated: boolean;
}

const STRUT = '<span alpha="1">█</span>';
const ELLIPSIS = "…";
/** Longer texts are cut before drawing: nothing this long fits a cell anyway. */
const MAX_GRAPHEMES = 80;

/** Text for Pango markup: the three characters markup reserves escaped, controls blanked. */
export function escapeMarkup(text: string): string {
  return text
    .replace(/[\p{Cc}\u2028\u2029]/gu, " ")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

interface Raster {
  /** Straight-alpha RGBA. */
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

const fontFile = (st: TextStyle): string =>
  st.bold === true ? FONT_FILES.bold : FONT_FILES.regular;

async function rasterise(markup: string, st: TextStyle): Promise<Raster> {
  const { data, info } = await sharp({
    text: {
      text: markup,
      font: `DejaVu Sans${st.bold === true ? " Bold" : ""} ${st.size}`,
      fontfile: fontFile(st),
      dpi: 72,
      rgba: true,
    },
  })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

const styleKey = (st: TextStyle): string => `${st.size}|${st.bold === true ? "b" : "r"}`;

/** Per style: the pen origin after the strut (half the ink width of two struts). */
const origins = new Map<string, Promise<number>>();

function originOf(st: TextStyle): Promise<number> {
  const key = styleKey(st);
  let o = origins.get(key);
  if (!o) {
    o = rasterise("██", st).then((r) => r.width / 2);
    origins.set(key, o);
    o.catch(() => origins.delete(key));
  }
  return o;
}

async function draw(text: string, st: TextStyle): Promise<TextImage> {
  const [r, origin] = await Promise.all([
    rasterise(`${STRUT}<span foreground="${st.color}">${escapeMarkup(text)}</span>`, st),
    originOf(st),
  ]);
  return {
    sprite: prepareSprite(r.data, r.width, r.height),
    width: r.width,
    height: r.height,
    origin,
    advance: Math.max(0, r.width - origin),
    truncated: false,
  };
}

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const graphemes = (s: string): string[] => Array.from(segmenter.segment(s), (g) => g.segment);

/**
 * `text` drawn in `st`, shortened with an ellipsis (between whole characters) until its ink
 * is at most `maxWidth` wide; null for a blank text. Characters the font lacks are left out
 * (text-coverage.ts).
 */
async function drawFitted(
  text: string,
  st: TextStyle,
  maxWidth: number,
): Promise<TextImage | null> {
  const blanked = text.replace(/\s+/g, " ").trim();
  if (blanked === "") return null;
  const clean = drawableText(blanked, coverageOf(fontFile(st)));
  const g = graphemes(clean);
  const whole = g.length <= MAX_GRAPHEMES;
  const cut = (n: number): string => `${g.slice(0, n).join("").trimEnd()}${ELLIPSIS}`;
  if (whole) {
    const img = await draw(clean, st);
    if (img.advance <= maxWidth) return img;
  }
  // The longest prefix that fits with the ellipsis: binary search over its length.
  let lo = 0;
  let hi = Math.min(g.length - 1, MAX_GRAPHEMES);
  let best: TextImage | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const img = await draw(cut(mid), st);
    if (img.advance <= maxWidth || mid === 0) {
      best = img;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best && { ...best, truncated: true };
}

/*
 * Rendered texts are cached: numbers, headings and names repeat from picture to picture.
 * Cleared when it passes CACHE_LIMIT, like the board's sprites.
 */
const CACHE_LIMIT = 3000;
const cache = new Map<string, Promise<TextImage | null>>();

/** `text` as an image in `st`, shortened with "…" to at most `maxWidth` pixels of ink. */
export function textImage(
  text: string,
  st: TextStyle,
  maxWidth = Number.POSITIVE_INFINITY,
): Promise<TextImage | null> {
  const key = `${styleKey(st)}|${st.color}|${Math.floor(maxWidth)}|${text}`;
  let p = cache.get(key);
  if (!p) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    p = drawFitted(text, st, maxWidth);
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}

export type Align = "left" | "center" | "right";

/** A text to draw: the anchor is its line's vertical centre and, by `align`, x. */
export interface TextItem {
  readonly text: string;
  readonly style: TextStyle;
  readonly x: number;
  readonly cy: number;
  readonly align: Align;
  readonly maxWidth: number;
  /** If set, a text too wide is drawn smaller, down to this size, before it is shortened. */
  readonly minSize?: number;
}

/** The item's text fitted to its width: smaller (down to minSize) and then shortened. */
async function itemImage(item: TextItem): Promise<TextImage | null> {
  const { text, style, maxWidth, minSize } = item;
  const img = await textImage(text, style, maxWidth);
  if (!img?.truncated || minSize === undefined || minSize >= style.size) return img;
  const whole = await textImage(text, style);
  if (!whole || whole.advance === 0) return img;
  const size = Math.max(minSize, Math.floor((style.size * maxWidth) / whole.advance));
  return size === style.size ? img : textImage(text, { ...style, size }, maxWidth);
}

/** Where `img` goes for the item's anchor: its top left corner. */
export function placeAt(
  img: TextImage,
  item: TextItem,
): { readonly x: number; readonly y: number } {
  let left: number;
  if (item.align === "left") left = item.x - img.origin;
  else if (item.align === "right") left = item.x - img.width;
  else left = item.x - img.origin - img.advance / 2;
  return { x: Math.round(left), y: Math.round(item.cy - img.height / 2) };
}

/**
 * The picture: `svg` (every shape) rasterised, the texts blitted over it, as a PNG.
 * `width` x `height` must match the SVG's size.
 */
export async function composePng(
  svg: string,
  width: number,
  height: number,
  items: readonly TextItem[],
): Promise<Buffer> {
  const doc = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${svg}</svg>`;
  const [bg, imgs] = await Promise.all([
    sharp(Buffer.from(doc)).removeAlpha().raw().toBuffer(),
    Promise.all(items.map(itemImage)),
  ]);
  imgs.forEach((img, i) => {
    if (!img) return;
    const at = placeAt(img, items[i]!);
    blit(bg, width, height, img.sprite, at.x, at.y);
  });
  return sharp(bg, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}
