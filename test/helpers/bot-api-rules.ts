/**
 * Telegram's rules for what a bot may send, shared by both fakes of the Bot API
 * (test/bot/fake-telegram.ts and test/e2e/fake-bot-api.ts): formatted texts (parse_mode HTML
 * parsed as TDLib parses it), lengths, reply markups, callback data, reply targets, callback
 * and inline queries answered once and in time, chats the bot was kicked from or blocked in,
 * and which updates a bot in privacy mode gets at all. Every call Telegram would refuse is
 * recorded as a rejection, apart from failures a test injected on purpose.
 *
 * Error texts are Telegram's own where known (TDLib's parser, the Bot API server, bug reports);
 * the few the fake has to word itself say so in a comment.
 */
import type { InlineKeyboardButton, Update, User } from "grammy/types";

// ------------------------------------------------------------------ answers and errors

export interface ApiError {
  readonly error_code: number;
  readonly description: string;
  readonly parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

export type Answer = { ok: true; result: unknown } | ({ ok: false } & ApiError);

export type Check<T> = { ok: true; value: T } | { ok: false; error: ApiError };

const ok = <T>(value: T): Check<T> => ({ ok: true, value });
export const bad = (description: string): ApiError => ({ error_code: 400, description });
const no = <T>(error: ApiError): Check<T> => ({ ok: false, error });

/** Telegram's error texts. */
export const TG = {
  notModified:
    "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
  editNotFound: "Bad Request: message to edit not found",
  deleteNotFound: "Bad Request: message to delete not found",
  cantBeDeleted: "Bad Request: message can't be deleted for everyone",
  cantBeEdited: "Bad Request: message can't be edited",
  noTextToEdit: "Bad Request: there is no text in the message to edit",
  noCaptionToEdit: "Bad Request: there is no caption in the message to edit",
  noMediaToEdit: "Bad Request: there is no media in the message to edit",
  replyNotFound: "Bad Request: message to be replied not found",
  textEmpty: "Bad Request: message text is empty",
  textTooLong: "Bad Request: message is too long",
  captionTooLong: "Bad Request: message caption is too long",
  parse: (why: string) => `Bad Request: can't parse entities: ${why}`,
  unsupportedParseMode: "Bad Request: unsupported parse_mode",
  buttonData: "Bad Request: BUTTON_DATA_INVALID",
  buttonUrl: "Bad Request: BUTTON_URL_INVALID",
  /** A web_app button anywhere but a private chat with the bot (a group, an inline message). */
  buttonType: "Bad Request: BUTTON_TYPE_INVALID",
  webAppUrl: (url: string) =>
    `Bad Request: inline keyboard button Web App URL '${url}' is invalid: Only HTTPS links are allowed`,
  textButton:
    "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
  buttonText:
    'Bad Request: can\'t parse inline keyboard button: Field "text" must be of type String',
  notArrayOfArrays:
    'Bad Request: field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays',
  markupTooLong: "Bad Request: reply markup is too long",
  inlineKeyboardExpected: "Bad Request: inline keyboard expected",
  urlInvalid: "Bad Request: URL_INVALID",
  queryInvalid: "Bad Request: query is too old and response timeout expired or query ID is invalid",
  /** answerCallbackQuery text over 200 characters. */
  alertTooLong: "Bad Request: MESSAGE_TOO_LONG",
  resultsTooMuch: "Bad Request: RESULTS_TOO_MUCH",
  resultIdDuplicate: "Bad Request: RESULT_ID_DUPLICATE",
  resultIdInvalid: "Bad Request: RESULT_ID_INVALID",
  wrongFile: "Bad Request: wrong file identifier/HTTP URL specified",
  uploadInInline: "Bad Request: can't use an uploaded file in an inline message",
  kickedGroup: "Forbidden: bot was kicked from the group chat",
  kickedSupergroup: "Forbidden: bot was kicked from the supergroup chat",
  kickedChannel: "Forbidden: bot was kicked from the channel chat",
  blocked: "Forbidden: bot was blocked by the user",
  cantInitiate: "Forbidden: bot can't initiate conversation with a user",
} as const;

export const LIMITS = {
  text: 4096,
  caption: 1024,
  callbackData: 64,
  callbackAnswer: 200,
  buttonsPerRow: 8,
  buttons: 100,
  /** Bytes of reply_markup JSON Telegram takes (tginfo/Telegram-Limits#187). */
  markupBytes: 10_240,
  placeholder: 64,
  inlineResults: 50,
  /** Bots delete messages up to 48 hours old. */
  deleteAgeMs: 48 * 3_600_000,
  /** How long a callback or inline query can be answered after delivery. */
  queryTimeoutMs: 15_000,
} as const;

// ------------------------------------------------------------------ formatted text

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

// ------------------------------------------------------------------ reply markup

export interface ForceReply {
  readonly placeholder: string | null;
  readonly selective: boolean;
}

export interface Markup {
  readonly keyboard: InlineKeyboardButton[][];
  readonly forceReply: ForceReply | null;
  /** Accepted by Telegram, but users would not get what the bot meant. */
  readonly violations: string[];
}

const NO_MARKUP: Markup = { keyboard: [], forceReply: null, violations: [] };

const asJson = (v: unknown): unknown => (typeof v === "string" ? JSON.parse(v) : v);

/** Where a keyboard is shown: a `web_app` button only works in a private chat with the bot. */
export type KeyboardPlace = "private" | "group" | "inline";

/** The place of a chat's message (null: an inline message). */
export const placeOf = (chatId: number | null): KeyboardPlace =>
  chatId === null ? "inline" : chatId > 0 ? "private" : "group";

/**
 * A reply_markup. `where`: "send" takes any kind (inline keyboard, force_reply, reply
 * keyboard, keyboard removal); "edit" and "inline" (an inline query result) only an inline
 * keyboard. `place`: where it is shown (an inline query result's is "inline").
 */
export function replyMarkup(
  raw: unknown,
  where: "send" | "edit" | "inline",
  place: KeyboardPlace = where === "inline" ? "inline" : "private",
): Check<Markup> {
  if (raw === undefined || raw === null || raw === "") return ok(NO_MARKUP);
  let m: Record<string, unknown>;
  try {
    m = asJson(raw) as Record<string, unknown>;
  } catch {
    return no(bad("Bad Request: can't parse reply keyboard markup JSON object"));
  }
  if (typeof m !== "object" || m === null)
    return no(bad("Bad Request: can't parse reply keyboard markup JSON object"));
  if ("inline_keyboard" in m) return inlineKeyboard(m.inline_keyboard, place);
  if (where !== "send") return no(bad(TG.inlineKeyboardExpected));
  if ("force_reply" in m) {
    if (m.force_reply !== true) return ok(NO_MARKUP);
    const violations: string[] = [];
    const p = m.input_field_placeholder;
    if (p !== undefined && typeof p !== "string")
      return no(bad('Bad Request: field "input_field_placeholder" must be of type String'));
    if (typeof p === "string" && codePoints(p) > LIMITS.placeholder)
      violations.push(
        `input_field_placeholder has ${codePoints(p)} characters; Telegram shows at most ${LIMITS.placeholder}`,
      );
    return ok({
      keyboard: [],
      forceReply: {
        placeholder: typeof p === "string" ? p : null,
        selective: m.selective === true,
      },
      violations,
    });
  }
  // Reply keyboards and their removal: taken, not checked further.
  return ok(NO_MARKUP);
}

function inlineKeyboard(rows: unknown, place: KeyboardPlace): Check<Markup> {
  if (!Array.isArray(rows) || !rows.every(Array.isArray)) return no(bad(TG.notArrayOfArrays));
  const keyboard = rows as InlineKeyboardButton[][];
  const violations: string[] = [];
  if (keyboard.flat().length > LIMITS.buttons) return no(bad(TG.markupTooLong));
  if (Buffer.byteLength(JSON.stringify({ inline_keyboard: keyboard })) > LIMITS.markupBytes)
    return no(bad(TG.markupTooLong));
  for (const [r, row] of keyboard.entries()) {
    // Telegram takes longer rows, but its apps show only 8 buttons of a row.
    if (row.length > LIMITS.buttonsPerRow)
      violations.push(
        `inline keyboard row ${r} has ${row.length} buttons; Telegram shows at most ${LIMITS.buttonsPerRow}`,
      );
    for (const b of row as unknown as Record<string, unknown>[]) {
      if (typeof b !== "object" || b === null || typeof b.text !== "string")
        return no(bad(TG.buttonText));
      if (b.text.trim() === "") violations.push(`a button without text in row ${r}`);
      if ("callback_data" in b) {
        const n = typeof b.callback_data === "string" ? Buffer.byteLength(b.callback_data) : 0;
        if (n < 1 || n > LIMITS.callbackData) return no(bad(TG.buttonData));
      } else if ("url" in b) {
        if (!validButtonUrl(b.url)) return no(bad(TG.buttonUrl));
        const startApp = miniAppStart(String(b.url));
        if (startApp !== null && !/^[A-Za-z0-9_-]{1,512}$/.test(startApp))
          violations.push(
            `a Mini App link's startapp "${startApp}" in row ${r}: Telegram takes 1 to 512 of A-Z, a-z, 0-9, _ and -`,
          );
      } else if ("web_app" in b) {
        if (place !== "private") return no(bad(TG.buttonType));
        const url = String((b.web_app as { url?: unknown } | null)?.url ?? "");
        if (!url.startsWith("https://")) return no(bad(TG.webAppUrl(url)));
      } else if (
        ![
          "switch_inline_query",
          "switch_inline_query_current_chat",
          "switch_inline_query_chosen_chat",
          "copy_text",
          "login_url",
          "callback_game",
          "pay",
        ].some((k) => k in b)
      )
        return no(bad(TG.textButton));
    }
  }
  return ok({ keyboard, forceReply: null, violations });
}

function validButtonUrl(url: unknown): boolean {
  if (typeof url !== "string") return false;
  try {
    return ["http:", "https:", "tg:", "ton:"].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** The `startapp` of a link to a bot's Mini App (`https://t.me/<bot>/<app>?startapp=`), else null. */
function miniAppStart(url: string): string | null {
  const u = new URL(url);
  if (u.hostname !== "t.me" || !/^\/\w+\/\w+$/.test(u.pathname)) return null;
  return u.searchParams.get("startapp");
}

/** The inline keyboard of a reply_markup, unchecked (for reading what the fakes store). */
export function keyboardOf(markup: unknown): InlineKeyboardButton[][] {
  if (markup === undefined || markup === null || markup === "") return [];
  const m = asJson(markup) as { inline_keyboard?: InlineKeyboardButton[][] };
  return m.inline_keyboard ?? [];
}

// ------------------------------------------------------------------ replies

/**
 * The message a send replies to (reply_parameters, or the older reply_to_message_id):
 * it must exist in the chat unless allow_sending_without_reply is set.
 */
export function replyTarget(
  p: Record<string, unknown>,
  exists: (chatId: number, messageId: number) => boolean,
): Check<number | null> {
  const chatId = Number(p.chat_id);
  let target: { message_id?: unknown; chat_id?: unknown; allow_sending_without_reply?: unknown };
  if (p.reply_parameters !== undefined && p.reply_parameters !== null)
    target = asJson(p.reply_parameters) as typeof target;
  else if (p.reply_to_message_id !== undefined)
    target = {
      message_id: p.reply_to_message_id,
      allow_sending_without_reply: p.allow_sending_without_reply,
    };
  else return ok(null);
  const id = Number(target.message_id);
  const inChat = target.chat_id === undefined ? chatId : Number(target.chat_id);
  if (exists(inChat, id)) return ok(id);
  const allow = target.allow_sending_without_reply;
  if (allow === true || allow === "true") return ok(null);
  return no(bad(TG.replyNotFound));
}

// ------------------------------------------------------------------ chats and updates

export type ChatType = "private" | "group" | "supergroup" | "channel";

/** The chat object of an id: negative ids are supergroups unless told otherwise. */
export function chatOf(chatId: number, type?: ChatType) {
  const t = type ?? (chatId < 0 ? "supergroup" : "private");
  return t === "private"
    ? { id: chatId, type: t, first_name: "Chat" }
    : { id: chatId, type: t, title: `Group ${-chatId}` };
}

/** Entities a Telegram app marks in a typed text: bot commands and @username mentions. */
export function typedEntities(text: string): Entity[] {
  const entities: Entity[] = [];
  for (const m of text.matchAll(/(^|\s)(\/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,32})?)(?=$|\s)/g))
    entities.push({ type: "bot_command", offset: m.index + m[1]!.length, length: m[2]!.length });
  for (const m of text.matchAll(/(^|[^\w@/])(@[A-Za-z0-9_]{4,32})(?![\w@])/g))
    entities.push({ type: "mention", offset: m.index + m[1]!.length, length: m[2]!.length });
  return entities.sort((a, b) => a.offset - b.offset);
}

/** Service messages every bot gets, whatever its privacy mode. */
const SERVICE_KEYS = [
  "new_chat_members",
  "left_chat_member",
  "new_chat_title",
  "new_chat_photo",
  "delete_chat_photo",
  "group_chat_created",
  "supergroup_chat_created",
  "channel_chat_created",
  "migrate_to_chat_id",
  "migrate_from_chat_id",
  "pinned_message",
  "message_auto_delete_timer_changed",
  "forum_topic_created",
  "forum_topic_closed",
  "forum_topic_reopened",
  "forum_topic_edited",
  "video_chat_started",
  "video_chat_ended",
  "video_chat_scheduled",
  "video_chat_participants_invited",
  "chat_shared",
  "users_shared",
  "write_access_allowed",
];

export interface Delivery {
  readonly deliver: boolean;
  /** Why not (or what let it through). */
  readonly reason: string;
}

interface MessageLike {
  chat: { id: number; type: string };
  from?: { id: number; is_bot: boolean };
  text?: string;
  caption?: string;
  entities?: Entity[];
  caption_entities?: Entity[];
  reply_to_message?: { from?: { id: number } };
  via_bot?: { id: number };
  [key: string]: unknown;
}

// ------------------------------------------------------------------ queries

export interface PendingQuery {
  readonly id: string;
  readonly kind: "callback" | "inline";
  readonly deliveredAt: number;
  answeredAt: number | null;
  readonly from: number | null;
  readonly data: string | null;
}

// ------------------------------------------------------------------ flood limits

/**
 * Telegram's per-chat flood limits as the Bot API's maintainers describe them: sends and
 * edits share about 20 a minute in a group (and in a channel); in a private chat a short
 * burst and then about one a second. An inline message's chat is not known to the bot, so
 * each counts as a group of its own. Answers to presses and inline queries, deletions and
 * reads are not limited. A call past the limit gets 429 "retry after N", and does not count.
 */
export const FLOOD = {
  groupCount: 20,
  groupWindowMs: 60_000,
  privateBurst: 3,
  privateRefillMs: 1_000,
} as const;

const FLOOD_SENDS = new Set([
  "sendMessage",
  "sendPhoto",
  "sendDocument",
  "sendAnimation",
  "sendVideo",
  "sendAudio",
  "sendVoice",
  "sendSticker",
  "sendDice",
  "sendPoll",
  "sendLocation",
  "sendContact",
  "copyMessage",
  "forwardMessage",
  "sendMediaGroup",
  "editMessageText",
  "editMessageCaption",
  "editMessageMedia",
  "editMessageReplyMarkup",
]);

export interface FloodCall {
  readonly method: string;
  /** `c:<chat id>` or `i:<inline message id>`. */
  readonly chat: string;
  readonly at: number;
  /** The call got a 429. */
  readonly limited: boolean;
}

export class FloodLimits {
  /** Every limited call, as it came; `limited` marks those that got a 429. */
  readonly log: FloodCall[] = [];
  enabled = true;
  private readonly groups = new Map<string, number[]>();
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    /** The clock the limits run on. */
    public now: () => number,
    private readonly typeOf: (chatId: number) => ChatType,
  ) {}

  /** The 429 this call gets, or null; a call let through is counted. */
  check(method: string, payload: Record<string, unknown>): ApiError | null {
    if (!this.enabled || !FLOOD_SENDS.has(method)) return null;
    const inline = typeof payload.inline_message_id === "string";
    if (!inline && (payload.chat_id === undefined || payload.chat_id === "")) return null;
    const chat = inline ? `i:${String(payload.inline_message_id)}` : `c:${String(payload.chat_id)}`;
    const media = method === "sendMediaGroup" ? asJson(payload.media) : null;
    const cost = Array.isArray(media) ? Math.max(1, media.length) : 1;
    const now = this.now();
    const isPrivate = !inline && this.typeOf(Number(payload.chat_id)) === "private";
    const wait = isPrivate ? this.privateWait(chat, now, cost) : this.groupWait(chat, now, cost);
    this.log.push({ method, chat, at: now, limited: wait > 0 });
    if (wait > 0)
      return {
        error_code: 429,
        description: `Too Many Requests: retry after ${Math.ceil(wait / 1000)}`,
        parameters: { retry_after: Math.ceil(wait / 1000) },
      };
    return null;
  }

  /** Sends and edits into `chat` (`c:<id>` or `i:<id>`) let through from `since` on. */
  countSince(chat: string, since: number): number {
    return this.log.filter((c) => c.chat === chat && !c.limited && c.at >= since).length;
  }

  private groupWait(chat: string, now: number, cost: number): number {
    const times = (this.groups.get(chat) ?? []).filter((t) => t > now - FLOOD.groupWindowMs);
    this.groups.set(chat, times);
    if (times.length + cost > FLOOD.groupCount)
      return times[times.length + cost - FLOOD.groupCount - 1]! + FLOOD.groupWindowMs - now;
    for (let i = 0; i < cost; i++) times.push(now);
    return 0;
  }

  private privateWait(chat: string, now: number, cost: number): number {
    const b = this.buckets.get(chat) ?? { tokens: FLOOD.privateBurst, at: now };
    const tokens = Math.min(FLOOD.privateBurst, b.tokens + (now - b.at) / FLOOD.privateRefillMs);
    if (tokens < cost) {
      this.buckets.set(chat, { tokens, at: now });
      return Math.max(1, (cost - tokens) * FLOOD.privateRefillMs);
    }
    this.buckets.set(chat, { tokens: tokens - cost, at: now });
    return 0;
  }
}

// ------------------------------------------------------------------ the rules engine

export interface Rejection {
  readonly method: string;
  readonly payload: Record<string, unknown>;
  readonly error_code: number;
  readonly description: string;
}

export interface RulesOptions {
  /** The bot's own user. */
  readonly bot: Pick<User, "id" | "username">;
  /** The clock (ms) for query timeouts and message ages. */
  readonly now?: () => number;
  /** The clock the flood limits run on; `now` unless given. */
  readonly floodClock?: () => number;
  /** How long after delivery a callback or inline query can be answered. */
  readonly queryTimeoutMs?: number;
  /** Group privacy mode, on by default as for every new bot. */
  readonly privacyMode?: boolean;
  /**
   * A private chat takes the bot's messages only once the user has written to the bot there
   * ("bot can't initiate conversation with a user"). On by default.
   */
  readonly privateChatsNeedStart?: boolean;
}

/**
 * The state Telegram keeps about the bot's chats and queries, and its rules about them.
 * Each fake owns one; its message store stays its own.
 */
export class BotApiRules {
  readonly bot: Pick<User, "id" | "username">;
  readonly now: () => number;
  readonly queryTimeoutMs: number;
  privacyMode: boolean;
  readonly privateChatsNeedStart: boolean;
  /** Every call Telegram refused (status ≥ 400) that no test injected. */
  readonly rejected: Rejection[] = [];
  /** Failures a test injected on purpose (failNext, rate limits). */
  readonly injected: Rejection[] = [];
  /** Accepted by Telegram, but wrong for users (hidden buttons, cut placeholders...). */
  readonly violations: string[] = [];
  /** Updates the fake did not deliver, as Telegram would not have, with the reason. */
  readonly undelivered: { update: Omit<Update, "update_id">; reason: string }[] = [];
  private readonly kicked = new Set<number>();
  private readonly types = new Map<number, ChatType>();
  private readonly started = new Set<number>();
  private readonly adminIn = new Set<number>();
  private readonly lastBot = new Map<number, number>();
  private readonly queries = new Map<string, PendingQuery>();
  private queryCounter = 0;
  /** Telegram's per-chat limits on sends and edits. */
  readonly flood: FloodLimits;

  constructor(opts: RulesOptions) {
    this.bot = opts.bot;
    this.now = opts.now ?? Date.now;
    this.flood = new FloodLimits(opts.floodClock ?? this.now, (id) => this.chatType(id));
    this.queryTimeoutMs = opts.queryTimeoutMs ?? LIMITS.queryTimeoutMs;
    this.privacyMode = opts.privacyMode ?? true;
    this.privateChatsNeedStart = opts.privateChatsNeedStart ?? true;
  }

  // ---------------------------------------------------------------- chats

  chatType(chatId: number): ChatType {
    return this.types.get(chatId) ?? (chatId < 0 ? "supergroup" : "private");
  }

  setChatType(chatId: number, type: ChatType): void {
    this.types.set(chatId, type);
  }

  /** The bot is removed from a group, or blocked by the user of a private chat. */
  kick(chatId: number): void {
    this.kicked.add(chatId);
  }

  /** The bot is back (added again, unblocked). */
  rejoin(chatId: number): void {
    this.kicked.delete(chatId);
  }

  isKicked(chatId: number): boolean {
    return this.kicked.has(chatId);
  }

  /** A user has written to the bot in private, so the bot may write to them. */
  userStarted(userId: number): void {
    this.started.add(userId);
  }

  /** The bot is an administrator of a group: it sees every message and may delete any. */
  setBotAdmin(chatId: number, admin = true): void {
    if (admin) this.adminIn.add(chatId);
    else this.adminIn.delete(chatId);
  }

  isBotAdmin(chatId: number): boolean {
    return this.adminIn.has(chatId);
  }

  /** The 403 a call into `chatId` gets, or null when the bot may write there. */
  chatError(chatIdRaw: unknown): ApiError | null {
    if (chatIdRaw === undefined || chatIdRaw === null || chatIdRaw === "") return null;
    const chatId = Number(chatIdRaw);
    if (!Number.isFinite(chatId)) return null;
    const type = this.chatType(chatId);
    const forbidden = (description: string) => ({ error_code: 403, description });
    if (this.kicked.has(chatId))
      return forbidden(
        type === "private"
          ? TG.blocked
          : type === "group"
            ? TG.kickedGroup
            : type === "channel"
              ? TG.kickedChannel
              : TG.kickedSupergroup,
      );
    if (type === "private" && this.privateChatsNeedStart && !this.started.has(chatId))
      return forbidden(TG.cantInitiate);
    return null;
  }

  /** A message the bot sent in a chat: it is now the last bot to speak there. */
  botSpoke(chatId: number): void {
    this.lastBot.set(chatId, this.bot.id);
  }

  // ---------------------------------------------------------------- updates

  /** Would Telegram send this update to the bot at all? */
  wouldDeliver(update: Omit<Update, "update_id">): Delivery {
    const u = update as Record<string, unknown>;
    const yes = (reason: string): Delivery => ({ deliver: true, reason });
    const not = (reason: string): Delivery => ({ deliver: false, reason });
    const cq = u.callback_query as { message?: { chat: { id: number } } } | undefined;
    if (cq) {
      if (cq.message && this.kicked.has(cq.message.chat.id))
        return not(`the bot is not in chat ${cq.message.chat.id}`);
      return yes("callback query");
    }
    const key = ["message", "edited_message", "channel_post", "edited_channel_post"].find(
      (k) => k in u,
    );
    if (!key) return yes("not a message");
    const m = u[key] as MessageLike;
    const chat = m.chat;
    if (this.kicked.has(chat.id))
      return not(
        chat.type === "private" ? "the user blocked the bot" : `the bot is not in chat ${chat.id}`,
      );
    if (chat.type === "private") return yes("private chat");
    if (chat.type === "channel") return yes("channel post");
    if (SERVICE_KEYS.some((k) => k in m)) return yes("service message");
    // Anonymous admins write as a bot with a sender_chat; those messages are delivered.
    if (m.from?.is_bot && m.from.id !== this.bot.id && !m.sender_chat)
      return not("bots do not get messages from other bots");
    if (!this.privacyMode) return yes("privacy mode is off");
    if (this.adminIn.has(chat.id)) return yes("the bot is an administrator");
    if (m.reply_to_message?.from?.id === this.bot.id) return yes("a reply to the bot");
    if (m.via_bot?.id === this.bot.id) return yes("sent via the bot");
    const text = m.text ?? m.caption ?? "";
    const entities = m.entities ?? m.caption_entities ?? [];
    const me = (this.bot.username ?? "").toLowerCase();
    let plainCommand = false;
    for (const e of entities) {
      const part = text.slice(e.offset, e.offset + e.length);
      if (e.type === "bot_command") {
        const at = part.indexOf("@");
        if (at < 0) plainCommand = true;
        else if (part.slice(at + 1).toLowerCase() === me) return yes("a command for the bot");
      }
      if (e.type === "mention" && part.toLowerCase() === `@${me}`) return yes("a mention");
      if (e.type === "text_mention" && (e as { user?: { id: number } }).user?.id === this.bot.id)
        return yes("a mention");
    }
    if (plainCommand) {
      const last = this.lastBot.get(chat.id);
      if (last === undefined || last === this.bot.id) return yes("a command");
      return not("a plain command goes to the bot that spoke last in the group, another bot");
    }
    return not("privacy mode: not a command, reply to or mention of the bot");
  }

  /**
   * Telegram sees an update happen: notes what it tells (chat types, users who started the
   * bot, bots speaking), registers its query, and says whether the bot gets it.
   */
  deliver(update: Omit<Update, "update_id">): boolean {
    const u = update as Record<string, unknown>;
    const m = (u.message ?? u.edited_message ?? u.channel_post) as MessageLike | undefined;
    if (m) {
      this.types.set(m.chat.id, m.chat.type as ChatType);
      if (m.from?.is_bot && m.from.id !== this.bot.id) this.lastBot.set(m.chat.id, m.from.id);
    }
    const verdict = this.wouldDeliver(update);
    if (!verdict.deliver) {
      this.undelivered.push({ update, reason: verdict.reason });
      return false;
    }
    if (m?.chat.type === "private" && m.from) this.started.add(m.from.id);
    const cq = u.callback_query as
      | { id: string; from: User; data?: string; message?: { chat: { id: number; type: string } } }
      | undefined;
    if (cq) {
      if (cq.message?.chat.type === "private") this.started.add(cq.from.id);
      this.registerQuery("callback", cq.id, cq.from.id, cq.data ?? null);
    }
    const iq = u.inline_query as { id: string; from: User; query: string } | undefined;
    if (iq) this.registerQuery("inline", iq.id, iq.from.id, iq.query);
    return true;
  }

  // ---------------------------------------------------------------- queries

  /** A fresh query id, unique in this fake. */
  nextQueryId(): string {
    return String(++this.queryCounter);
  }

  registerQuery(
    kind: PendingQuery["kind"],
    id: string,
    from: number | null = null,
    data: string | null = null,
  ): void {
    this.queries.set(`${kind}:${id}`, {
      id,
      kind,
      deliveredAt: this.now(),
      answeredAt: null,
      from,
      data,
    });
  }

  /** An answer to a query: known, not answered before, and in time. */
  answerQuery(kind: PendingQuery["kind"], idRaw: unknown): ApiError | null {
    const q = this.queries.get(`${kind}:${String(idRaw)}`);
    if (!q || q.answeredAt !== null || this.now() - q.deliveredAt > this.queryTimeoutMs)
      return bad(TG.queryInvalid);
    q.answeredAt = this.now();
    return null;
  }

  /** Queries delivered and never answered (in time). Callback queries unless told. */
  unansweredQueries(kind: PendingQuery["kind"] = "callback"): PendingQuery[] {
    return [...this.queries.values()].filter((q) => q.kind === kind && q.answeredAt === null);
  }

  // ---------------------------------------------------------------- accounting

  /** Notes the answer to a call: a refused call is a rejection unless a test injected it. */
  record(
    method: string,
    payload: Record<string, unknown>,
    answer: Answer,
    injected: boolean,
  ): void {
    if (answer.ok) return;
    const r = {
      method,
      payload,
      error_code: answer.error_code,
      description: answer.description,
    };
    (injected ? this.injected : this.rejected).push(r);
  }

  violate(method: string, what: string[]): void {
    for (const w of what) this.violations.push(`${method}: ${w}`);
  }

  /**
   * Everything Telegram refused or users would have suffered, one line each: rejected
   * calls, violations, callback queries left unanswered. Empty when all was well.
   */
  problems(): string[] {
    return [
      ...this.rejected.map(
        (r) => `rejected ${r.method} (${r.error_code} ${r.description}) ${brief(r.payload)}`,
      ),
      ...this.violations.map((v) => `violation ${v}`),
      ...this.unansweredQueries().map(
        (q) => `callback query ${q.id} (data ${JSON.stringify(q.data)}) was never answered`,
      ),
    ];
  }
}

function brief(payload: Record<string, unknown>): string {
  const s = JSON.stringify(payload, (k, v) => (k === "photo" || k === "media" ? "…" : v));
  return s.length > 300 ? `${s.slice(0, 300)}…` : s;
}

// ------------------------------------------------------------------ inline query results

/**
 * answerInlineQuery's results: at most 50, ids unique and 1–64 bytes, each result's
 * keyboard, message text and caption as for a sent message. `knownFile` says whether a
 * photo_file_id is one Telegram issued.
 */
export function inlineResults(
  raw: unknown,
  knownFile: (fileId: string) => boolean,
): Check<{ violations: string[] }> {
  const results = asJson(raw ?? []) as Record<string, unknown>[];
  if (!Array.isArray(results)) return no(bad("Bad Request: results must be an Array"));
  if (results.length > LIMITS.inlineResults) return no(bad(TG.resultsTooMuch));
  const ids = new Set<string>();
  const violations: string[] = [];
  for (const r of results) {
    const id = String(r.id ?? "");
    const bytes = Buffer.byteLength(id);
    if (bytes < 1 || bytes > 64) return no(bad(TG.resultIdInvalid));
    if (ids.has(id)) return no(bad(TG.resultIdDuplicate));
    ids.add(id);
    const markup = replyMarkup(r.reply_markup, "inline");
    if (!markup.ok) return markup;
    violations.push(...markup.value.violations);
    const content = r.input_message_content as Record<string, unknown> | undefined;
    if (content && "message_text" in content) {
      const t = messageText(content.message_text, content.parse_mode, content.entities);
      if (!t.ok) return t;
    }
    if ("caption" in r) {
      const c = captionText(r.caption, r.parse_mode, r.caption_entities);
      if (!c.ok) return c;
    }
    if (typeof r.photo_file_id === "string" && !knownFile(r.photo_file_id))
      return no(bad(TG.wrongFile));
  }
  return ok({ violations });
}

/** A text message typed by a user, with the entities a Telegram app would mark. */
export function typedMessage(
  chat: { id: number; type: string },
  from: User,
  messageId: number,
  text: string,
  extra: Record<string, unknown> = {},
) {
  const entities = typedEntities(text);
  return {
    message_id: messageId,
    date: Math.floor(Date.now() / 1000),
    chat,
    from,
    text,
    ...(entities.length ? { entities } : {}),
    ...extra,
  };
}
