import type { Transformer } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";
import type { MessageRef } from "../services/index.js";

/** What a message shows, as this process last wrote it. */
interface Written {
  /** The text or caption and how it is formatted; null when not known (a new picture). */
  readonly body: string | null;
  /** Its reply markup, as JSON. */
  readonly markup: string;
}

const SENDS = new Set(["sendMessage", "sendPhoto"]);
const EDITS = new Set([
  "editMessageText",
  "editMessageCaption",
  "editMessageReplyMarkup",
  "editMessageMedia",
]);
const LIMIT = 5_000;

/**
 * Remembers what each message the bot wrote shows (its text or caption and its buttons), from
 * the calls themselves (an API transformer, on the bot's API and on the set-up dialogs'). Two
 * things follow. An edit that would write exactly what the message already shows is not sent:
 * Telegram would refuse it ("message is not modified"), as it does for a double tap that
 * closes a question twice. And a press can be checked against the buttons its message shows
 * now, which may be newer than the copy of the message the press brought, or than none at
 * all (inline messages come without theirs).
 */
export class MessageMemo {
  private readonly written = new Map<string, Written>();

  readonly transformer: Transformer = async (prev, method, payload, signal) => {
    const p = (payload ?? {}) as Record<string, unknown>;
    const edited = EDITS.has(method) ? keyOf(p) : null;
    const before = edited ? this.written.get(edited) : undefined;
    const after = edited ? next(method, p, before) : null;
    if (edited && before && after && unchanged(method, before, after))
      return { ok: true as const, result: true as never };
    const res = await prev(method, payload, signal);
    if (edited) {
      if (res.ok && after) this.remember(edited, after);
      else if (!res.ok && !/not modified/i.test(res.description)) this.written.delete(edited);
    } else if (SENDS.has(method) && res.ok) {
      const sent = res.result as { message_id?: number; chat?: { id?: number } };
      const key =
        sent.chat?.id !== undefined && sent.message_id !== undefined
          ? `${sent.chat.id}:${sent.message_id}`
          : null;
      const written = next(method === "sendPhoto" ? "editMessageCaption" : "editMessageText", p);
      if (key && written) this.remember(key, written);
    } else if (method === "deleteMessage") {
      const key = keyOf(p);
      if (key) this.written.delete(key);
    }
    return res;
  };

  /** The buttons the message shows as this process last wrote them; undefined if unknown. */
  keyboardOf(ref: MessageRef): InlineKeyboardButton[][] | undefined {
    const w = this.written.get(refKey(ref));
    if (!w) return undefined;
    const markup = JSON.parse(w.markup) as { inline_keyboard?: InlineKeyboardButton[][] };
    return markup.inline_keyboard ?? [];
  }

  private remember(key: string, w: Written): void {
    this.written.delete(key);
    this.written.set(key, w);
    if (this.written.size > LIMIT) this.written.delete(this.written.keys().next().value!);
  }
}

const refKey = (ref: MessageRef): string =>
  ref.kind === "chat" ? `${ref.chatId}:${ref.messageId}` : `i:${ref.inlineMessageId}`;

function keyOf(p: Record<string, unknown>): string | null {
  if (typeof p.inline_message_id === "string") return `i:${p.inline_message_id}`;
  if (p.chat_id !== undefined && p.message_id !== undefined)
    return `${String(p.chat_id)}:${String(p.message_id)}`;
  return null;
}

function parsed(v: unknown): unknown {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/** What the message shows after the call, as far as the call tells. */
function next(method: string, p: Record<string, unknown>, before?: Written): Written | null {
  const buttons = { markup: JSON.stringify(parsed(p.reply_markup) ?? { inline_keyboard: [] }) };
  switch (method) {
    case "editMessageText":
      return {
        body: JSON.stringify(["text", p.text, p.parse_mode ?? null, parsed(p.entities) ?? null]),
        ...buttons,
      };
    case "editMessageCaption":
      return {
        body: JSON.stringify([
          "caption",
          p.caption ?? null,
          p.parse_mode ?? null,
          parsed(p.caption_entities) ?? null,
        ]),
        ...buttons,
      };
    case "editMessageReplyMarkup":
      return { body: before?.body ?? null, ...buttons };
    case "editMessageMedia":
      return { body: null, ...buttons };
    default:
      return null;
  }
}

/** Whether Telegram would find the edit changes nothing. */
function unchanged(method: string, before: Written, after: Written): boolean {
  if (method === "editMessageMedia") return false;
  if (after.markup !== before.markup) return false;
  if (method === "editMessageReplyMarkup") return true;
  return after.body !== null && after.body === before.body;
}
