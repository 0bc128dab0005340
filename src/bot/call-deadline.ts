import type { Transformer } from "grammy";

/**
 * The longest any call may take, its retries included. auto-retry waits out 429s and 5xx,
 * and retries a dropped connection with a backoff that grows to an hour and no limit on
 * tries; only an aborted signal stops it. So every call gets one.
 */
export const CALL_DEADLINE_MS = 30_000;

/** The long poll carries its own timeout and the runner's stop signal. */
const OWN_DEADLINE = new Set(["getUpdates"]);

/** Gives every call a deadline (the caller's own signal still applies). */
export function callDeadline(ms: number = CALL_DEADLINE_MS): Transformer {
  return (prev, method, payload, signal) => {
    if (OWN_DEADLINE.has(method)) return prev(method, payload, signal);
    return prev(method, payload, withDeadline(signal, ms));
  };
}

/** grammY types its signals with a polyfill's AbortSignal; Node's own is what runs. */
type Signal = Parameters<Transformer>[3];

/** `signal`, aborted at the latest after `ms`. */
export function withDeadline(signal: Signal, ms: number): Signal {
  // AbortSignal.timeout throws on a fractional delay (a clock with sub-millisecond times).
  const limit = AbortSignal.timeout(Math.max(0, Math.ceil(ms)));
  const both = signal ? AbortSignal.any([signal as unknown as AbortSignal, limit]) : limit;
  return both as unknown as Signal;
}

/**
 * What a call's last try met. auto-retry swallows each failed try, so a call that runs out
 * of time says only that it was aborted; installed before auto-retry, this sees every try,
 * and `explain` hangs the last failure under such an error as its cause.
 */
export function lastTryFailure(): { transformer: Transformer; explain(e: unknown): unknown } {
  let last: unknown = null;
  return {
    transformer: async (prev, method, payload, signal) => {
      try {
        return await prev(method, payload, signal);
      } catch (e) {
        last = e;
        throw e;
      }
    },
    explain: (e) =>
      e instanceof Error && e.cause === undefined && last !== null && last !== e
        ? new Error(e.message, { cause: last })
        : e,
  };
}
