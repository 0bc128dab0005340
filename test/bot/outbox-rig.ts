import { Api } from "grammy";
import { silentLogger, WarpClock } from "../../bench/testkit/index.js";
import { TELEGRAM_BUDGETS } from "../../src/bot/outbox/budget.js";
import { Outbox, type OutboxLedger, type WaitingLimits } from "../../src/bot/outbox/outbox.js";

export const GROUP = -100_200;
export const OTHER = -100_300;
export const PRIVATE = 11;

export interface Sent {
  readonly method: string;
  readonly chat: string;
  readonly at: number;
  readonly text: string;
}

/**
 * An outbox on a warp clock before a stand-in for Telegram that records when each call
 * arrives; `limited` lanes answer their next call with a 429.
 */
/** Room for more waiting replies than any test here makes, unless a test sets its own. */
export const ROOMY: WaitingLimits = { perChat: 1_000, total: 10_000 };

export function rig(
  limits: WaitingLimits = ROOMY,
  onFull: (lane: string) => void = () => {},
  /** How long the call numbered `n` (from 0) takes to reach the stand-in. */
  arrivalDelay: (n: number) => number = () => 0,
  /** Where the outbox writes what it spends and keeps (none by default). */
  ledger?: (clock: WarpClock) => OutboxLedger,
) {
  const clock = new WarpClock();
  let calls = 0;
  let onTheWay = 0;
  const outbox = new Outbox({
    logger: silentLogger,
    clock,
    rules: TELEGRAM_BUDGETS,
    limits,
    onFull,
    ...(ledger ? { ledger: ledger(clock) } : {}),
  });
  const sent: Sent[] = [];
  const limited = new Map<string, number>();
  const api = new Api("123:abc", {
    fetch: (async (url: string, init: { body: string }) => {
      const method = String(url).split("/").pop()!;
      const p = JSON.parse(init.body) as Record<string, unknown>;
      const delay = arrivalDelay(calls++);
      if (delay > 0) {
        onTheWay++;
        await new Promise<void>((r) => clock.setTimeout(r, delay));
        onTheWay--;
      }
      const chat = p.inline_message_id ? `i:${p.inline_message_id}` : `c:${p.chat_id}`;
      const wait = limited.get(chat);
      if (wait !== undefined) {
        limited.delete(chat);
        return Response.json({
          ok: false,
          error_code: 429,
          description: `Too Many Requests: retry after ${wait}`,
          parameters: { retry_after: wait },
        });
      }
      sent.push({ method, chat, at: clock.now(), text: String(p.text ?? "") });
      return Response.json({ ok: true, result: { message_id: sent.length, date: 0, chat: {} } });
    }) as never,
  });
  api.config.use(outbox.gate({ retryAfter429: true }));
  /** Runs `work` to its end, moving the clock whenever only a budget holds it up. */
  const drive = async <T>(work: Promise<T>): Promise<T> => {
    let done = false;
    void work.finally(() => {
      done = true;
    });
    while (!done) {
      await new Promise((r) => setImmediate(r));
      if (!done && (onTheWay > 0 || outbox.waitingOnClock())) clock.advance();
    }
    return work;
  };
  return { clock, outbox, api, sent, limited, drive };
}

/** The most calls into `chat` within any `windowMs`. */
export function busiest(sent: readonly Sent[], chat: string, windowMs: number): number {
  const times = sent.filter((s) => s.chat === chat).map((s) => s.at);
  return Math.max(0, ...times.map((t) => times.filter((u) => u >= t && u < t + windowMs).length));
}
