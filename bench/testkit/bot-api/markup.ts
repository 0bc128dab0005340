/**
 * Reply markups as Telegram takes them (inline keyboards, force_reply, callback data, button
 * URLs), the messages a send replies to, and inline query results.
 */
import type { InlineKeyboardButton } from "grammy/types";
import { bad, type Check, LIMITS, no, ok, TG } from "./errors.js";
import { captionText, codePoints, messageText } from "./html.js";

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

/** A field as grammY sends it: JSON text in a form or multipart body, a value in a JSON one. */
export const asJson = (v: unknown): unknown => (typeof v === "string" ? JSON.parse(v) : v);

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
