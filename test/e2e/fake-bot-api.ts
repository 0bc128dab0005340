/**
 * A stand-in for the Telegram Bot API, over real HTTP on 127.0.0.1 (for the bot as a separate
 * process: `BOT_API_ROOT=http://127.0.0.1:PORT`) or in-process through `fetch` (grammY's
 * `client.fetch`, for benches).
 *
 * It keeps the chats' messages (text, caption, photo bytes, buttons), serves queued updates by
 * long polling, and answers as Telegram does, errors included, by the rules shared with the
 * in-process fake (test/helpers/bot-api-rules.ts): formatted texts and their lengths,
 * keyboards and callback data, "message is not modified", missing messages and reply targets,
 * callback queries answered once and within the time limit, chats the bot was kicked from,
 * and privacy mode: what a bot in a group would not get is not queued. Every call Telegram
 * would refuse lands in `rejected`; tests queue further errors (429 with `retry_after`...)
 * with `failNext`, which are kept apart. Files come as multipart bodies, which grammY streams
 * with `Transfer-Encoding: chunked`; node's HTTP parser de-chunks them and the fake notes that
 * it did.
 */
import { EventEmitter } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import type { InlineKeyboardButton, Message, Update, User } from "grammy/types";
import {
  type Answer,
  BotApiRules,
  bad,
  captionText,
  chatOf as chatObject,
  type Delivery,
  type Entity,
  type ForceReply,
  type Formatted,
  formattedKey,
  inlineResults,
  LIMITS,
  messageText,
  type PendingQuery,
  placeOf,
  plainText,
  type Rejection,
  replyMarkup,
  replyTarget,
  TG,
  typedMessage,
} from "../helpers/bot-api-rules.js";
import { BOT_INFO } from "../helpers/bot-info.js";
import { parseBody, readAll } from "../helpers/request-body.js";

export { type Answer, plainText };

export interface ApiCall {
  readonly seq: number;
  readonly method: string;
  readonly payload: Record<string, unknown>;
  /** Uploaded files by part name. */
  readonly files: Record<string, Buffer>;
  /** The request came with `Transfer-Encoding: chunked`. */
  readonly chunked: boolean;
  /** performance.now() when the request was complete. */
  readonly at: number;
  answer?: Answer;
  /** The answer was a failure the test queued (failNext, rateLimitNext). */
  injected?: boolean;
}

export interface FakeMessage {
  readonly chatId: number;
  readonly messageId: number;
  /** As the bot sent it (HTML). */
  text: string | null;
  caption: string | null;
  photo: Buffer | null;
  photoId: string | null;
  keyboard: InlineKeyboardButton[][];
  /** force_reply the message asks for, if any. */
  forceReply?: ForceReply | null;
  /** The text or caption as users see it (parsed). */
  shown?: Formatted | null;
  /** Sent by a user (the fake's `sendText`), not by the bot. */
  fromUser?: User;
  /** Clock time it was sent. */
  sentAt?: number;
  /** Counts successful edits. */
  revision: number;
  /** Call seq of the last change (send or edit). */
  changedAt: number;
  deleted: boolean;
}

interface Injected {
  /** A method name, or a pattern for several (e.g. /^editMessage/). */
  readonly method: string | RegExp;
  readonly answer: Answer;
  readonly match?: (payload: Record<string, unknown>) => boolean;
  readonly effect?: (payload: Record<string, unknown>) => void;
}

export const FAKE_BOT = BOT_INFO;

export interface FakeBotApiOptions {
  /** The token the bot must use; others get 401 Unauthorized. */
  readonly token: string;
  /** Longest a getUpdates call is held waiting for an update, whatever its timeout asks. */
  readonly maxHoldMs?: number;
  /** Keep uploaded photo bytes (off in benches that only count them). */
  readonly keepPhotos?: boolean;
  /** The clock (ms) for callback query timeouts and message ages; performance.now by default. */
  readonly now?: () => number;
  /** How long after delivery a callback query can be answered (15 s by default). */
  readonly queryTimeoutMs?: number;
  /** Group privacy mode, on by default. */
  readonly privacyMode?: boolean;
  /** Private chats take messages only after the user wrote to the bot (on by default). */
  readonly privateChatsNeedStart?: boolean;
}

export class FakeBotApi extends EventEmitter {
  readonly calls: ApiCall[] = [];
  readonly messages = new Map<string, FakeMessage>();
  /** Telegram's state and rules: chats, queries, privacy mode, rejections. */
  readonly rules: BotApiRules;
  private readonly token: string;
  private readonly maxHoldMs: number;
  private readonly keepPhotos: boolean;
  private readonly injected: Injected[] = [];
  private readonly updates: Update[] = [];
  private readonly pollers = new Set<() => void>();
  private readonly nextMessageId = new Map<number, number>();
  private readonly photosById = new Map<string, Buffer | null>();
  private server: Server | null = null;
  private nextUpdateId = 1;
  private fileCounter = 0;
  private seq = 0;

  constructor(opts: FakeBotApiOptions) {
    super();
    this.setMaxListeners(100);
    this.token = opts.token;
    this.maxHoldMs = opts.maxHoldMs ?? 1_000;
    this.keepPhotos = opts.keepPhotos ?? true;
    this.rules = new BotApiRules({
      bot: FAKE_BOT,
      now: opts.now ?? (() => performance.now()),
      ...(opts.queryTimeoutMs !== undefined ? { queryTimeoutMs: opts.queryTimeoutMs } : {}),
      ...(opts.privacyMode !== undefined ? { privacyMode: opts.privacyMode } : {}),
      ...(opts.privateChatsNeedStart !== undefined
        ? { privateChatsNeedStart: opts.privateChatsNeedStart }
        : {}),
    });
  }

  // ------------------------------------------------------------------ transport

  /** Starts the HTTP server on a free port of 127.0.0.1; returns the API root. */
  async listen(): Promise<string> {
    const server = createServer((req, res) => void this.serveHttp(req, res));
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.server = server;
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const wake of this.pollers) wake();
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** grammY's `client.fetch`: the same answers without a socket. */
  readonly fetch = async (
    url: unknown,
    init?: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal },
  ): Promise<Response> => {
    const { token, method } = parsePath(new URL(String(url)).pathname);
    const raw = await readAll(init?.body);
    const { payload, files } = parseBody(raw, init?.headers?.["content-type"] ?? "");
    const answer = await this.handle(token, method, payload, files, false, init?.signal);
    return new Response(JSON.stringify(answer), {
      status: answer.ok ? 200 : answer.error_code,
      headers: { "content-type": "application/json" },
    });
  };

  private async serveHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    try {
      for await (const c of req) chunks.push(c as Buffer);
    } catch {
      return; // the client went away mid-request
    }
    const { token, method } = parsePath(new URL(req.url ?? "/", "http://x").pathname);
    const abort = new AbortController();
    res.on("close", () => abort.abort());
    let answer: Answer;
    try {
      const { payload, files } = parseBody(
        Buffer.concat(chunks),
        req.headers["content-type"] ?? "",
      );
      const chunked = /chunked/i.test(String(req.headers["transfer-encoding"] ?? ""));
      answer = await this.handle(token, method, payload, files, chunked, abort.signal);
    } catch (e) {
      if (e instanceof LostConnection) {
        res.destroy();
        return;
      }
      answer = { ok: false, error_code: 400, description: `Bad Request: ${String(e)}` };
    }
    if (res.destroyed) return;
    const body = JSON.stringify(answer);
    res.writeHead(answer.ok ? 200 : answer.error_code, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
    });
    res.end(body);
  }

  // ------------------------------------------------------------------ test controls

  /**
   * The next call of `method` (matching `match`) gets `answer` instead of being served;
   * `effect` runs first (e.g. delete the message, as if an admin just did).
   */
  failNext(
    method: string | RegExp,
    answer: Extract<Answer, { ok: false }>,
    opts: Pick<Injected, "match" | "effect"> = {},
  ): void {
    this.injected.push({ method, answer, ...opts });
  }

  /** 429 Too Many Requests for the next call of `method`. */
  rateLimitNext(
    method: string | RegExp,
    retryAfter = 1,
    opts: Pick<Injected, "match" | "effect"> = {},
  ): void {
    this.failNext(
      method,
      {
        ok: false,
        error_code: 429,
        description: `Too Many Requests: retry after ${retryAfter}`,
        parameters: { retry_after: retryAfter },
      },
      opts,
    );
  }

  private readonly holds: {
    method: string;
    reached: () => void;
    released: Promise<boolean>;
  }[] = [];

  /**
   * The next call of `method` waits before Telegram serves it: `release()` serves it,
   * `release(true)` drops the connection instead (nothing done, the caller sees a network
   * error). `reached` resolves when the call has arrived.
   */
  holdNext(method: string): { reached: Promise<void>; release: (lose?: boolean) => void } {
    let release!: (lose?: boolean) => void;
    let reached!: () => void;
    const released = new Promise<boolean>((r) => {
      release = (lose = false) => r(lose);
    });
    const wasReached = new Promise<void>((r) => {
      reached = r;
    });
    this.holds.push({ method, reached, released });
    return { reached: wasReached, release };
  }

  get pendingFailures(): number {
    return this.injected.length;
  }

  /**
   * Queues an update for getUpdates, if Telegram would deliver it (privacy mode in groups,
   * chats the bot was kicked from); returns its id, or null (see `undelivered` for why).
   */
  pushUpdate(update: Omit<Update, "update_id">): number | null {
    return this.queue({ update_id: this.nextUpdateId++, ...update } as Update);
  }

  /** The id of the last update made (queued or not). */
  get lastUpdateId(): number {
    return this.nextUpdateId - 1;
  }

  /** Queues an update again as it was (Telegram redelivers what was never confirmed). */
  deliverAgain(update: Update): void {
    this.enqueue(update);
  }

  private queue(update: Update): number | null {
    const { update_id: _, ...rest } = update;
    if (!this.rules.deliver(rest)) return null;
    return this.enqueue(update);
  }

  private enqueue(update: Update): number {
    this.updates.push(update);
    for (const wake of [...this.pollers]) wake();
    return update.update_id;
  }

  /**
   * The update of a user sending a text (commands and mentions get their entities); not
   * queued. The message is kept, so the bot can reply to it.
   */
  textUpdate(from: User, chatId: number, text: string, replyTo?: FakeMessage): Update {
    const chat = chatObject(chatId, this.rules.chatType(chatId));
    const messageId = this.allocMessageId(chatId);
    const now = this.rules.now();
    this.messages.set(`${chatId}:${messageId}`, {
      chatId,
      messageId,
      text,
      caption: null,
      photo: null,
      photoId: null,
      keyboard: [],
      shown: { text, entities: [] },
      fromUser: from,
      sentAt: now,
      revision: 0,
      changedAt: this.seq,
      deleted: false,
    });
    return {
      update_id: this.nextUpdateId++,
      message: typedMessage(
        chat,
        from,
        messageId,
        text,
        replyTo ? { reply_to_message: this.toTelegram(replyTo) } : {},
      ) as Update["message"],
    };
  }

  /**
   * The update of a user pressing a button of a message; not queued. The query counts as
   * delivered now (the fake expects one answer in time) unless Telegram would not deliver it.
   */
  pressUpdate(from: User, message: FakeMessage, data: string): { queryId: string; update: Update } {
    const queryId = this.rules.nextQueryId();
    const update: Update = {
      update_id: this.nextUpdateId++,
      callback_query: {
        id: queryId,
        from,
        chat_instance: `ci${message.chatId}`,
        data,
        message: this.toTelegram(message) as Message & Update.NonChannel,
      },
    };
    const { update_id: _, ...rest } = update;
    this.rules.deliver(rest);
    return { queryId, update };
  }

  /**
   * A user sends a text to a chat, through getUpdates (a reply to a message if `replyTo`);
   * returns the update id, or null when Telegram would not deliver it to the bot.
   */
  sendText(from: User, chatId: number, text: string, replyTo?: FakeMessage): number | null {
    return this.queue(this.textUpdate(from, chatId, text, replyTo));
  }

  /** A user presses a button, through getUpdates; returns the callback query id. */
  press(from: User, message: FakeMessage, data: string): string {
    const { queryId, update } = this.pressUpdate(from, message, data);
    if (!this.rules.isKicked(message.chatId)) this.enqueue(update);
    return queryId;
  }

  /**
   * The bot is removed from a group or blocked in a private chat: every call into the chat
   * fails with 403 and nothing from it is delivered. Telegram's my_chat_member update about
   * it is queued.
   */
  kick(chatId: number, by: User = { id: 1, is_bot: false, first_name: "Admin" }): void {
    const chat = chatObject(chatId, this.rules.chatType(chatId));
    this.rules.kick(chatId);
    this.enqueue({
      update_id: this.nextUpdateId++,
      my_chat_member: {
        chat,
        from: chat.type === "private" ? { ...by, id: chatId } : by,
        date: Math.floor(Date.now() / 1000),
        old_chat_member: { status: "member", user: FAKE_BOT },
        new_chat_member:
          chat.type === "private"
            ? { status: "kicked", user: FAKE_BOT, until_date: 0 }
            : { status: "left", user: FAKE_BOT },
      },
    } as unknown as Update);
  }

  /** Would Telegram deliver this update to the bot (privacy mode, kicked chats)? */
  wouldDeliver(update: Omit<Update, "update_id">): Delivery {
    return this.rules.wouldDeliver(update);
  }

  /** Calls Telegram refused (status ≥ 400) that no test injected. */
  get rejected(): Rejection[] {
    return this.rules.rejected;
  }

  /** Calls Telegram took but users would not see as meant (e.g. over 8 buttons in a row). */
  get violations(): string[] {
    return this.rules.violations;
  }

  /** Updates not queued, as Telegram would not have delivered them, with the reason. */
  get undelivered(): { update: Omit<Update, "update_id">; reason: string }[] {
    return this.rules.undelivered;
  }

  /** Callback queries delivered and never answered in time. */
  unansweredQueries(): PendingQuery[] {
    return this.rules.unansweredQueries();
  }

  /**
   * Rejected calls, violations and unanswered callback queries, one line each:
   * `expect(fake.problems()).toEqual([])`.
   */
  problems(): string[] {
    return this.rules.problems();
  }

  message(chatId: number, messageId: number): FakeMessage | undefined {
    const m = this.messages.get(`${chatId}:${messageId}`);
    return m && !m.fromUser ? m : undefined;
  }

  /** The bot's messages still in the chat, oldest first. */
  chatMessages(chatId: number): FakeMessage[] {
    return [...this.messages.values()]
      .filter((m) => m.chatId === chatId && !m.deleted && !m.fromUser)
      .sort((a, b) => a.messageId - b.messageId);
  }

  /** Puts a message into a chat as if the bot had sent it earlier (benches). */
  addMessage(chatId: number, init: Partial<FakeMessage> = {}): FakeMessage {
    const m: FakeMessage = {
      chatId,
      messageId: this.allocMessageId(chatId),
      text: null,
      caption: null,
      photo: null,
      photoId: null,
      keyboard: [],
      sentAt: this.rules.now(),
      revision: 0,
      changedAt: this.seq,
      deleted: false,
      ...init,
    };
    if (m.shown === undefined) {
      const html = m.text ?? m.caption;
      m.shown = html === null ? null : { text: plainText(html), entities: [] };
    }
    this.messages.set(`${chatId}:${m.messageId}`, m);
    return m;
  }

  callsOf(method: string): ApiCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  /** The answer to a callback query, once the bot has sent it. */
  answerOf(queryId: string): ApiCall | undefined {
    return this.calls.find(
      (c) => c.method === "answerCallbackQuery" && String(c.payload.callback_query_id) === queryId,
    );
  }

  /** Resolves when `check` gives a value (checked now and after every call), or rejects. */
  waitFor<T>(
    check: () => T | undefined | null | false,
    timeoutMs: number,
    what: string,
  ): Promise<T> {
    const first = check();
    if (first) return Promise.resolve(first);
    return new Promise<T>((resolve, reject) => {
      const onCall = () => {
        const v = check();
        if (v) {
          cleanup();
          resolve(v);
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.off("call", onCall);
      };
      this.on("call", onCall);
    });
  }

  // ------------------------------------------------------------------ the API

  private async handle(
    token: string,
    method: string,
    payload: Record<string, unknown>,
    files: Record<string, Buffer>,
    chunked: boolean,
    signal?: AbortSignal,
  ): Promise<Answer> {
    const call: ApiCall = {
      seq: ++this.seq,
      method,
      payload,
      files: this.keepPhotos ? files : {},
      chunked,
      at: performance.now(),
    };
    this.calls.push(call);
    // Telegram forgets confirmed updates when the request arrives, whatever it answers then.
    if (method === "getUpdates" && token === this.token) this.forgetBelow(payload);
    const held = this.holds.findIndex((x) => x.method === method);
    if (held >= 0) {
      const hold = this.holds.splice(held, 1)[0]!;
      hold.reached();
      if (await hold.released) throw new LostConnection(method);
    }
    let answer: Answer;
    let injected = false;
    if (token !== this.token) answer = fail(401, "Unauthorized");
    else {
      const i = this.injected.findIndex(
        (f) =>
          (typeof f.method === "string" ? f.method === method : f.method.test(method)) &&
          (!f.match || f.match(payload)),
      );
      if (i >= 0) {
        const f = this.injected.splice(i, 1)[0]!;
        f.effect?.(payload);
        answer = f.answer;
        injected = true;
      } else if (method === "getUpdates") answer = await this.getUpdates(payload, signal);
      else {
        const limited = this.rules.chatError(payload.chat_id)
          ? null
          : this.rules.flood.check(method, payload);
        try {
          answer = limited ? { ok: false, ...limited } : this.answer(call, method, payload, files);
        } catch (e) {
          answer = fail(400, `Bad Request: ${String(e)}`);
        }
      }
    }
    call.answer = answer;
    call.injected = injected;
    this.rules.record(method, payload, answer, injected);
    this.emit("call", call);
    return answer;
  }

  /** Updates below the offset are confirmed: Telegram forgets them. */
  private forgetBelow(p: Record<string, unknown>): void {
    const offset = Number(p.offset ?? 0);
    while (this.updates.length && this.updates[0]!.update_id < offset) this.updates.shift();
  }

  private async getUpdates(p: Record<string, unknown>, signal?: AbortSignal): Promise<Answer> {
    const limit = Math.min(100, Math.max(1, Number(p.limit ?? 100)));
    if (this.updates.length === 0) {
      const hold = Math.min(this.maxHoldMs, Math.max(0, Number(p.timeout ?? 0)) * 1000);
      if (hold > 0 && !signal?.aborted) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            this.pollers.delete(wake);
            signal?.removeEventListener("abort", wake);
            resolve();
          };
          const timer = setTimeout(wake, hold);
          this.pollers.add(wake);
          signal?.addEventListener("abort", wake);
        });
      }
    }
    const allowed = Array.isArray(p.allowed_updates) ? (p.allowed_updates as string[]) : null;
    const batch = this.updates
      .filter((u) => !allowed || Object.keys(u).some((k) => allowed.includes(k)))
      .slice(0, limit);
    return { ok: true, result: batch };
  }

  private answer(
    call: ApiCall,
    method: string,
    p: Record<string, unknown>,
    files: Record<string, Buffer>,
  ): Answer {
    const ok = (result: unknown): Answer => ({ ok: true, result });
    const chatError = this.rules.chatError(p.chat_id);
    if (chatError) return { ok: false, ...chatError };
    switch (method) {
      case "getMe":
        return ok(FAKE_BOT);
      case "setMyCommands":
      case "deleteMyCommands":
      case "deleteWebhook":
      case "setWebhook":
      case "sendChatAction":
        return ok(true);
      case "answerCallbackQuery": {
        if (typeof p.text === "string" && p.text.length > LIMITS.callbackAnswer)
          return this.bad(TG.alertTooLong);
        const e = this.rules.answerQuery("callback", p.callback_query_id);
        return e ? { ok: false, ...e } : ok(true);
      }
      case "answerInlineQuery": {
        const r = inlineResults(p.results, (id) => this.photosById.has(id));
        if (!r.ok) return { ok: false, ...r.error };
        const e = this.rules.answerQuery("inline", p.inline_query_id);
        if (e) return { ok: false, ...e };
        this.rules.violate(method, r.value.violations);
        return ok(true);
      }
      case "sendMessage":
      case "sendPhoto":
        return this.send(call, method, p, files);
      case "deleteMessage": {
        const chatId = Number(p.chat_id);
        const m = this.messages.get(`${chatId}:${Number(p.message_id)}`);
        if (!m || m.deleted) return this.bad(TG.deleteNotFound);
        const mayDelete =
          (!m.fromUser ||
            this.rules.chatType(chatId) === "private" ||
            this.rules.isBotAdmin(chatId)) &&
          this.rules.now() - (m.sentAt ?? 0) < LIMITS.deleteAgeMs;
        if (!mayDelete) return this.bad(TG.cantBeDeleted);
        m.deleted = true;
        return ok(true);
      }
      case "editMessageText":
      case "editMessageCaption":
      case "editMessageMedia":
      case "editMessageReplyMarkup":
        return this.edit(call, method, p, files);
      default:
        return fail(404, "Not Found");
    }
  }

  private send(
    call: ApiCall,
    method: string,
    p: Record<string, unknown>,
    files: Record<string, Buffer>,
  ): Answer {
    const chatId = Number(p.chat_id);
    const markup = replyMarkup(p.reply_markup, "send", placeOf(chatId));
    if (!markup.ok) return { ok: false, ...markup.error };
    let photo: Buffer | null = null;
    let photoId: string | null = null;
    let shown: Formatted | null;
    if (method === "sendPhoto") {
      const c = captionText(p.caption, p.parse_mode, p.caption_entities);
      if (!c.ok) return { ok: false, ...c.error };
      shown = c.value;
      const got = this.photoFrom(String(p.photo), files);
      if ("error" in got) return this.bad(got.error);
      ({ photo, photoId } = got);
    } else {
      const t = messageText(p.text, p.parse_mode, p.entities);
      if (!t.ok) return { ok: false, ...t.error };
      shown = t.value;
    }
    const reply = replyTarget(p, (c, id) => {
      const m = this.messages.get(`${c}:${id}`);
      return m !== undefined && !m.deleted;
    });
    if (!reply.ok) return { ok: false, ...reply.error };
    this.rules.violate(method, markup.value.violations);
    const m = this.addMessage(chatId, {
      text: method === "sendMessage" ? String(p.text) : null,
      caption: typeof p.caption === "string" ? p.caption : null,
      photo,
      photoId,
      keyboard: markup.value.keyboard,
      forceReply: markup.value.forceReply,
      shown,
      changedAt: call.seq,
    });
    this.rules.botSpoke(chatId);
    return { ok: true, result: this.toTelegram(m) };
  }

  private edit(
    call: ApiCall,
    method: string,
    p: Record<string, unknown>,
    files: Record<string, Buffer>,
  ): Answer {
    if (p.inline_message_id !== undefined)
      return this.bad("Bad Request: inline messages are not in this fake");
    const m = this.messages.get(`${Number(p.chat_id)}:${Number(p.message_id)}`);
    if (!m || m.deleted) return this.bad(TG.editNotFound);
    if (m.fromUser) return this.bad(TG.cantBeEdited);
    const isMedia = m.photoId !== null || m.photo !== null;
    const markup = replyMarkup(p.reply_markup, "edit", placeOf(m.chatId));
    if (!markup.ok) return { ok: false, ...markup.error };
    const next = { ...m };
    if (method === "editMessageText") {
      if (isMedia) return this.bad(TG.noTextToEdit);
      const t = messageText(p.text, p.parse_mode, p.entities);
      if (!t.ok) return { ok: false, ...t.error };
      next.text = String(p.text);
      next.shown = t.value;
    } else if (method === "editMessageCaption") {
      if (!isMedia) return this.bad(TG.noCaptionToEdit);
      const c = captionText(p.caption, p.parse_mode, p.caption_entities);
      if (!c.ok) return { ok: false, ...c.error };
      next.caption = typeof p.caption === "string" ? p.caption : null;
      next.shown = c.value;
    } else if (method === "editMessageMedia") {
      if (!isMedia) return this.bad(TG.noMediaToEdit);
      const media = (typeof p.media === "string" ? JSON.parse(p.media) : p.media) as {
        type: string;
        media: string;
        caption?: string;
        parse_mode?: string;
        caption_entities?: Entity[];
      };
      if (media.type !== "photo") return this.bad("Bad Request: wrong media type");
      const got = this.photoFrom(media.media, files);
      if ("error" in got) return this.bad(got.error);
      const c = captionText(media.caption, media.parse_mode, media.caption_entities);
      if (!c.ok) return { ok: false, ...c.error };
      next.photo = got.photo;
      next.photoId = got.photoId;
      next.caption = media.caption ?? null;
      next.shown = c.value;
    }
    // An edit without reply_markup removes the buttons, as in Telegram.
    next.keyboard = markup.value.keyboard;
    if (contentKey(next) === contentKey(m)) return this.bad(TG.notModified);
    this.rules.violate(method, markup.value.violations);
    Object.assign(m, next, { revision: m.revision + 1, changedAt: call.seq });
    return { ok: true, result: this.toTelegram(m) };
  }

  private photoFrom(
    field: string,
    files: Record<string, Buffer>,
  ): { photo: Buffer | null; photoId: string } | { error: string } {
    if (field.startsWith("attach://")) {
      const bytes = files[field.slice(9)];
      if (!bytes) return { error: TG.wrongFile };
      if (!isImage(bytes)) return { error: "Bad Request: IMAGE_PROCESS_FAILED" };
      const photoId = `photo-${++this.fileCounter}`;
      const kept = this.keepPhotos ? bytes : null;
      this.photosById.set(photoId, kept);
      return { photo: kept, photoId };
    }
    if (!this.photosById.has(field)) return { error: TG.wrongFile };
    return { photo: this.photosById.get(field) ?? null, photoId: field };
  }

  private bad(description: string): Answer {
    return { ok: false, ...bad(description) };
  }

  private allocMessageId(chatId: number): number {
    const id = (this.nextMessageId.get(chatId) ?? 0) + 1;
    this.nextMessageId.set(chatId, id);
    return id;
  }

  private toTelegram(m: FakeMessage): object {
    const base = {
      message_id: m.messageId,
      date: Math.floor(Date.now() / 1000),
      chat: chatOf(m.chatId, this.rules.chatType(m.chatId)),
      from: m.fromUser ?? FAKE_BOT,
      ...(m.keyboard.length ? { reply_markup: { inline_keyboard: m.keyboard } } : {}),
    };
    const shown = m.shown ?? null;
    const entities = shown?.entities.length ? shown.entities : undefined;
    if (m.photoId !== null)
      return {
        ...base,
        photo: [{ file_id: m.photoId, file_unique_id: `u${m.photoId}`, width: 1000, height: 800 }],
        ...(shown ? { caption: shown.text } : {}),
        ...(entities ? { caption_entities: entities } : {}),
      };
    return {
      ...base,
      text: shown?.text ?? plainText(m.text ?? ""),
      ...(entities ? { entities } : {}),
    };
  }
}

// -------------------------------------------------------------------- helpers

/** A held call released as lost: fetch fails as on a reset connection. */
class LostConnection extends TypeError {
  constructor(method: string) {
    super(`fetch failed: the connection was reset (${method})`);
  }
}

/** The chat object of an id (negative: a supergroup, unless told otherwise). */
export const chatOf = chatObject;

const fail = (code: number, description: string): Answer => ({
  ok: false,
  error_code: code,
  description,
});

const isImage = (b: Buffer): boolean =>
  (b.length > 8 && b.subarray(0, 8).equals(Buffer.from("89504e470d0a1a0a", "hex"))) ||
  (b.length > 3 && b[0] === 0xff && b[1] === 0xd8);

/** What Telegram compares for "message is not modified". */
const contentKey = (m: FakeMessage) =>
  JSON.stringify([
    m.text === null ? null : "text",
    formattedKey(m.shown ?? null),
    m.photoId,
    m.keyboard,
  ]);

function parsePath(pathname: string): { token: string; method: string } {
  const m = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(pathname);
  return m ? { token: m[1]!, method: m[2]! } : { token: "", method: "" };
}
