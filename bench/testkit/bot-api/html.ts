/**
 * Formatted texts as Telegram reads them: parse_mode HTML parsed as TDLib parses it, texts and
 * captions trimmed and counted after parsing.
 */
import { bad, type Check, LIMITS, no, ok, TG } from "./errors.js";

export interface Entity {
  readonly type: string;
  /** In UTF-16 code units, as Telegram counts. */
  readonly offset: number;
  readonly length: number;
  readonly url?: string;
  readonly language?: string;
  readonly custom_emoji_id?: string;
}

/** A text as a user sees it: tags parsed away, entities decoded. */
export interface Formatted {
  readonly text: string;
  readonly entities: readonly Entity[];
}

const TAGS = new Set([
  "a",
  "b",
  "strong",
  "i",
  "em",
  "s",
  "strike",
  "del",
  "u",
  "ins",
  "tg-spoiler",
  "tg-emoji",
  "span",
  "pre",
  "code",
  "blockquote",
]);

const ENTITY_OF: Record<string, string> = {
  b: "bold",
  strong: "bold",
  i: "italic",
  em: "italic",
  u: "underline",
  ins: "underline",
  s: "strikethrough",
  strike: "strikethrough",
  del: "strikethrough",
  "tg-spoiler": "spoiler",
  span: "spoiler",
  code: "code",
  pre: "pre",
  blockquote: "blockquote",
};

const isSpace = (c: string | undefined) =>
  c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f" || c === "\v";
const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
const isHex = (c: string | undefined) => c !== undefined && /^[0-9a-fA-F]$/.test(c);
const isAlpha = (c: string | undefined) => c !== undefined && /^[A-Za-z]$/.test(c);
const isNameChar = (c: string | undefined) => c !== undefined && /^[A-Za-z0-9.-]$/.test(c);

/**
 * An HTML character reference at `pos` (`&lt;`, `&#39;`, `&#x1F600;`; the `;` may be left
 * out), as TDLib decodes it; null if there is none there.
 */
function decodeEntity(s: string, pos: number): { ch: string; end: number } | null {
  let end = pos + 1;
  let ch: string;
  if (s[end] === "#") {
    end++;
    let code = 0;
    if (s[end] === "x") {
      end++;
      while (isHex(s[end])) {
        code = code * 16 + Number.parseInt(s[end]!, 16);
        if (code >= 0x10ffff) return null;
        end++;
      }
    } else {
      while (isDigit(s[end])) {
        code = code * 10 + Number(s[end]);
        if (code >= 0x10ffff) return null;
        end++;
      }
    }
    if (code === 0 || end - pos >= 10) return null;
    ch = String.fromCodePoint(code);
  } else {
    while (isAlpha(s[end])) end++;
    const name = s.slice(pos + 1, end);
    const named: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"' };
    if (!Object.hasOwn(named, name)) return null;
    ch = named[name]!;
  }
  if (s[end] === ";") end++;
  return { ch, end };
}

export interface HtmlOptions {
  /**
   * A `&` that starts no character reference is an error. TDLib itself keeps such a `&` as
   * text, but the Bot API docs say every `&` outside an entity must be written `&amp;`, and an
   * unescaped one silently changes meaning as soon as a letter sequence follows it.
   * On by default.
   */
  readonly strictAmpersand?: boolean;
}

/**
 * parse_mode "HTML" as TDLib parses it (td/telegram/MessageEntity.cpp, parse_html): only the
 * supported tags, properly nested and closed, attributes as TDLib reads them, the named
 * references &lt; &gt; &amp; &quot; and numeric ones. Error texts are TDLib's.
 */
export function parseHtml(
  html: string,
  opts: HtmlOptions = {},
): { ok: true; value: Formatted } | { ok: false; why: string } {
  const strictAmp = opts.strictAmpersand ?? true;
  const n = html.length;
  const byteAt = (i: number) => Buffer.byteLength(html.slice(0, i));
  const fail = (why: string) => ({ ok: false as const, why });
  let out = "";
  const open: { tag: string; arg: string; offset: number; begin: number; inner: number }[] = [];
  const entities: Entity[] = [];
  let i = 0;
  while (i < n) {
    const c = html[i]!;
    if (c === "&") {
      const d = decodeEntity(html, i);
      if (d) {
        out += d.ch;
        i = d.end;
        continue;
      }
      // The fake's wording: TDLib has no such error (see strictAmpersand).
      if (strictAmp)
        return fail(`Character "&" at byte offset ${byteAt(i)} must be escaped as "&amp;"`);
    }
    if (c !== "<") {
      out += c;
      i++;
      continue;
    }
    const begin = i++;
    if (html[i] !== "/") {
      // A start tag.
      while (i < n && !isSpace(html[i]) && html[i] !== ">") i++;
      if (i >= n) return fail(`Unclosed start tag at byte offset ${byteAt(begin)}`);
      const tag = html.slice(begin + 1, i).toLowerCase();
      if (!TAGS.has(tag))
        return fail(`Unsupported start tag "${tag}" at byte offset ${byteAt(begin)}`);
      let arg = "";
      while (html[i] !== ">") {
        while (i < n && isSpace(html[i])) i++;
        if (i >= n) return fail(`Unclosed start tag "${tag}" at byte offset ${byteAt(begin)}`);
        if (html[i] === ">") break;
        const attrBegin = i;
        while (i < n && !isSpace(html[i]) && !"=>/\"'".includes(html[i]!)) i++;
        const attr = html.slice(attrBegin, i).toLowerCase();
        if (!attr)
          return fail(`Empty attribute name in the tag "${tag}" at byte offset ${byteAt(begin)}`);
        while (i < n && isSpace(html[i])) i++;
        if (i >= n) return fail(`Unclosed start tag "${tag}" at byte offset ${byteAt(begin)}`);
        if (html[i] !== "=") {
          if (tag === "blockquote" && attr === "expandable") arg = "1";
          continue;
        }
        i++;
        while (i < n && isSpace(html[i])) i++;
        if (i >= n) return fail(`Unclosed start tag "${tag}" at byte offset ${byteAt(begin)}`);
        let value = "";
        if (html[i] !== '"' && html[i] !== "'") {
          const tokenBegin = i;
          while (isNameChar(html[i])) i++;
          value = html.slice(tokenBegin, i).toLowerCase();
          if (i >= n || (!isSpace(html[i]) && html[i] !== ">"))
            return fail(`Unexpected end of name token at byte offset ${byteAt(tokenBegin)}`);
        } else {
          const quote = html[i++];
          while (i < n && html[i] !== quote) {
            const d = html[i] === "&" ? decodeEntity(html, i) : null;
            if (d) {
              value += d.ch;
              i = d.end;
            } else value += html[i++];
          }
          if (i >= n) return fail(`Unclosed end of attribute value at byte offset ${byteAt(i)}`);
          i++;
        }
        if (i >= n) return fail(`Unclosed start tag at byte offset ${byteAt(begin)}`);
        if (tag === "a" && attr === "href") arg = value;
        else if (tag === "code" && attr === "class" && value.startsWith("language-"))
          arg = value.slice(9);
        else if (tag === "span" && attr === "class" && value.startsWith("tg-"))
          arg = value.slice(3);
        else if (tag === "tg-emoji" && attr === "emoji-id") arg = value;
        else if (tag === "blockquote" && attr === "expandable") arg = "1";
      }
      i++;
      if (tag === "span" && arg !== "spoiler")
        return fail(`Tag "span" must have class "tg-spoiler" at byte offset ${byteAt(begin)}`);
      open.push({ tag, arg, offset: out.length, begin, inner: i });
    } else {
      // An end tag.
      if (open.length === 0) return fail(`Unexpected end tag at byte offset ${byteAt(begin)}`);
      i++;
      const nameBegin = i;
      while (i < n && !isSpace(html[i]) && html[i] !== ">") i++;
      const endName = html.slice(nameBegin, i);
      while (i < n && isSpace(html[i])) i++;
      if (html[i] !== ">") return fail(`Unclosed end tag at byte offset ${byteAt(begin)}`);
      const top = open.pop()!;
      if (endName && endName !== top.tag)
        return fail(
          `Unmatched end tag at byte offset ${byteAt(begin)}, expected "</${top.tag}>", found "</${endName}>"`,
        );
      if (out.length > top.offset) {
        const base = { offset: top.offset, length: out.length - top.offset };
        if (top.tag === "a") {
          const url = top.arg || html.slice(top.inner, begin);
          entities.push({ type: "text_link", ...base, url });
        } else if (top.tag === "tg-emoji") {
          if (!/^\d+$/.test(top.arg)) return fail("Invalid custom emoji identifier specified");
          entities.push({ type: "custom_emoji", ...base, custom_emoji_id: top.arg });
        } else if (top.tag === "blockquote") {
          entities.push({ type: top.arg ? "expandable_blockquote" : "blockquote", ...base });
        } else if (top.tag === "code" && top.arg) {
          entities.push({ type: "pre", ...base, language: top.arg });
        } else entities.push({ type: ENTITY_OF[top.tag]!, ...base });
      }
      i++;
    }
  }
  if (open.length)
    return fail(`Can't find end tag corresponding to start tag "${open.at(-1)!.tag}"`);
  entities.sort((a, b) => a.offset - b.offset || b.length - a.length);
  return { ok: true, value: { text: out, entities } };
}

/** The text a user sees of an HTML text; a text Telegram would refuse is only stripped. */
export function plainText(html: string): string {
  const parsed = parseHtml(html, { strictAmpersand: false });
  if (parsed.ok) return parsed.value.text;
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Leading and trailing white space Telegram strips from a text (entities shifted along). */
function trimmed(f: Formatted): Formatted {
  const lead = f.text.length - f.text.trimStart().length;
  const text = f.text.trim();
  const entities = f.entities
    .map((e) => {
      const start = Math.max(0, e.offset - lead);
      const end = Math.min(text.length, e.offset + e.length - lead);
      return { ...e, offset: start, length: end - start };
    })
    .filter((e) => e.length > 0);
  return { text, entities };
}

/** A text or caption with its parse_mode (or explicit entities), as Telegram reads it. */
export function formatted(raw: unknown, parseMode: unknown, entities?: unknown): Check<Formatted> {
  const text = raw === undefined || raw === null ? "" : String(raw);
  const mode = parseMode === undefined || parseMode === null ? "" : String(parseMode);
  if (mode === "") {
    const given = typeof entities === "string" ? JSON.parse(entities) : entities;
    return ok(trimmed({ text, entities: Array.isArray(given) ? (given as Entity[]) : [] }));
  }
  if (mode.toLowerCase() === "html") {
    const parsed = parseHtml(text);
    if (!parsed.ok) return no(bad(TG.parse(parsed.why)));
    return ok(trimmed(parsed.value));
  }
  // Markdown and MarkdownV2 are not parsed by the fakes: the raw text is taken as it is.
  if (["markdown", "markdownv2"].includes(mode.toLowerCase()))
    return ok(trimmed({ text, entities: [] }));
  return no(bad(TG.unsupportedParseMode));
}

/** Length as Telegram counts a text's limit: in Unicode code points. */
export const codePoints = (s: string): number => [...s].length;

/** A message text (sendMessage, editMessageText, an inline result's message_text). */
export function messageText(
  raw: unknown,
  parseMode: unknown,
  entities?: unknown,
): Check<Formatted> {
  const f = formatted(raw, parseMode, entities);
  if (!f.ok) return f;
  if (f.value.text.length === 0) return no(bad(TG.textEmpty));
  if (codePoints(f.value.text) > LIMITS.text) return no(bad(TG.textTooLong));
  return f;
}

/** A caption (sendPhoto, editMessageCaption, a media's caption); null when there is none. */
export function captionText(
  raw: unknown,
  parseMode: unknown,
  entities?: unknown,
): Check<Formatted | null> {
  if (raw === undefined || raw === null) return ok(null);
  const f = formatted(raw, parseMode, entities);
  if (!f.ok) return f;
  if (codePoints(f.value.text) > LIMITS.caption) return no(bad(TG.captionTooLong));
  return ok(f.value.text.length ? f.value : null);
}

/** A stable key of what Telegram compares for "message is not modified". */
export const formattedKey = (f: Formatted | null): string =>
  f ? JSON.stringify([f.text, f.entities]) : "null";
