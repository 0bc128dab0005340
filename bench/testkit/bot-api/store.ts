/**
 * The messages Telegram keeps for the fake Bot API: the bot's (text, caption, photo, file,
 * buttons) by chat or inline message id, the users', and the files it issued ids for.
 */
import type { InlineKeyboardButton, User } from "grammy/types";
import { BOT_INFO } from "./bot-info.js";
import { bad, type Check, ok, TG } from "./errors.js";
import { type Formatted, formattedKey, messageText, plainText } from "./html.js";
import type { ForceReply } from "./markup.js";
import { type ChatType, chatOf } from "./updates.js";

export interface StoredMessage {
  /** Null for an inline message. */
  readonly chatId: number | null;
  /** 0 for an inline message. */
  readonly messageId: number;
  readonly inlineMessageId: string | null;
  /** As the bot sent it (HTML when it used parse_mode HTML). */
  text: string | null;
  caption: string | null;
  /** The uploaded bytes (null when the fake keeps none), or the file id or URL it was sent by. */
  photo: Buffer | string | null;
  /** The file id Telegram gave the photo; null for a message without one. */
  photoId: string | null;
  /** A document or animation message: the file (bytes, or the id it was sent by) and its id. */
  file: {
    readonly kind: "document" | "animation";
    readonly data: Buffer | string;
    readonly name: string | null;
    readonly fileId: string;
  } | null;
  keyboard: InlineKeyboardButton[][];
  /** The force_reply the message asks for, if any. */
  forceReply: ForceReply | null;
  replyTo: number | null;
  /** The text or caption as users see it (parsed). */
  shown: Formatted | null;
  /** Clock time it was sent. */
  readonly sentAt: number;
  /** The date Telegram gave it, Unix seconds. */
  readonly date: number;
  /** The `seq` of the call that last changed it (its send or its last edit). */
  changedAt: number;
}

/** A message a user typed, kept so the bot can reply to it (and fail to edit it). */
export interface IncomingMessage {
  readonly chatId: number;
  readonly messageId: number;
  readonly from: User;
  readonly text: string;
  readonly sentAt: number;
}

export class MessageStore {
  /** The bot's messages, by `chatId:messageId` or `i:inlineMessageId`. */
  readonly messages = new Map<string, StoredMessage>();
  /** Users' messages, by `chatId:messageId`. */
  readonly incoming = new Map<string, IncomingMessage>();
  /** Files Telegram issued ids for, with their bytes (null when not kept). */
  private readonly files = new Map<string, Buffer | null>();
  private readonly lastId = new Map<number, number>();
  private fileCounter = 0;

  constructor(
    private readonly chatType: (chatId: number) => ChatType,
    private readonly keepUploads: boolean,
  ) {}

  /** The next message id of a chat (users' and the bot's messages share them). */
  newMessageId(chatId: number): number {
    const id = (this.lastId.get(chatId) ?? 100) + 1;
    this.lastId.set(chatId, id);
    return id;
  }

  put(m: StoredMessage): StoredMessage {
    this.messages.set(
      m.inlineMessageId ? `i:${m.inlineMessageId}` : `${m.chatId}:${m.messageId}`,
      m,
    );
    return m;
  }

  message(chatId: number, messageId: number): StoredMessage | undefined {
    return this.messages.get(`${chatId}:${messageId}`);
  }

  inlineMessage(id: string): StoredMessage | undefined {
    return this.messages.get(`i:${id}`);
  }

  /** The message a call edits: by inline_message_id, or by chat_id and message_id. */
  target(p: Record<string, unknown>): StoredMessage | undefined {
    if (p.inline_message_id) return this.inlineMessage(String(p.inline_message_id));
    return this.message(Number(p.chat_id), Number(p.message_id));
  }

  /** The bot's messages in a chat, oldest first. */
  chatMessages(chatId: number): StoredMessage[] {
    return [...this.messages.values()]
      .filter((m) => m.chatId === chatId)
      .sort((a, b) => a.messageId - b.messageId);
  }

  /** A message of the bot's or a user's is in the chat. */
  exists(chatId: number, messageId: number): boolean {
    const key = `${chatId}:${messageId}`;
    return this.messages.has(key) || this.incoming.has(key);
  }

  /** The message is gone (someone deleted it). */
  remove(chatId: number, messageId: number): void {
    this.messages.delete(`${chatId}:${messageId}`);
    this.incoming.delete(`${chatId}:${messageId}`);
  }

  /** The bytes of a file Telegram issued, when kept. */
  fileBytes(fileId: string): Buffer | null {
    return this.files.get(fileId) ?? null;
  }

  /** Whether Telegram issued this file id. */
  knows(fileId: string): boolean {
    return this.files.has(fileId);
  }

  /**
   * A photo field: an upload (`attach://name` or a file part), a file id Telegram gave, or a
   * URL. An inline message takes no uploads; an upload must be a picture when `images`.
   */
  photoFrom(
    field: unknown,
    files: Record<string, Buffer>,
    opts: { inline: boolean; images: boolean },
  ): Check<{ photo: Buffer | string | null; photoId: string }> {
    const text = String(field);
    const upload = files[text.startsWith("attach://") ? text.slice(9) : text];
    if (upload || text.startsWith("attach://")) {
      if (opts.inline) return { ok: false, error: bad(TG.uploadInInline) };
      if (!upload) return { ok: false, error: bad(TG.wrongFile) };
      if (opts.images && !isImage(upload)) return { ok: false, error: bad(TG.notAnImage) };
      const photoId = this.issue("photo", upload);
      return ok({ photo: this.keepUploads ? upload : null, photoId });
    }
    if (/^https?:\/\//.test(text)) return ok({ photo: text, photoId: text });
    if (!this.files.has(text)) return { ok: false, error: bad(TG.wrongFile) };
    return ok({ photo: text, photoId: text });
  }

  /** A document or animation field: an upload, or a file id Telegram gave. */
  fileFrom(
    field: unknown,
    files: Record<string, Buffer>,
    names: Record<string, string>,
  ): Check<{ data: Buffer | string; name: string | null; fileId: string }> {
    const text = String(field);
    const key = text.startsWith("attach://") ? text.slice(9) : text;
    const upload = files[key];
    if (upload)
      return ok({ data: upload, name: names[key] ?? null, fileId: this.issue("file", upload) });
    if (text.startsWith("attach://") || !this.files.has(text))
      return { ok: false, error: bad(TG.wrongFile) };
    return ok({ data: text, name: null, fileId: text });
  }

  private issue(kind: "photo" | "file", bytes: Buffer): string {
    const id = `${kind}-${++this.fileCounter}`;
    this.files.set(id, this.keepUploads ? bytes : null);
    return id;
  }

  /** A message as the Bot API returns it (and as updates carry it). */
  toTelegram(m: StoredMessage): object {
    const chatId = m.chatId ?? 0;
    const base = {
      message_id: m.messageId,
      date: m.date,
      chat: chatOf(chatId, this.chatType(chatId)),
      from: BOT_INFO,
      ...(m.keyboard.length ? { reply_markup: { inline_keyboard: m.keyboard } } : {}),
    };
    const entities = m.shown?.entities.length ? m.shown.entities : undefined;
    const caption = {
      ...(m.shown ? { caption: m.shown.text } : {}),
      ...(entities ? { caption_entities: entities } : {}),
    };
    if (m.file) {
      const f = m.file;
      const doc = {
        file_id: f.fileId,
        file_unique_id: `u${f.fileId}`,
        file_name: f.name ?? "file",
      };
      const media =
        f.kind === "animation"
          ? { animation: { ...doc, width: 640, height: 480, duration: 1 }, document: doc }
          : { document: doc };
      return { ...base, ...media, ...caption };
    }
    if (m.photoId !== null) {
      const size = { file_id: m.photoId, file_unique_id: `u${m.photoId}`, width: 960, height: 720 };
      return { ...base, photo: [size], ...caption };
    }
    return {
      ...base,
      text: m.shown?.text ?? plainText(m.text ?? ""),
      ...(entities ? { entities } : {}),
    };
  }
}

/** What Telegram compares for "message is not modified". */
export const contentKey = (m: StoredMessage): string =>
  JSON.stringify([
    m.text === null ? null : "text",
    formattedKey(m.shown),
    m.photoId,
    m.file?.fileId ?? null,
    m.keyboard,
  ]);

/** How a stored text shows, for messages the fake did not see sent. */
export function shownOf(html: string | null): Formatted | null {
  if (html === null) return null;
  const t = messageText(html, "HTML");
  return t.ok ? t.value : { text: plainText(html), entities: [] };
}

const PNG = Buffer.from("89504e470d0a1a0a", "hex");
const isImage = (b: Buffer): boolean =>
  (b.length > 8 && b.subarray(0, 8).equals(PNG)) ||
  (b.length > 3 && b[0] === 0xff && b[1] === 0xd8);
