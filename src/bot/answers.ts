import type { Context, MiddlewareFn, Transformer } from "grammy";
import type { Logger } from "../log.js";

/** Telegram takes an answer for about 15 s; after that an id is of no use. */
const KEEP_MS = 60_000;

/**
 * Every press gets exactly one answer. The answers are noted where the calls go out (an API
 * transformer, installed on the bot's API and on the conversations' own), so a press answered
 * inside a set-up dialog counts too; whatever is left unanswered when an update is done gets
 * an empty answer.
 */
export class PressAnswers {
  private readonly answered = new Map<string, number>();

  constructor(
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  readonly transformer: Transformer = (prev, method, payload, signal) => {
    if (method === "answerCallbackQuery")
      this.note((payload as { callback_query_id: string }).callback_query_id);
    return prev(method, payload, signal);
  };

  has(queryId: string): boolean {
    return this.answered.has(queryId);
  }

  /**
   * Answers the press in `ctx` unless that happened already. Never throws: a lost answer only
   * leaves a spinner, and must not stop the work that follows (the board, above all).
   */
  async answer(ctx: Context, text?: string, alert = false): Promise<void> {
    const query = ctx.callbackQuery;
    if (!query || this.has(query.id)) return;
    try {
      await ctx.answerCallbackQuery(text ? { text, show_alert: alert } : undefined);
    } catch (err) {
      this.logger.warn({ err, query: query.id }, "press not answered");
    }
  }

  /** Runs the rest of the chain, then answers whatever press it left unanswered. */
  middleware(): MiddlewareFn<Context> {
    return async (ctx, next) => {
      try {
        await next();
      } finally {
        await this.answer(ctx);
      }
    };
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
