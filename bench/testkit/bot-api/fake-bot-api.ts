/**
 * A stand-in for the Telegram Bot API: in process behind grammY's `client.fetch` (`fetch`), or
 * over real HTTP on 127.0.0.1 for the bot as a separate process (`listen`, then
 * `BOT_API_ROOT=<root>`), with long polling. It records every call, keeps the messages the bot
 * sent and those users sent, and answers as Telegram does, errors included, by Telegram's rules
 * (rules.ts, methods.ts): formatted texts and their lengths, keyboards and callback data, reply
 * targets, queries answered once and in time, chats the bot was kicked from, privacy mode,
 * and the per-chat flood limits (flood.ts).
 *
 * The flood limits count by the clock on the wire (`wire`): for a bot in process, a WarpClock
 * its test moves when nothing but a chat's budget holds the bot up; for a bot in another
 * process, real time. Every call Telegram would refuse lands in `rejected`; failures a test
 * injects (`failNext`, `rateLimitNext`, `dropNext`, `holdNext`) are kept apart.
 */
import { EventEmitter } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { InlineKeyboardButton, Message, Update, User } from "grammy/types";
import { BOT_INFO } from "./bot-info.js";
import { type Answer, type ApiError, TG, tooManyRequests } from "./errors.js";
import { serve, type Telegram } from "./methods.js";
import { parseBody, readAll } from "./request-body.js";
import { BotApiRules, type Delivery, type PendingQuery, type Rejection } from "./rules.js";
import { type IncomingMessage, MessageStore, type StoredMessage, shownOf } from "./store.js";
import { chatOf, typedMessage } from "./updates.js";

export interface ApiCall {
  /** Its place among the fake's calls, from 1. */
  readonly seq: number;
  readonly method: string;
  readonly payload: Record<string, unknown>;
  /** Uploaded files by field name (none kept with `keepUploads: false`). */
  readonly files: Record<string, Buffer>;
  /** The names the uploads were sent under, by field name. */
  readonly fileNames: Record<string, string>;
  /** The request came over HTTP with `Transfer-Encoding: chunked`. */
  readonly chunked: boolean;
  /** When it came, by the wire's clock. */
  readonly at: number;
  /** What the fake answered; none for a call lost on the network. */
  answer?: Answer;
  /** The answer was a failure a test queued. */
  injected?: boolean;
  /** The request failed on the network (dropNext, or held and lost): nothing done. */
  dropped?: boolean;
}

/** The clock on the wire: when calls come, and what Telegram's flood limits count by. */
export interface WireClock {
  readonly now: () => number;
}

export interface FakeBotApiOptions<W extends WireClock> {
  /** The token the bot must use (others get 401); any token when not given. */
  readonly token?: string;
  /** The clock (ms) for query timeouts and message ages; Date.now by default. */
  readonly now?: () => number;
  /** The clock on the wire; `now` by default. */
  readonly wire?: W;
  /** The date (Unix seconds) each message the bot sends is given; by `now` by default. */
  readonly dates?: () => number;
  /** How long after delivery a callback query can be answered (15 s by default). */
  readonly queryTimeoutMs?: number;
  /** Group privacy mode, on by default. */
  readonly privacyMode?: boolean;
  /** Private chats take messages only after the user wrote to the bot (on by default). */
  readonly privateChatsNeedStart?: boolean;
  /** Keep uploaded bytes (on by default; off in benches that only count them). */
  readonly keepUploads?: boolean;
  /** A photo upload must be a PNG or JPEG picture, as Telegram reads it (on by default). */
  readonly checkImages?: boolean;
  /** Longest a getUpdates call is held waiting for an update, whatever its timeout asks. */
  readonly maxHoldMs?: number;
}

interface Failure {
  readonly method: string | RegExp;
  readonly answer: Answer;
  readonly match?: (payload: Record<string, unknown>) => boolean;
  readonly effect?: (payload: Record<string, unknown>) => void;
}

interface Hold {
  readonly method: string;
  readonly at: "request" | "reply";
  readonly match?: (payload: Record<string, unknown>) => boolean;
  readonly reached: () => void;
  /** Resolves true when the connection is lost instead. */
  readonly released: Promise<boolean>;
}

const ADMIN: User = { id: 1, is_bot: false, first_name: "Admin" };

export class FakeBotApi<W extends WireClock = WireClock> extends EventEmitter {
  readonly calls: ApiCall[] = [];
  /** Telegram's state and rules: chats, queries, privacy mode, flood limits, rejections. */
  readonly rules: BotApiRules;
  readonly wire: W;
  private readonly store: MessageStore;
  private readonly telegram: Telegram;
  private readonly token: string | undefined;
  private readonly keepUploads: boolean;
  private readonly maxHoldMs: number;
  private readonly memberships = new Map<string, string>();
  private readonly failures: Failure[] = [];
  private readonly drops: (string | RegExp)[] = [];
  private readonly holds: Hold[] = [];
  private readonly updates: Update[] = [];
  private readonly pollers = new Set<() => void>();
  private server: Server | null = null;
  private nextUpdateId = 1;
  private seq = 0;

  constructor(opts: FakeBotApiOptions<W> = {}) {
    super();
    this.setMaxListeners(100);
    const now = opts.now ?? Date.now;
    this.wire = opts.wire ?? ({ now } as W);
    this.token = opts.token;
    this.keepUploads = opts.keepUploads ?? true;
    this.maxHoldMs = opts.maxHoldMs ?? 1_000;
    this.rules = new BotApiRules({
      bot: BOT_INFO,
      now,
      floodClock: this.wire.now,
      ...(opts.queryTimeoutMs !== undefined ? { queryTimeoutMs: opts.queryTimeoutMs } : {}),
      ...(opts.privacyMode !== undefined ? { privacyMode: opts.privacyMode } : {}),
      ...(opts.privateChatsNeedStart !== undefined
        ? { privateChatsNeedStart: opts.privateChatsNeedStart }
        : {}),
    });
    this.store = new MessageStore((id) => this.rules.chatType(id), this.keepUploads);
    this.telegram = {
      store: this.store,
      rules: this.rules,
      memberships: this.memberships,
      dateOfNew: opts.dates ?? (() => Math.floor(now() / 1000)),
      images: opts.checkImages ?? true,
    };
  }

  // ---------------------------------------------------------------- transports

  /** grammY's `client.fetch`: the bot in this process. */
  readonly fetch = async (
    url: unknown,
    init?: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal },
  ): Promise<Response> => {
    const body = parseBody(await readAll(init?.body), init?.headers?.["content-type"] ?? "");
    const answer = await this.handle(String(url), body, false, init?.signal);
    return Response.json(answer, { status: answer.ok ? 200 : answer.error_code });
  };

  /** Serves the API over HTTP on a free port of 127.0.0.1; returns the API root. */
  async listen(): Promise<string> {
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      try {
        for await (const c of req) chunks.push(c as Buffer);
      } catch {
        return; // the client went away mid-request
      }
      const abort = new AbortController();
      res.on("close", () => abort.abort());
      let answer: Answer;
      try {
        const body = parseBody(Buffer.concat(chunks), req.headers["content-type"] ?? "");
        const chunked = /chunked/i.test(String(req.headers["transfer-encoding"] ?? ""));
        answer = await this.handle(req.url ?? "/", body, chunked, abort.signal);
      } catch (e) {
        if (e instanceof LostConnection) return void res.destroy();
        answer = { ok: false, error_code: 400, description: `Bad Request: ${String(e)}` };
      }
      if (res.destroyed) return;
      const text = JSON.stringify(answer);
      res.writeHead(answer.ok ? 200 : answer.error_code, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(text),
      });
      res.end(text);
    });
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

  // ---------------------------------------------------------------- what a test injects

  /**
   * The next call of `method` (matching `match`) fails with `error` instead of being served;
   * `effect` runs first (something else happens: a message deleted, the bot process killed).
   */
  failNext(
    method: string | RegExp,
    error: ApiError,
    opts: Pick<Failure, "match" | "effect"> = {},
  ): void {
    this.failures.push({ method, answer: { ok: false, ...error }, ...opts });
  }

  /** 429 Too Many Requests for the next call of `method`. */
  rateLimitNext(
    method: string | RegExp,
    retryAfter = 1,
    opts: Pick<Failure, "match" | "effect"> = {},
  ): void {
    this.failNext(method, tooManyRequests(retryAfter), opts);
  }

  /** Failures queued and not met yet. */
  get pendingFailures(): number {
    return this.failures.length;
  }

  /** The next `times` calls of `method` fail on the network; Telegram never sees them. */
  dropNext(method: string | RegExp, times = 1): void {
    for (let i = 0; i < times; i++) this.drops.push(method);
  }

  /**
   * The next call of `method` (matching `match`) is held on the network. At "reply" (the default) Telegram
   * carries it out at once (its message exists, users can press it) and its reply waits for
   * `release()`; at "request" the request itself waits, and is served on `release()`.
   * `release(true)` loses the connection instead: the caller gets a network error (and a
   * held request is never carried out). `reached` resolves when the call has got that far.
   */
  holdNext(
    method: string,
    opts: Pick<Hold, "match"> & { at?: "request" | "reply" } = {},
  ): { reached: Promise<void>; release: (lose?: boolean) => void } {
    let release!: (lose?: boolean) => void;
    let reached!: () => void;
    const released = new Promise<boolean>((r) => {
      release = (lose = false) => r(lose);
    });
    const wasReached = new Promise<void>((r) => {
      reached = r;
    });
    const hold = { method, at: opts.at ?? "reply", reached, released };
    this.holds.push(opts.match ? { ...hold, match: opts.match } : hold);
    return { reached: wasReached, release };
  }

  // ---------------------------------------------------------------- chats

  /** The user administers the chat (getChatMember says so for that chat only). */
  makeAdmin(userId: number, chatId: number): void {
    this.memberships.set(`${chatId}:${userId}`, "administrator");
  }

  /** The user is not in the chat (getChatMember says "left" for that chat only). */
  makeOutsider(userId: number, chatId: number): void {
    this.memberships.set(`${chatId}:${userId}`, "left");
  }

  /**
   * The bot is removed from a group or blocked in a private chat: every call into the chat
   * fails with 403 and nothing from it is delivered. Returns the my_chat_member update
   * Telegram sends about it, which is also queued for getUpdates.
   */
  kick(chatId: number, by: User = ADMIN): Update {
    const chat = chatOf(chatId, this.rules.chatType(chatId));
    const was = this.rules.isKicked(chatId) ? "kicked" : "member";
    this.rules.kick(chatId);
    const update = this.numbered({
      my_chat_member: {
        chat,
        from: chat.type === "private" ? { ...by, id: chatId } : by,
        date: this.date(),
        old_chat_member: { status: was, user: BOT_INFO },
        new_chat_member:
          chat.type === "private"
            ? { status: "kicked", user: BOT_INFO, until_date: 0 }
            : { status: "left", user: BOT_INFO },
      },
    } as unknown as Omit<Update, "update_id">);
    this.enqueue(update);
    return update;
  }

  // ---------------------------------------------------------------- messages

  /** The bot's messages, by `chatId:messageId` or `i:inlineMessageId`. */
  get messages(): ReadonlyMap<string, StoredMessage> {
    return this.store.messages;
  }

  /** Users' messages, by `chatId:messageId`. */
  get incoming(): ReadonlyMap<string, IncomingMessage> {
    return this.store.incoming;
  }

  message(chatId: number, messageId: number): StoredMessage | undefined {
    return this.store.message(chatId, messageId);
  }

  inlineMessage(id: string): StoredMessage | undefined {
    return this.store.inlineMessage(id);
  }

  /** The bot's messages in a chat, oldest first. */
  chatMessages(chatId: number): StoredMessage[] {
    return this.store.chatMessages(chatId);
  }

  /** The bytes of a file Telegram issued (a photo's `photoId`), when kept. */
  fileBytes(fileId: string): Buffer | null {
    return this.store.fileBytes(fileId);
  }

  /** Puts a message into a chat as if the bot had sent it earlier. */
  addMessage(chatId: number, init: Partial<StoredMessage> = {}): StoredMessage {
    const messageId = this.store.newMessageId(chatId);
    return this.store.put({ ...this.earlier(init), chatId, messageId, inlineMessageId: null });
  }

  /** Creates an inline message as Telegram does when a user sends an inline result. */
  addInlineMessage(
    id: string,
    text: string | null,
    keyboard: InlineKeyboardButton[][],
    caption: string | null = null,
    photo: string | null = null,
  ): StoredMessage {
    const init = { text, caption, photo, photoId: photo, keyboard };
    return this.store.put({
      ...this.earlier(init),
      chatId: null,
      messageId: 0,
      inlineMessageId: id,
    });
  }

  /** A message of the bot's made outside a call, shown as its HTML reads. */
  private earlier(
    init: Partial<StoredMessage>,
  ): Omit<StoredMessage, "chatId" | "messageId" | "inlineMessageId"> {
    const text = init.text ?? null;
    const caption = init.caption ?? null;
    return {
      text,
      caption,
      photo: null,
      photoId: null,
      file: null,
      keyboard: [],
      forceReply: null,
      replyTo: null,
      shown: shownOf(text ?? caption),
      sentAt: this.rules.now(),
      date: this.date(),
      changedAt: this.seq,
      ...init,
    };
  }

  /** A message goes away: someone deleted it. */
  deleteMessage(chatId: number, messageId: number): void {
    this.store.remove(chatId, messageId);
  }

  // ---------------------------------------------------------------- calls and problems

  callsOf(method: string): ApiCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  /** The answer to a callback query, once the bot has sent it. */
  answerOf(queryId: string): ApiCall | undefined {
    return this.calls.find(
      (c) => c.method === "answerCallbackQuery" && String(c.payload.callback_query_id) === queryId,
    );
  }

  /** Calls Telegram refused (status ≥ 400) that no test injected. */
  get rejected(): Rejection[] {
    return this.rules.rejected;
  }

  /** Calls Telegram took but users would not see as meant (e.g. over 8 buttons in a row). */
  get violations(): string[] {
    return this.rules.violations;
  }

  /** Updates the bot did not get, as Telegram would not have sent them, with the reason. */
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
        if (!v) return;
        cleanup();
        resolve(v);
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

  // ---------------------------------------------------------------- updates

  /** The update with the next update id, unless it has one. */
  numbered(update: Omit<Update, "update_id"> | Update): Update {
    return "update_id" in update
      ? update
      : ({ update_id: this.nextUpdateId++, ...update } as Update);
  }

  /** The id of the last update made. */
  get lastUpdateId(): number {
    return this.nextUpdateId - 1;
  }

  /**
   * A user types a text into a chat (commands and mentions get the entities a Telegram app
   * marks), replying to a message of the bot's if given. The message is kept, so the bot can
   * reply to it; the update is not delivered yet (`deliver`, `push`).
   */
  textUpdate(from: User, chatId: number, text: string, replyTo?: StoredMessage): Update {
    const chat = chatOf(chatId, this.rules.chatType(chatId));
    const messageId = this.store.newMessageId(chatId);
    this.store.incoming.set(`${chatId}:${messageId}`, {
      chatId,
      messageId,
      from,
      text,
      sentAt: this.rules.now(),
    });
    const reply = replyTo ? { reply_to_message: { ...this.store.toTelegram(replyTo), chat } } : {};
    return this.numbered({
      message: typedMessage(chat, from, messageId, text, this.date(), reply) as Update["message"],
    });
  }

  /**
   * A user presses a button with `data` (any data: a modified client sends what it likes) on
   * a message of the bot's, as it is now. Not delivered yet (`deliver`, `push`).
   */
  pressUpdate(
    from: User,
    message: StoredMessage,
    data: string,
  ): { queryId: string; update: Update } {
    const queryId = this.rules.nextQueryId(from.id);
    const live = message.inlineMessageId
      ? message
      : (this.message(message.chatId!, message.messageId) ?? message);
    const where = live.inlineMessageId
      ? { inline_message_id: live.inlineMessageId }
      : { message: this.store.toTelegram(live) as Message };
    const chatInstance = `ci${live.chatId ?? live.inlineMessageId}`;
    const update = this.numbered({
      callback_query: { id: queryId, from, chat_instance: chatInstance, data, ...where },
    } as Omit<Update, "update_id">);
    return { queryId, update };
  }

  /** Would Telegram deliver this update to the bot (privacy mode, kicked chats)? */
  wouldDeliver(update: Omit<Update, "update_id">): Delivery {
    return this.rules.wouldDeliver(update);
  }

  /**
   * An update happens: Telegram notes what it tells (its query, chats, users who started the
   * bot) and says whether the bot gets it (else it is in `undelivered`).
   */
  deliver(update: Omit<Update, "update_id"> | Update): boolean {
    const { update_id: _, ...rest } = update as Update;
    return this.rules.deliver(rest);
  }

  /** An update happens and, if the bot gets it, waits for getUpdates; whether it does. */
  push(update: Update): boolean {
    if (!this.deliver(update)) return false;
    this.enqueue(update);
    return true;
  }

  /** A user's text, through getUpdates: its update id, or null when the bot does not get it. */
  sendText(from: User, chatId: number, text: string, replyTo?: StoredMessage): number | null {
    const update = this.textUpdate(from, chatId, text, replyTo);
    return this.push(update) ? update.update_id : null;
  }

  /** A user's press, through getUpdates; the callback query's id. */
  press(from: User, message: StoredMessage, data: string): string {
    const { queryId, update } = this.pressUpdate(from, message, data);
    this.push(update);
    return queryId;
  }

  /** Queues an update again as it was (Telegram redelivers what was never confirmed). */
  deliverAgain(update: Update): void {
    this.enqueue(update);
  }

  private enqueue(update: Update): void {
    this.updates.push(update);
    for (const wake of [...this.pollers]) wake();
  }

  private date(): number {
    return this.telegram.dateOfNew();
  }

  // ---------------------------------------------------------------- serving a call

  private async handle(
    url: string,
    body: {
      payload: Record<string, unknown>;
      files: Record<string, Buffer>;
      fileNames?: Record<string, string>;
    },
    chunked: boolean,
    signal: AbortSignal | undefined,
  ): Promise<Answer> {
    const [, token = "", method = ""] =
      /\/bot([^/]+)\/([A-Za-z]+)$/.exec(new URL(url, "http://x").pathname) ?? [];
    const { payload } = body;
    const call: ApiCall = {
      seq: ++this.seq,
      method,
      payload,
      files: this.keepUploads ? body.files : {},
      fileNames: body.fileNames ?? {},
      chunked,
      at: this.wire.now(),
    };
    this.calls.push(call);
    const authorized = this.token === undefined || token === this.token;
    // Telegram forgets confirmed updates when the request arrives, whatever it answers then.
    if (method === "getUpdates" && authorized) this.forgetBelow(payload);
    if (takeFirst(this.drops, (m) => matches(m, method)) !== undefined) {
      call.dropped = true;
      throw new LostConnection(method, "connect ECONNREFUSED");
    }
    if (await this.held(method, "request", payload, signal)) {
      call.dropped = true;
      throw new LostConnection(method, "the connection was reset");
    }
    const failure = authorized
      ? takeFirst(this.failures, (f) => matches(f.method, method) && (!f.match || f.match(payload)))
      : undefined;
    failure?.effect?.(payload);
    const answer = !authorized
      ? ({ ok: false, error_code: 401, description: TG.unauthorized } as const)
      : (failure?.answer ??
        (method === "getUpdates"
          ? await this.poll(payload, signal)
          : this.served(call, body.files)));
    call.answer = answer;
    call.injected = failure !== undefined;
    this.rules.record(method, payload, answer, call.injected);
    this.emit("call", call);
    if (await this.held(method, "reply", payload, signal))
      throw new LostConnection(method, "the connection was reset");
    return answer;
  }

  /** The answer to a call Telegram gets: its flood limits first, then the method. */
  private served(call: ApiCall, files: Record<string, Buffer>): Answer {
    const limited = this.rules.chatError(call.payload.chat_id)
      ? null
      : this.rules.flood.check(call.method, call.payload);
    if (limited) return { ok: false, ...limited };
    try {
      return serve(this.telegram, { ...call, files });
    } catch (e) {
      return { ok: false, error_code: 400, description: `Bad Request: ${String(e)}` };
    }
  }

  /** Waits out a hold of the call at this point, if a test set one; true when it is lost. */
  private async held(
    method: string,
    at: Hold["at"],
    payload: Record<string, unknown>,
    signal: AbortSignal | undefined,
  ) {
    const hold = takeFirst(
      this.holds,
      (h) => h.method === method && h.at === at && (!h.match || h.match(payload)),
    );
    if (!hold) return false;
    hold.reached();
    return abortable(hold.released, signal);
  }

  /** Updates below the offset are confirmed: Telegram forgets them. */
  private forgetBelow(p: Record<string, unknown>): void {
    const offset = Number(p.offset ?? 0);
    while (this.updates.length && this.updates[0]!.update_id < offset) this.updates.shift();
  }

  /** getUpdates: what is queued, after waiting up to its timeout (at most maxHoldMs) for some. */
  private async poll(p: Record<string, unknown>, signal?: AbortSignal): Promise<Answer> {
    const limit = Math.min(100, Math.max(1, Number(p.limit ?? 100)));
    const hold = Math.min(this.maxHoldMs, Math.max(0, Number(p.timeout ?? 0)) * 1000);
    if (this.updates.length === 0 && hold > 0 && !signal?.aborted)
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
    const allowed = Array.isArray(p.allowed_updates) ? (p.allowed_updates as string[]) : null;
    const batch = this.updates
      .filter((u) => !allowed || Object.keys(u).some((k) => allowed.includes(k)))
      .slice(0, limit);
    return { ok: true, result: batch };
  }
}

/** The connection failed: fetch rejects (grammY's HttpError), HTTP drops the socket. */
class LostConnection extends TypeError {
  constructor(method: string, why: string) {
    super(`fetch failed: ${why} (${method})`);
  }
}

const matches = (m: string | RegExp, method: string): boolean =>
  typeof m === "string" ? m === method : m.test(method);

/** Removes and returns the first item that passes `test`. */
function takeFirst<T>(items: T[], test: (item: T) => boolean): T | undefined {
  const i = items.findIndex(test);
  return i < 0 ? undefined : items.splice(i, 1)[0];
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
