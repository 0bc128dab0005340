/**
 * A stand-in for the Telegram Bot API, over real HTTP on 127.0.0.1 (for the bot as a separate
 * process: `BOT_API_ROOT=http://127.0.0.1:PORT`) or in-process through `fetch` (grammY's
 * `client.fetch`, for benches).
 *
 * It keeps the chats' messages (text, caption, photo bytes, buttons), serves queued updates by
 * long polling, and answers as Telegram does, errors included: "message is not modified" for an
 * identical edit, "message to edit not found", too-long captions and texts, bad callback data,
 * a callback query answered twice. Tests queue further errors (429 with `retry_after`...) with
 * `failNext`. Files come as multipart bodies, which grammY streams with
 * `Transfer-Encoding: chunked`; node's HTTP parser de-chunks them and the fake notes that it did.
 */
import { EventEmitter } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import type {
  InlineKeyboardButton,
  InlineKeyboardMarkup,
  Message,
  Update,
  User,
} from "grammy/types";
import { BOT_INFO } from "../helpers/bot-info.js";
import { parseBody, readAll } from "../helpers/request-body.js";

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
  /** Counts successful edits. */
  revision: number;
  /** Call seq of the last change (send or edit). */
  changedAt: number;
  deleted: boolean;
}

export type Answer =
  | { ok: true; result: unknown }
  | {
      ok: false;
      error_code: number;
      description: string;
      parameters?: { retry_after?: number; migrate_to_chat_id?: number };
    };

interface Injected {
  /** A method name, or a pattern for several (e.g. /^editMessage/). */
  readonly method: string | RegExp;
  readonly answer: Answer;
  readonly match?: (payload: Record<string, unknown>) => boolean;
  readonly effect?: (payload: Record<string, unknown>) => void;
}

export const FAKE_BOT = BOT_INFO;

const NOT_MODIFIED =
  "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message";

export interface FakeBotApiOptions {
  /** The token the bot must use; others get 401 Unauthorized. */
  readonly token: string;
  /** Longest a getUpdates call is held waiting for an update, whatever its timeout asks. */
  readonly maxHoldMs?: number;
  /** Keep uploaded photo bytes (off in benches that only count them). */
  readonly keepPhotos?: boolean;
}

export class FakeBotApi extends EventEmitter {
  readonly calls: ApiCall[] = [];
  readonly messages = new Map<string, FakeMessage>();
  /** Problems the fake saw that Telegram would reject or that break its rules. */
  readonly violations: string[] = [];
  private readonly token: string;
  private readonly maxHoldMs: number;
  private readonly keepPhotos: boolean;
  private readonly injected: Injected[] = [];
  private readonly updates: Update[] = [];
  private readonly pollers = new Set<() => void>();
  private readonly nextMessageId = new Map<number, number>();
  private readonly queries = new Map<string, { at: number; answered: boolean }>();
  private readonly photosById = new Map<string, Buffer | null>();
  private server: Server | null = null;
  private nextUpdateId = 1;
  private nextQueryId = 1;
  private fileCounter = 0;
  private seq = 0;

  constructor(opts: FakeBotApiOptions) {
    super();
    this.setMaxListeners(100);
    this.token = opts.token;
    this.maxHoldMs = opts.maxHoldMs ?? 1_000;
    this.keepPhotos = opts.keepPhotos ?? true;
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

  get pendingFailures(): number {
    return this.injected.length;
  }

  /** Queues an update for getUpdates; returns its id. */
  pushUpdate(update: Omit<Update, "update_id">): number {
    return this.queue({ update_id: this.nextUpdateId++, ...update } as Update);
  }

  private queue(update: Update): number {
    this.updates.push(update);
    for (const wake of [...this.pollers]) wake();
    return update.update_id;
  }

  /** The update of a user sending a text (a command gets its entity); not queued. */
  textUpdate(from: User, chatId: number, text: string): Update {
    const command = /^\/\w+(@\w+)?/.exec(text);
    return {
      update_id: this.nextUpdateId++,
      message: {
        message_id: this.allocMessageId(chatId),
        date: Math.floor(Date.now() / 1000),
        chat: chatOf(chatId),
        from,
        text,
        ...(command
          ? { entities: [{ type: "bot_command", offset: 0, length: command[0].length }] }
          : {}),
      } as Update["message"],
    };
  }

  /** The update of a user pressing a button of a message; not queued. */
  pressUpdate(from: User, message: FakeMessage, data: string): { queryId: string; update: Update } {
    const queryId = String(this.nextQueryId++);
    this.queries.set(queryId, { at: performance.now(), answered: false });
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
    return { queryId, update };
  }

  /** A user sends a text to a chat, through getUpdates; returns the update id. */
  sendText(from: User, chatId: number, text: string): number {
    return this.queue(this.textUpdate(from, chatId, text));
  }

  /** A user presses a button, through getUpdates; returns the callback query id. */
  press(from: User, message: FakeMessage, data: string): string {
    const { queryId, update } = this.pressUpdate(from, message, data);
    this.queue(update);
    return queryId;
  }

  message(chatId: number, messageId: number): FakeMessage | undefined {
    return this.messages.get(`${chatId}:${messageId}`);
  }

  /** Messages still in the chat, oldest first. */
  chatMessages(chatId: number): FakeMessage[] {
    return [...this.messages.values()]
      .filter((m) => m.chatId === chatId && !m.deleted)
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
      revision: 0,
      changedAt: this.seq,
      deleted: false,
      ...init,
    };
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
    let answer: Answer;
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
      } else if (method === "getUpdates") answer = await this.getUpdates(payload, signal);
      else answer = this.answer(call, method, payload, files);
    }
    call.answer = answer;
    this.emit("call", call);
    return answer;
  }

  private async getUpdates(p: Record<string, unknown>, signal?: AbortSignal): Promise<Answer> {
    const offset = Number(p.offset ?? 0);
    const limit = Math.min(100, Math.max(1, Number(p.limit ?? 100)));
    // Updates below the offset are confirmed: Telegram forgets them.
    while (this.updates.length && this.updates[0]!.update_id < offset) this.updates.shift();
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
        const q = this.queries.get(String(p.callback_query_id));
        if (!q || q.answered || performance.now() - q.at > 15_000)
          return this.bad(
            "Bad Request: query is too old and response timeout expired or query ID is invalid",
          );
        if (typeof p.text === "string" && p.text.length > 200)
          return this.bad("Bad Request: MESSAGE_TOO_LONG");
        q.answered = true;
        return ok(true);
      }
      case "sendMessage":
      case "sendPhoto": {
        const chatId = Number(p.chat_id);
        const keyboard = keyboardOf(p.reply_markup);
        const problem = keyboardProblem(keyboard);
        if (problem) return this.bad(problem);
        let photo: Buffer | null = null;
        let photoId: string | null = null;
        if (method === "sendPhoto") {
          const got = this.photoFrom(String(p.photo), files);
          if ("error" in got) return this.bad(got.error);
          ({ photo, photoId } = got);
          if (textLength(p.caption) > 1024)
            return this.bad("Bad Request: message caption is too long");
        } else {
          if (textLength(p.text) === 0) return this.bad("Bad Request: message text is empty");
          if (textLength(p.text) > 4096) return this.bad("Bad Request: message is too long");
        }
        const m = this.addMessage(chatId, {
          text: method === "sendMessage" ? String(p.text) : null,
          caption: typeof p.caption === "string" ? p.caption : null,
          photo,
          photoId,
          keyboard,
          changedAt: call.seq,
        });
        return ok(this.toTelegram(m));
      }
      case "deleteMessage": {
        const m = this.message(Number(p.chat_id), Number(p.message_id));
        if (!m || m.deleted) return this.bad("Bad Request: message to delete not found");
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

  private edit(
    call: ApiCall,
    method: string,
    p: Record<string, unknown>,
    files: Record<string, Buffer>,
  ): Answer {
    if (p.inline_message_id !== undefined)
      return this.bad("Bad Request: inline messages are not in this fake");
    const m = this.message(Number(p.chat_id), Number(p.message_id));
    if (!m || m.deleted) return this.bad("Bad Request: message to edit not found");
    const before = contentKey(m);
    const next = { ...m };
    if (method === "editMessageText") {
      if (m.text === null) return this.bad("Bad Request: there is no text in the message to edit");
      if (textLength(p.text) > 4096) return this.bad("Bad Request: message is too long");
      next.text = String(p.text);
    } else if (method === "editMessageCaption") {
      if (m.photo === null && m.photoId === null)
        return this.bad("Bad Request: there is no caption in the message to edit");
      if (textLength(p.caption) > 1024) return this.bad("Bad Request: message caption is too long");
      next.caption = typeof p.caption === "string" ? p.caption : null;
    } else if (method === "editMessageMedia") {
      if (m.text !== null) return this.bad("Bad Request: there is no media in the message to edit");
      const media = JSON.parse(String(p.media)) as {
        type: string;
        media: string;
        caption?: string;
      };
      if (media.type !== "photo") return this.bad("Bad Request: wrong media type");
      const got = this.photoFrom(media.media, files);
      if ("error" in got) return this.bad(got.error);
      next.photo = got.photo;
      next.photoId = got.photoId;
      if ((media.caption ?? "").length > 1024)
        return this.bad("Bad Request: message caption is too long");
      next.caption = media.caption ?? null;
    }
    // An edit without reply_markup removes the buttons, as in Telegram.
    next.keyboard = keyboardOf(p.reply_markup);
    const problem = keyboardProblem(next.keyboard);
    if (problem) return this.bad(problem);
    if (contentKey(next) === before) return this.bad(NOT_MODIFIED);
    Object.assign(m, next, { revision: m.revision + 1, changedAt: call.seq });
    return { ok: true, result: this.toTelegram(m) };
  }

  private photoFrom(
    field: string,
    files: Record<string, Buffer>,
  ): { photo: Buffer | null; photoId: string } | { error: string } {
    if (field.startsWith("attach://")) {
      const bytes = files[field.slice(9)];
      if (!bytes) return { error: "Bad Request: wrong file identifier/HTTP URL specified" };
      if (!isImage(bytes)) return { error: "Bad Request: IMAGE_PROCESS_FAILED" };
      const photoId = `photo-${++this.fileCounter}`;
      const kept = this.keepPhotos ? bytes : null;
      this.photosById.set(photoId, kept);
      return { photo: kept, photoId };
    }
    if (!this.photosById.has(field))
      return { error: "Bad Request: wrong file identifier/HTTP URL specified" };
    return { photo: this.photosById.get(field) ?? null, photoId: field };
  }

  private bad(description: string): Answer {
    return fail(400, description);
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
      chat: chatOf(m.chatId),
      from: FAKE_BOT,
      ...(m.keyboard.length ? { reply_markup: { inline_keyboard: m.keyboard } } : {}),
    };
    if (m.photoId !== null)
      return {
        ...base,
        photo: [{ file_id: m.photoId, file_unique_id: `u${m.photoId}`, width: 1000, height: 800 }],
        ...(m.caption !== null ? { caption: plainText(m.caption) } : {}),
      };
    return { ...base, text: plainText(m.text ?? "") };
  }
}

// -------------------------------------------------------------------- helpers

export const chatOf = (chatId: number) =>
  chatId < 0
    ? { id: chatId, type: "supergroup" as const, title: `Group ${-chatId}` }
    : { id: chatId, type: "private" as const, first_name: "Chat" };

const fail = (code: number, description: string): Answer => ({
  ok: false,
  error_code: code,
  description,
});

/** The text a user sees: tags removed, entities decoded (what Telegram counts and returns). */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

const textLength = (v: unknown): number =>
  typeof v === "string" ? [...plainText(v)].length : v === undefined ? 0 : String(v).length;

const isImage = (b: Buffer): boolean =>
  (b.length > 8 && b.subarray(0, 8).equals(Buffer.from("89504e470d0a1a0a", "hex"))) ||
  (b.length > 3 && b[0] === 0xff && b[1] === 0xd8);

const contentKey = (m: Pick<FakeMessage, "text" | "caption" | "photoId" | "keyboard">) =>
  JSON.stringify([m.text, m.caption, m.photoId, m.keyboard]);

function keyboardOf(markup: unknown): InlineKeyboardButton[][] {
  if (markup === undefined || markup === null || markup === "") return [];
  const m = (typeof markup === "string" ? JSON.parse(markup) : markup) as InlineKeyboardMarkup;
  return m.inline_keyboard ?? [];
}

function keyboardProblem(rows: InlineKeyboardButton[][]): string | null {
  if (rows.flat().length > 100) return "Bad Request: too many buttons";
  for (const row of rows) {
    if (row.length > 8) return "Bad Request: too many buttons in a row";
    for (const b of row) {
      if (!b.text) return "Bad Request: text buttons are unallowed in the inline keyboard";
      if ("callback_data" in b) {
        const n = Buffer.byteLength(b.callback_data ?? "");
        if (n < 1 || n > 64) return "Bad Request: BUTTON_DATA_INVALID";
      }
    }
  }
  return null;
}

function parsePath(pathname: string): { token: string; method: string } {
  const m = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(pathname);
  return m ? { token: m[1]!, method: m[2]! } : { token: "", method: "" };
}
