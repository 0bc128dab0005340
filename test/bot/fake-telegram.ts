/**
 * A stand-in for the Telegram Bot API behind grammY's `client.fetch`: it records every call,
 * keeps the messages the bot sent (text, caption, photo, buttons) and answers as Telegram
 * does, including its errors for unchanged and missing messages.
 */
import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import { BOT_INFO } from "../helpers/bot-info.js";
import { parseBody, readAll } from "../helpers/request-body.js";

export interface ApiCall {
  readonly method: string;
  readonly payload: Record<string, unknown>;
  /** Uploaded files by field name. */
  readonly files: Record<string, Buffer>;
}

export interface StoredMessage {
  readonly chatId: number | null;
  readonly messageId: number;
  readonly inlineMessageId: string | null;
  text: string | null;
  caption: string | null;
  photo: Buffer | string | null;
  keyboard: InlineKeyboardButton[][];
  replyTo: number | null;
}

type Answer =
  | { ok: true; result: unknown }
  | { ok: false; error_code: number; description: string; parameters?: object };

const _BOT_ID = BOT_INFO.id;

export class FakeTelegram {
  readonly calls: ApiCall[] = [];
  /** Users getChatMember reports as administrators. */
  readonly admins = new Set<number>();
  readonly messages = new Map<string, StoredMessage>();
  private nextMessageId = new Map<number, number>();
  private fileCounter = 0;
  /** Errors to return for the next calls of a method (429, a deleted message...). */
  private readonly failures: { method: string; answer: Answer }[] = [];

  readonly fetch = async (
    url: unknown,
    init?: { body?: unknown; headers?: Record<string, string> },
  ) => {
    const method = String(url).split("/").pop()!;
    const { payload, files } = await readBody(init?.body, init?.headers?.["content-type"] ?? "");
    this.calls.push({ method, payload, files });
    const queued = this.failures.findIndex((f) => f.method === method);
    const answer =
      queued >= 0
        ? this.failures.splice(queued, 1)[0]!.answer
        : this.answer(method, payload, files);
    return new Response(JSON.stringify(answer), {
      status: answer.ok ? 200 : answer.error_code,
      headers: { "content-type": "application/json" },
    });
  };

  failNext(method: string, errorCode: number, description: string, parameters?: object): void {
    this.failures.push({
      method,
      answer: {
        ok: false,
        error_code: errorCode,
        description,
        ...(parameters ? { parameters } : {}),
      },
    });
  }

  callsOf(method: string): ApiCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  message(chatId: number, messageId: number): StoredMessage | undefined {
    return this.messages.get(`${chatId}:${messageId}`);
  }

  inlineMessage(id: string): StoredMessage | undefined {
    return this.messages.get(`i:${id}`);
  }

  /** Creates an inline message as Telegram does when a user sends an inline result. */
  addInlineMessage(
    id: string,
    text: string | null,
    keyboard: InlineKeyboardButton[][],
    caption: string | null = null,
    photo: string | null = null,
  ): void {
    this.messages.set(`i:${id}`, {
      chatId: null,
      messageId: 0,
      inlineMessageId: id,
      text,
      caption,
      photo,
      keyboard,
      replyTo: null,
    });
  }

  /** The messages of a chat, oldest first. */
  chatMessages(chatId: number): StoredMessage[] {
    return [...this.messages.values()]
      .filter((m) => m.chatId === chatId)
      .sort((a, b) => a.messageId - b.messageId);
  }

  private answer(
    method: string,
    p: Record<string, unknown>,
    files: Record<string, Buffer>,
  ): Answer {
    const ok = (result: unknown): Answer => ({ ok: true, result });
    const fail = (code: number, description: string): Answer => ({
      ok: false,
      error_code: code,
      description,
    });
    switch (method) {
      case "getMe":
        return ok(BOT_INFO);
      case "getChatMember": {
        const userId = Number(p.user_id);
        const status = this.admins.has(userId) ? "administrator" : "member";
        return ok({ status, user: { id: userId, is_bot: false, first_name: "User" } });
      }
      case "setMyCommands":
      case "deleteWebhook":
      case "setWebhook":
      case "answerCallbackQuery":
      case "answerInlineQuery":
        return ok(true);
      case "sendMessage":
      case "sendPhoto": {
        const chatId = Number(p.chat_id);
        const messageId = (this.nextMessageId.get(chatId) ?? 100) + 1;
        this.nextMessageId.set(chatId, messageId);
        const photo = method === "sendPhoto" ? attached(p.photo, files) : null;
        const stored: StoredMessage = {
          chatId,
          messageId,
          inlineMessageId: null,
          text: method === "sendMessage" ? String(p.text) : null,
          caption: typeof p.caption === "string" ? p.caption : null,
          photo,
          keyboard: keyboardOf(p.reply_markup),
          replyTo: replyTarget(p),
        };
        this.messages.set(`${chatId}:${messageId}`, stored);
        return ok(this.toTelegram(stored));
      }
      case "deleteMessage": {
        const key = `${Number(p.chat_id)}:${Number(p.message_id)}`;
        if (!this.messages.delete(key))
          return fail(400, "Bad Request: message to delete not found");
        return ok(true);
      }
      case "editMessageText":
      case "editMessageCaption":
      case "editMessageMedia":
      case "editMessageReplyMarkup": {
        const m = this.find(p);
        if (!m) return fail(400, "Bad Request: message to edit not found");
        const before = JSON.stringify([m.text, m.caption, m.keyboard, photoKey(m.photo)]);
        if (method === "editMessageText") {
          if (m.photo) return fail(400, "Bad Request: there is no text in the message to edit");
          m.text = String(p.text);
        }
        if (method === "editMessageCaption") {
          if (!m.photo) return fail(400, "Bad Request: there is no caption in the message to edit");
          m.caption = typeof p.caption === "string" ? p.caption : null;
        }
        if (method === "editMessageMedia") {
          const media = (typeof p.media === "string" ? JSON.parse(p.media) : p.media) as {
            media: string;
            caption?: string;
          };
          if (m.inlineMessageId && media.media.startsWith("attach://"))
            return fail(400, "Bad Request: can't use an uploaded file in an inline message");
          if (!m.photo && m.text !== null && !m.inlineMessageId)
            return fail(400, "Bad Request: message can't be edited");
          m.photo = media.media.startsWith("attach://")
            ? (files[media.media.slice(9)] ?? null)
            : media.media;
          m.caption = media.caption ?? null;
          m.text = null;
        }
        if ("reply_markup" in p || method !== "editMessageReplyMarkup")
          m.keyboard = keyboardOf(p.reply_markup);
        const after = JSON.stringify([m.text, m.caption, m.keyboard, photoKey(m.photo)]);
        if (before === after)
          return fail(
            400,
            "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
          );
        return ok(m.inlineMessageId ? true : this.toTelegram(m));
      }
      default:
        return fail(404, `Not Found: method ${method} is not in the fake`);
    }
  }

  private find(p: Record<string, unknown>): StoredMessage | undefined {
    if (p.inline_message_id) return this.messages.get(`i:${String(p.inline_message_id)}`);
    return this.messages.get(`${Number(p.chat_id)}:${Number(p.message_id)}`);
  }

  private toTelegram(m: StoredMessage): object {
    const base = {
      message_id: m.messageId,
      date: 0,
      chat: { id: m.chatId, type: m.chatId! < 0 ? "supergroup" : "private" },
    };
    if (m.photo) {
      const fileId = typeof m.photo === "string" ? m.photo : `photo-${++this.fileCounter}`;
      return {
        ...base,
        photo: [{ file_id: fileId, file_unique_id: fileId, width: 960, height: 720 }],
        caption: m.caption,
      };
    }
    return { ...base, text: m.text };
  }
}

/** A field that names an uploaded part (`attach://id`) gives that file; else the text (a file_id). */
function attached(field: unknown, files: Record<string, Buffer>): Buffer | string | null {
  const text = String(field);
  if (text.startsWith("attach://")) return files[text.slice(9)] ?? null;
  return files[text] ?? text;
}

const photoKey = (photo: Buffer | string | null): string | null =>
  photo === null
    ? null
    : typeof photo === "string"
      ? photo
      : `${photo.length}:${photo.subarray(0, 64).toString("hex")}:${photo.subarray(-64).toString("hex")}`;

function keyboardOf(markup: unknown): InlineKeyboardButton[][] {
  if (markup === undefined || markup === null) return [];
  const m = (typeof markup === "string" ? JSON.parse(markup) : markup) as InlineKeyboardMarkup;
  return m.inline_keyboard ?? [];
}

function replyTarget(p: Record<string, unknown>): number | null {
  const raw = p.reply_parameters;
  if (!raw) return null;
  const r = (typeof raw === "string" ? JSON.parse(raw) : raw) as { message_id: number };
  return r.message_id;
}

async function readBody(
  body: unknown,
  contentType: string,
): Promise<{ payload: Record<string, unknown>; files: Record<string, Buffer> }> {
  return parseBody(await readAll(body), contentType);
}

export { BOT_INFO };
