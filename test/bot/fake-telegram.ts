/**
 * A stand-in for the Telegram Bot API behind grammY's `client.fetch`: it records every call,
 * keeps the messages the bot sent (text, caption, photo, buttons) and those users sent, and
 * answers as Telegram does, errors included, by the rules in test/helpers/bot-api-rules.ts:
 * formatted texts and their lengths, keyboards and callback data, reply targets, callback
 * queries answered once and in time, chats the bot was kicked from, privacy mode in groups.
 * Every call Telegram would refuse lands in `rejected`; failures a test injects with
 * `failNext` do not.
 */
import type { InlineKeyboardButton, Update, User } from "grammy/types";
import {
  type Answer,
  type ApiError,
  BotApiRules,
  bad,
  type Check,
  captionText,
  chatOf,
  type Delivery,
  type Entity,
  type ForceReply,
  type Formatted,
  formattedKey,
  inlineResults,
  keyboardOf,
  LIMITS,
  messageText,
  type PendingQuery,
  placeOf,
  type Rejection,
  replyMarkup,
  replyTarget,
  TG,
  typedMessage,
} from "../helpers/bot-api-rules.js";
import { BOT_INFO } from "../helpers/bot-info.js";
import { type ParsedBody, parseBody, readAll } from "../helpers/request-body.js";
import { WarpClock } from "../helpers/warp-clock.js";

export interface ApiCall {
  readonly method: string;
  readonly payload: Record<string, unknown>;
  /** Uploaded files by field name. */
  readonly files: Record<string, Buffer>;
  /** The names the uploads were sent under, by field name. */
  readonly fileNames: Record<string, string>;
  /** What the fake answered. */
  answer?: Answer;
  /** The answer was a failure the test queued with failNext. */
  injected?: boolean;
  /** The request failed on the network (dropNext): no answer, nothing done. */
  dropped?: boolean;
  /** When it came, by the flood limits' clock (`wire`). */
  at?: number;
}

export interface StoredMessage {
  readonly chatId: number | null;
  readonly messageId: number;
  readonly inlineMessageId: string | null;
  /** As the bot sent it (HTML when it used parse_mode HTML). */
  text: string | null;
  caption: string | null;
  /** The uploaded bytes, or the file id the bot sent it by. */
  photo: Buffer | string | null;
  /** The file id Telegram gave the photo. */
  photoId?: string | null;
  /** A document or animation message: the file (bytes, or the id it was sent by) and its id. */
  file?: {
    readonly kind: "document" | "animation";
    readonly data: Buffer | string;
    readonly name: string | null;
    readonly fileId: string;
  } | null;
  keyboard: InlineKeyboardButton[][];
  /** force_reply the message asks for, if any. */
  forceReply?: ForceReply | null;
  replyTo: number | null;
  /** The text or caption as users see it (parsed). */
  shown?: Formatted | null;
  /** Clock time it was sent. */
  sentAt?: number;
  /** The date Telegram gave it, Unix seconds. */
  date?: number;
}

/** A message a user sent (the harness's `send`), kept so the bot can reply to it. */
export interface IncomingMessage {
  readonly chatId: number;
  readonly messageId: number;
  readonly from: User;
  readonly text: string;
  readonly sentAt: number;
}

export interface FakeTelegramOptions {
  /** The clock (ms) for callback query timeouts and message ages; Date.now by default. */
  readonly now?: () => number;
  /** How long after delivery a callback query can be answered (15 s by default). */
  readonly queryTimeoutMs?: number;
  /** Group privacy mode, on by default. */
  readonly privacyMode?: boolean;
  /** Private chats take messages only after the user wrote to the bot (on by default). */
  readonly privateChatsNeedStart?: boolean;
  /** The date (Unix seconds) each message the bot sends is given; the clock's by default. */
  readonly dates?: () => number;
}

export class FakeTelegram {
  readonly calls: ApiCall[] = [];
  /** What getChatMember reports, by `chatId:userId` (see `makeAdmin`); else "member". */
  private readonly memberships = new Map<string, "administrator" | "left">();
  /** The bot's messages, by `chatId:messageId` or `i:inlineMessageId`. */
  readonly messages = new Map<string, StoredMessage>();
  /** Users' messages, by `chatId:messageId`. */
  readonly incoming = new Map<string, IncomingMessage>();
  /** Telegram's state and rules: chats, queries, privacy mode, rejections. */
  readonly rules: BotApiRules;
  private nextMessageId = new Map<number, number>();
  private fileCounter = 0;
  private readonly files = new Map<string, Buffer | null>();
  /** Errors to return for the next calls of a method (429, a deleted message...). */
  private readonly failures: { method: string; answer: Answer; effect?: () => void }[] = [];

  /**
   * The clock Telegram's flood limits run on (see WarpClock); the bot under test spends its
   * chats' budgets by the same one, and it goes on across a restart of the bot.
   */
  readonly wire = new WarpClock();
  private readonly dateOfNew: () => number;

  constructor(opts: FakeTelegramOptions = {}) {
    this.rules = new BotApiRules({ bot: BOT_INFO, ...opts, floodClock: this.wire.now });
    this.dateOfNew = opts.dates ?? (() => Math.floor(this.rules.now() / 1000));
  }

  /** The user administers the chat (getChatMember says so for that chat only). */
  makeAdmin(userId: number, chatId: number): void {
    this.memberships.set(`${chatId}:${userId}`, "administrator");
  }

  /** The user is not in the chat (getChatMember says "left" for that chat only). */
  makeOutsider(userId: number, chatId: number): void {
    this.memberships.set(`${chatId}:${userId}`, "left");
  }

  readonly fetch = async (
    url: unknown,
    init?: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal },
  ) => {
    const method = String(url).split("/").pop()!;
    const body = await readBody(init?.body, init?.headers?.["content-type"] ?? "");
    const { payload, files } = body;
    const call: ApiCall = {
      method,
      payload,
      files,
      fileNames: body.fileNames ?? {},
      at: this.wire.now(),
    };
    this.calls.push(call);
    const drop = this.drops.findIndex((m) =>
      typeof m === "string" ? m === method : m.test(method),
    );
    if (drop >= 0) {
      // The connection fails before Telegram gets the request: nothing is carried out.
      this.drops.splice(drop, 1);
      call.dropped = true;
      throw new TypeError("fetch failed: connect ECONNREFUSED");
    }
    const queued = this.failures.findIndex((f) => f.method === method);
    const injected = queued >= 0;
    let answer: Answer;
    this.lastFileNames = call.fileNames;
    if (injected) {
      const failure = this.failures.splice(queued, 1)[0]!;
      answer = failure.answer;
      failure.effect?.();
    } else {
      const limited = this.rules.chatError(payload.chat_id)
        ? null
        : this.rules.flood.check(method, payload);
      try {
        answer = limited ? { ok: false, ...limited } : this.answer(method, payload, files);
      } catch (e) {
        answer = { ok: false, error_code: 400, description: `Bad Request: ${String(e)}` };
      }
    }
    call.answer = answer;
    call.injected = injected;
    this.rules.record(method, payload, answer, injected);
    const hold = this.holds.findIndex((x) => x.method === method);
    if (hold >= 0) {
      // Done at Telegram's end (users see it), the reply still on its way to the bot.
      const { reached, released, lose } = this.holds.splice(hold, 1)[0]!;
      reached();
      await abortable(released, init?.signal);
      if (lose) throw new TypeError("fetch failed: the connection was reset");
    }
    return new Response(JSON.stringify(answer), {
      status: answer.ok ? 200 : answer.error_code,
      headers: { "content-type": "application/json" },
    });
  };

  private readonly holds: {
    method: string;
    reached: () => void;
    released: Promise<void>;
    lose: boolean;
  }[] = [];

  /**
   * The next call of `method` is carried out at once (its message exists, users can press
   * it) but its reply reaches the bot only on `release()`; with `lose`, never (the connection
   * drops). `reached` resolves when the call has been carried out.
   */
  holdNext(method: string, opts: { lose?: boolean } = {}) {
    let release!: () => void;
    let reached!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    const wasReached = new Promise<void>((r) => {
      reached = r;
    });
    this.holds.push({ method, reached, released, lose: opts.lose ?? false });
    return { release, reached: wasReached };
  }

  private readonly drops: (string | RegExp)[] = [];

  /** The next call of `method` fails on the network (grammY's HttpError); Telegram never sees it. */
  dropNext(method: string | RegExp, times = 1): void {
    for (let i = 0; i < times; i++) this.drops.push(method);
  }

  /** The next call of `method` fails so; `effect` runs as it does (something else happens). */
  failNext(
    method: string,
    errorCode: number,
    description: string,
    parameters?: object,
    effect?: () => void,
  ): void {
    this.failures.push({
      method,
      answer: {
        ok: false,
        error_code: errorCode,
        description,
        ...(parameters ? { parameters } : {}),
      },
      ...(effect ? { effect } : {}),
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
    const shown = text !== null ? shownOf(text) : caption !== null ? shownOf(caption) : null;
    this.messages.set(`i:${id}`, {
      chatId: null,
      messageId: 0,
      inlineMessageId: id,
      text,
      caption,
      photo,
      photoId: photo,
      keyboard,
      forceReply: null,
      replyTo: null,
      shown,
      sentAt: this.rules.now(),
    });
  }

  /** The bot's messages in a chat, oldest first. */
  chatMessages(chatId: number): StoredMessage[] {
    return [...this.messages.values()]
      .filter((m) => m.chatId === chatId)
      .sort((a, b) => a.messageId - b.messageId);
  }

  // ---------------------------------------------------------------- Telegram's side

  /** Calls Telegram refused (status ≥ 400) that no test injected. */
  get rejected(): Rejection[] {
    return this.rules.rejected;
  }

  /** Calls Telegram took but users would not see as meant (e.g. over 8 buttons in a row). */
  get violations(): string[] {
    return this.rules.violations;
  }

  /** Updates the harness did not deliver, as Telegram would not have. */
  get undelivered(): { update: Omit<Update, "update_id">; reason: string }[] {
    return this.rules.undelivered;
  }

  /**
   * Rejected calls, violations and unanswered callback queries, one line each:
   * `expect(tg.problems()).toEqual([])`.
   */
  problems(): string[] {
    return this.rules.problems();
  }

  /** Callback queries delivered and never answered in time. */
  unansweredQueries(): PendingQuery[] {
    return this.rules.unansweredQueries();
  }

  /**
   * The bot is removed from a group or blocked in a private chat: every call into the chat
   * fails with 403 and nothing from it is delivered. Returns the my_chat_member update
   * Telegram sends about it (deliver it with the harness's `handle` if the test wants).
   */
  kick(chatId: number, by: User = { id: 1, is_bot: false, first_name: "Admin" }) {
    const chat = chatOf(chatId, this.rules.chatType(chatId));
    const old = this.rules.isKicked(chatId);
    this.rules.kick(chatId);
    return {
      my_chat_member: {
        chat,
        from: chat.type === "private" ? { ...by, id: chatId } : by,
        date: Math.floor(this.rules.now() / 1000),
        old_chat_member: { status: old ? "kicked" : "member", user: BOT_INFO },
        new_chat_member:
          chat.type === "private"
            ? { status: "kicked", user: BOT_INFO, until_date: 0 }
            : { status: "left", user: BOT_INFO },
      },
    } as unknown as Omit<Update, "update_id">;
  }

  /** Would Telegram deliver this update to the bot (privacy mode, kicked chats)? */
  wouldDeliver(update: Omit<Update, "update_id">): Delivery {
    return this.rules.wouldDeliver(update);
  }

  /**
   * An update happens: the fake notes what Telegram would (queries, users who started the
   * bot) and says whether the bot gets it. The harness calls this for every update.
   */
  deliver(update: Omit<Update, "update_id">): boolean {
    return this.rules.deliver(update);
  }

  /** A fresh callback query id. */
  nextQueryId(): string {
    return this.rules.nextQueryId();
  }

  /** The next message id of a chat (users' and the bot's messages share them). */
  newMessageId(chatId: number): number {
    const id = (this.nextMessageId.get(chatId) ?? 100) + 1;
    this.nextMessageId.set(chatId, id);
    return id;
  }

  /**
   * A message a user types into a chat (entities for commands and mentions as a Telegram
   * app marks them), replying to a message of the bot if given. Kept in `incoming`.
   */
  userMessage(
    chat: { id: number; type: string },
    from: User,
    text: string,
    replyTo?: StoredMessage,
  ) {
    const messageId = this.newMessageId(chat.id);
    this.incoming.set(`${chat.id}:${messageId}`, {
      chatId: chat.id,
      messageId,
      from,
      text,
      sentAt: this.rules.now(),
    });
    return typedMessage(
      chat,
      from,
      messageId,
      text,
      replyTo
        ? {
            reply_to_message: {
              ...(this.toTelegram(replyTo) as object),
              chat,
            },
          }
        : {},
    );
  }

  // ---------------------------------------------------------------- the API

  private answer(
    method: string,
    p: Record<string, unknown>,
    files: Record<string, Buffer>,
  ): Answer {
    const ok = (result: unknown): Answer => ({ ok: true, result });
    const fail = (e: ApiError): Answer => ({ ok: false, ...e });
    const chatError = this.rules.chatError(p.chat_id);
    if (chatError && "chat_id" in p) return fail(chatError);
    switch (method) {
      case "getMe":
        return ok(BOT_INFO);
      case "getChatMember": {
        const userId = Number(p.user_id);
        const status = this.memberships.get(`${Number(p.chat_id)}:${userId}`) ?? "member";
        return ok({ status, user: { id: userId, is_bot: false, first_name: "User" } });
      }
      case "setMyCommands":
      case "deleteMyCommands":
      case "deleteWebhook":
      case "setWebhook":
      case "sendChatAction":
        return ok(true);
      case "answerCallbackQuery": {
        if (typeof p.text === "string" && p.text.length > LIMITS.callbackAnswer)
          return fail(bad(TG.alertTooLong));
        // Outside games, a press may only open this bot's chat with a start parameter.
        const startLink = new RegExp(
          `^(https://)?t\\.me/${BOT_INFO.username}\\?start=[A-Za-z0-9_-]{1,64}$`,
        );
        if (p.url !== undefined && !startLink.test(String(p.url))) return fail(bad(TG.urlInvalid));
        const e = this.rules.answerQuery("callback", p.callback_query_id);
        return e ? fail(e) : ok(true);
      }
      case "answerInlineQuery": {
        const r = inlineResults(p.results, (id) => this.files.has(id));
        if (!r.ok) return fail(r.error);
        const e = this.rules.answerQuery("inline", p.inline_query_id);
        if (e) return fail(e);
        this.rules.violate(method, r.value.violations);
        return ok(true);
      }
      case "sendMessage":
      case "sendPhoto":
        return this.send(method, p, files);
      case "sendDocument":
      case "sendAnimation":
        return this.sendFile(method === "sendDocument" ? "document" : "animation", p, files);
      case "deleteMessage": {
        const key = `${Number(p.chat_id)}:${Number(p.message_id)}`;
        const own = this.messages.get(key);
        const theirs = this.incoming.get(key);
        const sentAt = own?.sentAt ?? theirs?.sentAt;
        if (!own && !theirs) return fail(bad(TG.deleteNotFound));
        const chatId = Number(p.chat_id);
        const mayDelete =
          (own !== undefined ||
            this.rules.chatType(chatId) === "private" ||
            this.rules.isBotAdmin(chatId)) &&
          this.rules.now() - (sentAt ?? 0) < LIMITS.deleteAgeMs;
        if (!mayDelete) return fail(bad(TG.cantBeDeleted));
        this.messages.delete(key);
        this.incoming.delete(key);
        return ok(true);
      }
      case "editMessageText":
      case "editMessageCaption":
      case "editMessageMedia":
      case "editMessageReplyMarkup":
        return this.edit(method, p, files);
      default:
        return fail({
          error_code: 404,
          description: `Not Found: method ${method} is not in the fake`,
        });
    }
  }

  private send(method: string, p: Record<string, unknown>, files: Record<string, Buffer>): Answer {
    const fail = (e: ApiError): Answer => ({ ok: false, ...e });
    const chatId = Number(p.chat_id);
    const markup = replyMarkup(p.reply_markup, "send", placeOf(chatId));
    if (!markup.ok) return fail(markup.error);
    let text: string | null = null;
    let caption: string | null = null;
    let shown: Formatted | null;
    let photo: Buffer | string | null = null;
    let photoId: string | null = null;
    if (method === "sendMessage") {
      const t = messageText(p.text, p.parse_mode, p.entities);
      if (!t.ok) return fail(t.error);
      text = String(p.text);
      shown = t.value;
    } else {
      const c = captionText(p.caption, p.parse_mode, p.caption_entities);
      if (!c.ok) return fail(c.error);
      caption = typeof p.caption === "string" ? p.caption : null;
      shown = c.value;
      const got = this.photoFrom(p.photo, files, false);
      if (!got.ok) return fail(got.error);
      ({ photo, photoId } = got.value);
    }
    const reply = replyTarget(p, (c, id) => this.exists(c, id));
    if (!reply.ok) return fail(reply.error);
    this.rules.violate(method, markup.value.violations);
    const stored: StoredMessage = {
      chatId,
      messageId: this.newMessageId(chatId),
      inlineMessageId: null,
      text,
      caption,
      photo,
      photoId,
      keyboard: markup.value.keyboard,
      forceReply: markup.value.forceReply,
      replyTo: reply.value,
      shown,
      sentAt: this.rules.now(),
      date: this.dateOfNew(),
    };
    this.messages.set(`${chatId}:${stored.messageId}`, stored);
    this.rules.botSpoke(chatId);
    return { ok: true, result: this.toTelegram(stored) };
  }

  /** A document or an animation: an upload, or a file id Telegram issued for one before. */
  private sendFile(
    kind: "document" | "animation",
    p: Record<string, unknown>,
    files: Record<string, Buffer>,
  ): Answer {
    const fail = (e: ApiError): Answer => ({ ok: false, ...e });
    const chatId = Number(p.chat_id);
    const markup = replyMarkup(p.reply_markup, "send", placeOf(chatId));
    if (!markup.ok) return fail(markup.error);
    const c = captionText(p.caption, p.parse_mode, p.caption_entities);
    if (!c.ok) return fail(c.error);
    const got = this.fileFrom(p[kind], files);
    if (!got.ok) return fail(got.error);
    const reply = replyTarget(p, (chat, id) => this.exists(chat, id));
    if (!reply.ok) return fail(reply.error);
    this.rules.violate(kind, markup.value.violations);
    const stored: StoredMessage = {
      chatId,
      messageId: this.newMessageId(chatId),
      inlineMessageId: null,
      text: null,
      caption: typeof p.caption === "string" ? p.caption : null,
      photo: null,
      file: { kind, ...got.value },
      keyboard: markup.value.keyboard,
      forceReply: markup.value.forceReply,
      replyTo: reply.value,
      shown: c.value,
      sentAt: this.rules.now(),
      date: this.dateOfNew(),
    };
    this.messages.set(`${chatId}:${stored.messageId}`, stored);
    this.rules.botSpoke(chatId);
    return { ok: true, result: this.toTelegram(stored) };
  }

  /** A file field: an upload (`attach://name` or a file part) or a file id Telegram gave. */
  private fileFrom(
    field: unknown,
    files: Record<string, Buffer>,
  ): Check<{ data: Buffer | string; name: string | null; fileId: string }> {
    const text = String(field);
    const key = text.startsWith("attach://") ? text.slice(9) : text;
    const upload = files[key];
    if (upload) {
      const fileId = `file-${++this.fileCounter}`;
      this.files.set(fileId, upload);
      const name = this.lastFileNames[key] ?? null;
      return { ok: true, value: { data: upload, name, fileId } };
    }
    if (text.startsWith("attach://") || !this.files.has(text))
      return { ok: false, error: bad(TG.wrongFile) };
    return { ok: true, value: { data: text, name: null, fileId: text } };
  }

  /** The upload names of the call being answered. */
  private lastFileNames: Record<string, string> = {};

  private edit(method: string, p: Record<string, unknown>, files: Record<string, Buffer>): Answer {
    const fail = (e: ApiError): Answer => ({ ok: false, ...e });
    const m = this.find(p);
    if (!m) {
      if (!p.inline_message_id && this.incoming.has(`${Number(p.chat_id)}:${Number(p.message_id)}`))
        return fail(bad(TG.cantBeEdited));
      return fail(bad(TG.editNotFound));
    }
    const isMedia = m.photo !== null || (m.file ?? null) !== null;
    const markup = replyMarkup(
      p.reply_markup,
      "edit",
      m.inlineMessageId ? "inline" : placeOf(m.chatId),
    );
    if (!markup.ok) return fail(markup.error);
    const next = { ...m };
    if (method === "editMessageText") {
      if (isMedia) return fail(bad(TG.noTextToEdit));
      const t = messageText(p.text, p.parse_mode, p.entities);
      if (!t.ok) return fail(t.error);
      next.text = String(p.text);
      next.shown = t.value;
    } else if (method === "editMessageCaption") {
      if (!isMedia) return fail(bad(TG.noCaptionToEdit));
      const c = captionText(p.caption, p.parse_mode, p.caption_entities);
      if (!c.ok) return fail(c.error);
      next.caption = typeof p.caption === "string" ? p.caption : null;
      next.shown = c.value;
    } else if (method === "editMessageMedia") {
      // An inline message may turn from text into a photo; a chat message may not.
      if (!isMedia && !m.inlineMessageId) return fail(bad(TG.noMediaToEdit));
      const media = (typeof p.media === "string" ? JSON.parse(p.media) : p.media) as {
        type?: string;
        media: string;
        caption?: string;
        parse_mode?: string;
        caption_entities?: Entity[];
      };
      if (media.type !== undefined && media.type !== "photo" && media.type !== "animation")
        return fail(bad("Bad Request: wrong media type"));
      const c = captionText(media.caption, media.parse_mode, media.caption_entities);
      if (!c.ok) return fail(c.error);
      if (media.type === "animation") {
        const upload = String(media.media).startsWith("attach://");
        if (upload && m.inlineMessageId) return fail(bad(TG.uploadInInline));
        const got = this.fileFrom(media.media, files);
        if (!got.ok) return fail(got.error);
        next.file = { kind: "animation", ...got.value };
        next.photo = null;
        next.photoId = null;
      } else {
        const got = this.photoFrom(media.media, files, m.inlineMessageId !== null);
        if (!got.ok) return fail(got.error);
        next.photo = got.value.photo;
        next.photoId = got.value.photoId;
        next.file = null;
      }
      next.caption = media.caption ?? null;
      next.shown = c.value;
      next.text = null;
    }
    // An edit without reply_markup takes the buttons away, as in Telegram.
    next.keyboard = markup.value.keyboard;
    if (contentKey(next) === contentKey(m)) return fail(bad(TG.notModified));
    this.rules.violate(method, markup.value.violations);
    Object.assign(m, next);
    return { ok: true, result: m.inlineMessageId ? true : this.toTelegram(m) };
  }

  /** A photo field: an upload (`attach://name` or a file part) or a file id Telegram gave. */
  private photoFrom(
    field: unknown,
    files: Record<string, Buffer>,
    inline: boolean,
  ): Check<{ photo: Buffer | string; photoId: string }> {
    const text = String(field);
    const upload = text.startsWith("attach://") ? files[text.slice(9)] : files[text];
    if (upload || text.startsWith("attach://")) {
      if (inline) return { ok: false, error: bad(TG.uploadInInline) };
      if (!upload) return { ok: false, error: bad(TG.wrongFile) };
      const photoId = `photo-${++this.fileCounter}`;
      this.files.set(photoId, upload);
      return { ok: true, value: { photo: upload, photoId } };
    }
    if (/^https?:\/\//.test(text)) return { ok: true, value: { photo: text, photoId: text } };
    if (!this.files.has(text)) return { ok: false, error: bad(TG.wrongFile) };
    return { ok: true, value: { photo: text, photoId: text } };
  }

  private exists(chatId: number, messageId: number): boolean {
    const key = `${chatId}:${messageId}`;
    return this.messages.has(key) || this.incoming.has(key);
  }

  private find(p: Record<string, unknown>): StoredMessage | undefined {
    if (p.inline_message_id) return this.messages.get(`i:${String(p.inline_message_id)}`);
    return this.messages.get(`${Number(p.chat_id)}:${Number(p.message_id)}`);
  }

  private toTelegram(m: StoredMessage): object {
    const chatId = m.chatId ?? 0;
    const base = {
      message_id: m.messageId,
      date: m.date ?? Math.floor((m.sentAt ?? 0) / 1000),
      chat: chatOf(chatId, this.rules.chatType(chatId)),
      from: BOT_INFO,
      ...(m.keyboard.length ? { reply_markup: { inline_keyboard: m.keyboard } } : {}),
    };
    const entities = m.shown?.entities.length ? m.shown.entities : undefined;
    if (m.file) {
      const f = m.file;
      const doc = {
        file_id: f.fileId,
        file_unique_id: `u${f.fileId}`,
        file_name: f.name ?? "file",
      };
      return {
        ...base,
        ...(f.kind === "animation"
          ? { animation: { ...doc, width: 640, height: 480, duration: 1 }, document: doc }
          : { document: doc }),
        ...(m.shown ? { caption: m.shown.text } : {}),
        ...(entities ? { caption_entities: entities } : {}),
      };
    }
    if (m.photo) {
      const fileId = m.photoId ?? (typeof m.photo === "string" ? m.photo : "photo-0");
      return {
        ...base,
        photo: [{ file_id: fileId, file_unique_id: `u${fileId}`, width: 960, height: 720 }],
        ...(m.shown ? { caption: m.shown.text } : {}),
        ...(entities ? { caption_entities: entities } : {}),
      };
    }
    return {
      ...base,
      text: m.shown?.text ?? m.text ?? "",
      ...(entities ? { entities } : {}),
    };
  }
}

/** What Telegram compares for "message is not modified". */
const contentKey = (m: StoredMessage): string =>
  JSON.stringify([
    m.text === null ? null : "text",
    formattedKey(m.shown ?? null),
    photoKey(m.photoId ?? m.photo),
    m.file?.fileId ?? null,
    m.keyboard,
  ]);

const photoKey = (photo: Buffer | string | null): string | null =>
  photo === null
    ? null
    : typeof photo === "string"
      ? photo
      : `${photo.length}:${photo.subarray(0, 64).toString("hex")}:${photo.subarray(-64).toString("hex")}`;

/** How a stored text shows, for messages the fake did not see sent (inline results). */
function shownOf(html: string): Formatted | null {
  const t = messageText(html, "HTML");
  return t.ok ? t.value : { text: html, entities: [] };
}

/** `p`, or an AbortError once `signal` aborts (as fetch does when the caller gives up). */
function abortable<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new DOMException("This operation was aborted", "AbortError"));
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

async function readBody(body: unknown, contentType: string): Promise<ParsedBody> {
  return parseBody(await readAll(body), contentType);
}

export { BOT_INFO, keyboardOf };
