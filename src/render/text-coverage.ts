import { readFileSync } from "node:fs";

/*
 * Which characters a TrueType font draws, read from its `cmap` table. Characters the bundled
 * font lacks (emoji, CJK, ...) would come out as Pango's hex boxes where fontconfig knows no
 * other font, and as whatever font happens to be installed elsewhere: they are left out
 * instead, so a name looks the same on every machine.
 */

/** Code points mapped to a glyph other than .notdef. */
export function coveredCodePoints(ttf: Buffer): Set<number> {
  const numTables = ttf.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + 16 * i;
    if (ttf.toString("latin1", rec, rec + 4) === "cmap") cmap = ttf.readUInt32BE(rec + 8);
  }
  if (cmap < 0) throw new Error("font without a cmap table");
  // The Unicode subtables: full repertoire (3,10) if present, else the BMP one (3,1 or 0,x).
  let best = -1;
  let bestRank = -1;
  const subtables = ttf.readUInt16BE(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const rec = cmap + 4 + 8 * i;
    const platform = ttf.readUInt16BE(rec);
    const encoding = ttf.readUInt16BE(rec + 2);
    const at = cmap + ttf.readUInt32BE(rec + 4);
    const format = ttf.readUInt16BE(at);
    let rank = -1;
    if (format === 12 && (platform === 0 || (platform === 3 && encoding === 10))) rank = 2;
    else if (format === 4 && (platform === 0 || (platform === 3 && encoding === 1))) rank = 1;
    if (rank > bestRank) {
      best = at;
      bestRank = rank;
    }
  }
  if (best < 0) throw new Error("font without a Unicode cmap subtable");
  return bestRank === 2 ? format12(ttf, best) : format4(ttf, best);
}

function format4(ttf: Buffer, at: number): Set<number> {
  const out = new Set<number>();
  const segs = ttf.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + 2 * segs + 2;
  const deltas = starts + 2 * segs;
  const ranges = deltas + 2 * segs;
  for (let s = 0; s < segs; s++) {
    const end = ttf.readUInt16BE(ends + 2 * s);
    const start = ttf.readUInt16BE(starts + 2 * s);
    const delta = ttf.readUInt16BE(deltas + 2 * s);
    const rangeAt = ranges + 2 * s;
    const range = ttf.readUInt16BE(rangeAt);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (range === 0) glyph = (c + delta) & 0xffff;
      else {
        const g = ttf.readUInt16BE(rangeAt + range + 2 * (c - start));
        glyph = g === 0 ? 0 : (g + delta) & 0xffff;
      }
      if (glyph !== 0) out.add(c);
    }
  }
  return out;
}

function format12(ttf: Buffer, at: number): Set<number> {
  const out = new Set<number>();
  const groups = ttf.readUInt32BE(at + 12);
  for (let i = 0; i < groups; i++) {
    const g = at + 16 + 12 * i;
    const start = ttf.readUInt32BE(g);
    const end = ttf.readUInt32BE(g + 4);
    const glyph = ttf.readUInt32BE(g + 8);
    for (let c = start; c <= end; c++) if (glyph + (c - start) !== 0) out.add(c);
  }
  return out;
}

const coverage = new Map<string, Set<number>>();

/** The code points of the font file at `file` (read once). */
export function coverageOf(file: string): Set<number> {
  let set = coverage.get(file);
  if (!set) {
    set = coveredCodePoints(readFileSync(file));
    coverage.set(file, set);
  }
  return set;
}

/** Zero-width joiners and marks, variation selectors, tags: drawn as nothing, never a box. */
const ignorable = (cp: number): boolean =>
  (cp >= 0x200b && cp <= 0x200f) ||
  (cp >= 0x2060 && cp <= 0x2064) ||
  (cp >= 0xfe00 && cp <= 0xfe0f) ||
  (cp >= 0xe0020 && cp <= 0xe007f);

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * `text` without the characters (whole graphemes: an emoji with its modifiers) that `covered`
 * lacks, spaces collapsed; `text` itself, boxes and all, if nothing drawable would be left.
 */
export function drawableText(text: string, covered: Set<number>): string {
  let out = "";
  for (const { segment } of segmenter.segment(text)) {
    let ok = true;
    for (const ch of segment) {
      const cp = ch.codePointAt(0)!;
      if (!covered.has(cp) && !/\s/.test(ch) && !ignorable(cp)) {
        ok = false;
        break;
      }
    }
    if (ok) out += segment;
  }
  const clean = out.replace(/\s+/g, " ").trim();
  return clean === "" ? text : clean;
}
