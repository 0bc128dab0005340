/**
 * The state Telegram keeps about the bot's chats and queries, and its rules about them: chats
 * the bot was kicked from or blocked in, private chats it may not start, which updates a bot
 * in privacy mode gets at all, callback and inline queries answered once and in time, the
 * flood limits. Every call Telegram would refuse is recorded as a rejection, apart from
 * failures a test injected on purpose.
 */
import type { Update, User } from "grammy/types";
import { type Answer, type ApiError, bad, LIMITS, TG } from "./errors.js";
import { FloodLimits } from "./flood.js";
import type { Entity } from "./html.js";
import type { ChatType } from "./updates.js";

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

export interface PendingQuery {
  readonly id: string;
  readonly kind: "callback" | "inline";
  readonly deliveredAt: number;
  answeredAt: number | null;
  readonly from: number | null;
  readonly data: string | null;
}

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

  /**
   * A fresh callback query id, unique in this fake, as Telegram makes it: the presser's id in the upper 32 bits, so a
   * bot that shows a press id to others shows whose press it was.
   */
  nextQueryId(fromId: number): string {
    return String((BigInt(fromId) << 32n) | BigInt(++this.queryCounter));
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
