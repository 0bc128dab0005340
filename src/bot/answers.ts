import type { Context, MiddlewareFn, Transformer } from "grammy";
import type { Logger } from "../log.js";
import { withDeadline } from "./call-deadline.js";
import { ANSWER_LIMIT, fitPlain } from "./ui/fit.js";

/** Telegram takes an answer for about 15 s; after that an id is of no use. */
const KEEP_MS = 60_000;
/**
 * How long after a press arrived its answer may still be sent or retried. Telegram drops the
 * query at about 15 s; an answer sent later is refused ("query is too old"), so a retry past
 * this only costs calls and holds the update up.
 */
export const ANSWER_WITHIN_MS = 10_000;

/**
 * Waits between an answer's attempts, the last repeated while the press's time lasts.
 * answerCallbackQuery is not rate-limited, and auto-retry's backoff (3 s, 6 s, 12 s) would
 * spend the press's whole time on two retries.
 */
export const ANSWER_RETRY_MS = [300, 700, 1_500, 2_000] as const;

/** When an update arrived, if it came earlier than its handling starts (a replay). */
export type ArrivalOf = (updateId: number) => number | undefined;

const ANSWER = "answerCallbackQuery";

/** `transformer` for every call but a press's answer, which PressAnswers retries itself. */
export const exceptAnswers =
  (transformer: Transformer): Transformer =>
  (prev, method, payload, signal) =>
    method === ANSWER ? prev(method, payload, signal) : transformer(prev, method, payload, signal);

type Result = Awaited<ReturnType<Parameters<Transformer>[0]>>;

/** A refusal worth another try: Telegram's own failure, or a wait it asks for. */
const worthRetrying = (r: Result): boolean =>
  !r.ok && (r.error_code >= 500 || r.error_code === 429);

/**
 * Every press gets exactly one answer, while it can still arrive. The answers are noted where
 * the calls go out (an API transformer, installed on the bot's API and on the conversations'
 * own), so a press answered inside a set-up dialog counts too; whatever is left unanswered
 * when an update is done gets an empty answer. An answer that fails is tried again quickly
 * while the press can still take it; other calls keep auto-retry (see `exceptAnswers`).
 */
export class PressAnswers {
  private readonly answered = new Map<string, number>();
  /** When each press in progress arrived. */
  private readonly arrived = new Map<string, number>();

  constructor(
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
    private readonly arrivalOf: ArrivalOf = () => undefined,
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /**
   * Notes each answer, and tries it until it gets through or the press's time is up
   * (counted from the press's arrival, or from the first try when that is not known).
   */
  readonly transformer: Transformer = async (prev, method, payload, signal) => {
    if (method !== ANSWER) return prev(method, payload, signal);
    const id = (payload as { callback_query_id: string }).callback_query_id;
    // Answered already (at once, while its update waited): a second answer would be refused.
    if (this.answered.has(id)) return ALREADY_ANSWERED as never;
    this.note(id);
    const until = this.now() + (this.timeLeft(id) ?? ANSWER_WITHIN_MS);
    for (let attempt = 0; ; attempt++) {
      const left = until - this.now();
      if (left <= 0) return TOO_LATE;
      let result: Result | undefined;
      let failure: unknown;
      try {
        result = await prev(method, payload, withDeadline(signal, left));
        if (!worthRetrying(result)) return result;
      } catch (err) {
        // The caller gave up, or the time is over: no more tries.
        if (signal?.aborted || this.now() >= until) throw err;
        failure = err;
      }
      const asked = result?.ok === false ? result.parameters?.retry_after : undefined;
      const wait =
        asked !== undefined
          ? asked * 1000
          : ANSWER_RETRY_MS[Math.min(attempt, ANSWER_RETRY_MS.length - 1)]!;
      if (this.now() + wait >= until) {
        if (result) return result;
        throw failure;
      }
      await this.sleep(wait);
    }
  };

  has(queryId: string): boolean {
    return this.answered.has(queryId);
  }

  /**
   * Answers the press in `ctx` unless that happened already or it is too late. Never throws:
   * a lost answer only leaves a spinner, and must not stop the work that follows (the board).
   */
  async answer(ctx: Context, text?: string, alert = false): Promise<void> {
    // An answer may name people: it is cut to what Telegram takes.
    const fitted = text ? fitPlain(text, ANSWER_LIMIT) : undefined;
    await this.reply(ctx, fitted ? { text: fitted, show_alert: alert } : undefined);
  }

  /** Answers by opening the bot's private chat, where Start sends `/start <payload>`. */
  async openBot(ctx: Context, payload: string): Promise<void> {
    await this.reply(ctx, { url: `https://t.me/${ctx.me.username}?start=${payload}` });
  }

  private async reply(
    ctx: Context,
    other?: { text?: string; show_alert?: boolean; url?: string },
  ): Promise<void> {
    const query = ctx.callbackQuery;
    if (!query || this.has(query.id)) return;
    if ((this.timeLeft(query.id) ?? 1) <= 0) {
      this.note(query.id);
      this.logger.info({ query: query.id }, "press too old to answer");
      return;
    }
    try {
      await ctx.answerCallbackQuery(other);
    } catch (err) {
      this.logger.warn({ err, query: query.id }, "press not answered");
    }
  }

  /**
   * Notes when the press arrived (put it before anything that may queue the update), runs
   * the rest of the chain, then answers whatever press it left unanswered.
   */
  middleware(): MiddlewareFn<Context> {
    return async (ctx, next) => {
      const id = ctx.callbackQuery?.id;
      if (id !== undefined)
        this.arrived.set(id, this.arrivalOf(ctx.update.update_id) ?? this.now());
      try {
        await next();
      } finally {
        await this.answer(ctx);
        if (id !== undefined) this.arrived.delete(id);
      }
    };
  }

  /** Milliseconds left to answer the press; null when its arrival is not known. */
  private timeLeft(queryId: string): number | null {
    const at = this.arrived.get(queryId);
    return at === undefined ? null : at + ANSWER_WITHIN_MS - this.now();
  }

  private note(queryId: string): void {
    const now = this.now();
    this.answered.set(queryId, now);
    for (const [id, at] of this.answered) {
      if (now - at < KEEP_MS) break;
      this.answered.delete(id);
    }
  }
}

/** What a press's second answer gets instead of a call: its first went. */
const ALREADY_ANSWERED = { ok: true as const, result: true };

/** What an answer past its time gets instead of a call. */
const TOO_LATE = {
  ok: false as const,
  error_code: 400,
  description: "Bad Request: query is too old (not sent: past its answer time)",
};
