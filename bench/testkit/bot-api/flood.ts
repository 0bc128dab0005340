/**
 * Telegram's per-chat flood limits as the Bot API's maintainers describe them: sends and
 * edits share about 20 a minute in a group (and in a channel); in a private chat a short
 * burst and then about one a second. An inline message's chat is not known to the bot, so
 * each counts as a group of its own. Answers to presses and inline queries, deletions and
 * reads are not limited. A call past the limit gets 429 "retry after N", and does not count.
 */
import { type ApiError, tooManyRequests } from "./errors.js";
import { asJson } from "./markup.js";
import type { ChatType } from "./updates.js";

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
    return wait > 0 ? tooManyRequests(Math.ceil(wait / 1000)) : null;
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
