/**
 * Texts within Telegram's limits. Telegram measures a text after parsing its HTML (tags gone,
 * entities such as &amp; one character) in UTF-16 code units, and refuses one that is too
 * long; texts built from people's names can be any length, so they are measured and cut here.
 */

import type { Translate } from "../../texts/translate.js";

/** A photo's or an animation's caption. */
export const CAPTION_LIMIT = 1024;
/** A message's text. */
export const TEXT_LIMIT = 4096;
/** A press's answer (a plain text). */
export const ANSWER_LIMIT = 200;

const ELLIPSIS = "…";
/** Made once: a segmenter is costly to build. */
const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: "grapheme" });

const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"' };

/** One piece of an HTML text: a tag, or what one character or entity shows. */
type Token =
  | { readonly tag: string; readonly closing: boolean; readonly raw: string }
  | { readonly tag?: undefined; readonly raw: string; readonly shown: string };

const TOKEN = /<(\/?)([a-z-]+)[^>]*>|&(#x[0-9a-f]+|#\d+|[a-z]+);|[\s\S]/giuy;

function tokens(html: string): Token[] {
  const out: Token[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(html); m; m = TOKEN.exec(html)) {
    const raw = m[0];
    if (m[2]) out.push({ tag: m[2].toLowerCase(), closing: m[1] === "/", raw });
    else if (m[3]) out.push({ raw, shown: entityText(m[3]) ?? raw });
    else out.push({ raw, shown: raw });
  }
  return out;
}

function entityText(name: string): string | null {
  const lower = name.toLowerCase();
  if (lower.startsWith("#")) {
    const code = lower[1] === "x" ? Number.parseInt(lower.slice(2), 16) : Number(lower.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : null;
  }
  return NAMED[lower] ?? null;
}

/** The text users see of `html`, as Telegram parses it. */
export const shownText = (html: string): string =>
  tokens(html)
    .map((t) => (t.tag === undefined ? t.shown : ""))
    .join("");

/** Where a cut leaves whole characters: the ends of the text's graphemes. */
function graphemeEnds(text: string): Set<number> {
  const ends = new Set<number>([0]);
  for (const s of GRAPHEMES.segment(text)) ends.add(s.index + s.segment.length);
  return ends;
}

/**
 * `html` if it fits `limit`, else its start with "…": cut between whole characters (never in
 * a tag, an entity, a surrogate pair or before a combining mark), the tags left open closed.
 */
export function fitHtml(html: string, limit: number): string {
  const all = tokens(html);
  const shown = all.map((t) => (t.tag === undefined ? t.shown : "")).join("");
  if (shown.length <= limit) return html;
  const ends = graphemeEnds(shown);
  const budget = limit - ELLIPSIS.length;
  let used = 0;
  const open: string[] = [];
  let cut = { at: 0, open: [] as string[] };
  for (const [i, t] of all.entries()) {
    if (t.tag !== undefined) {
      if (t.closing) open.pop();
      else open.push(t.tag);
    } else {
      if (used + t.shown.length > budget) break;
      used += t.shown.length;
    }
    if (ends.has(used)) cut = { at: i + 1, open: [...open] };
  }
  const kept = all
    .slice(0, cut.at)
    .map((t) => t.raw)
    .join("");
  const closing = cut.open
    .reverse()
    .map((tag) => `</${tag}>`)
    .join("");
  return `${kept}${ELLIPSIS}${closing}`;
}

/** A plain text (no HTML) cut the same way. */
export function fitPlain(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const budget = limit - ELLIPSIS.length;
  let end = 0;
  for (const e of graphemeEnds(text)) if (e <= budget && e > end) end = e;
  return `${text.slice(0, end)}${ELLIPSIS}`;
}

/** Bytes of a reply markup's JSON Telegram takes. */
export const MARKUP_BYTES = 10_240;
/** Buttons a reply markup may hold. */
export const MARKUP_BUTTONS = 100;

/** The first rows of a keyboard that fit its limits, whole. */
export function fitRows<R extends readonly unknown[]>(rows: readonly R[]): R[] {
  const out: R[] = [];
  let buttons = 0;
  for (const row of rows) {
    buttons += row.length;
    const bytes = Buffer.byteLength(JSON.stringify({ inline_keyboard: [...out, row] }));
    if (buttons > MARKUP_BUTTONS || bytes > MARKUP_BYTES) break;
    out.push(row);
  }
  return out;
}

/** "…and 5 more" after a list cut short, or nothing. */
export const more = (t: Translate, hidden: number): string[] =>
  hidden > 0 ? [t("list-more", { n: hidden })] : [];

/** A word of the user's quoted back in a reply: short, whatever they typed. */
export const quotedWord = (word: string): string => fitPlain(word, 64);

/**
 * A list within `limit`: `render(shown, hidden)` builds the whole text from the first items
 * and says how many more there are; the most items that fit are shown, whole. If not even
 * the text without items fits, it is cut.
 */
export function fitList<T>(
  limit: number,
  items: readonly T[],
  render: (shown: readonly T[], hidden: number) => string,
): string {
  for (let n = items.length; n >= 0; n--) {
    const text = render(items.slice(0, n), items.length - n);
    if (shownText(text).length <= limit) return text;
  }
  return fitHtml(render([], items.length), limit);
}
