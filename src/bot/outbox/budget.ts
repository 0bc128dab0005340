/**
 * How many sends and edits one chat takes. Telegram allows about 20 a minute in a group and,
 * in a private chat, a short burst and then about one a second; past that every call gets a
 * 429 for up to a minute. The defaults stay a little under both, since the bot's clock and
 * Telegram's do not tick together.
 */
export type BudgetRule =
  | {
      readonly kind: "window";
      readonly count: number;
      readonly windowMs: number;
      /**
       * Calls that may go at once while the window is nearly empty. Past them the rest of the
       * window's calls are spread evenly until its oldest call ages out, so a burst is paid
       * back by slightly wider gaps, never by the chat falling silent until it ages out.
       */
      readonly burst: number;
    }
  | { readonly kind: "bucket"; readonly burst: number; readonly refillMs: number };

export interface BudgetRules {
  readonly group: BudgetRule;
  readonly private: BudgetRule;
}

export const TELEGRAM_BUDGETS: BudgetRules = {
  // A burst of four: a new game's card, its close, its board and its opening at once.
  group: { kind: "window", count: 20, windowMs: 61_000, burst: 4 },
  private: { kind: "bucket", burst: 3, refillMs: 1_050 },
};

/** One chat's spending under its rule. */
export interface Budget {
  /** How long until one more call may go (0: now). */
  waitMs(now: number): number;
  /** Share of the budget free now, 0..1. */
  headroom(now: number): number;
  /** Takes one call's share; returns a token that `refund` gives back. */
  spend(now: number): number;
  /** Gives back a share taken for a call that was never made. */
  refund(token: number): void;
  /** Nothing is spent any more: the chat may be forgotten. */
  recovered(now: number): boolean;
  /** When the calls that still weigh on the budget went (to carry across a restart). */
  history(now: number): number[];
}

export function budgetFor(rule: BudgetRule): Budget {
  return rule.kind === "bucket" ? new BucketBudget(rule) : new WindowBudget(rule);
}

/** At most `count` calls in any `windowMs`: a burst, then the rest spread evenly. */
class WindowBudget implements Budget {
  /** When each call in the window went, oldest first. */
  private readonly times: number[] = [];

  constructor(private readonly rule: { count: number; windowMs: number; burst: number }) {}

  private expire(now: number): void {
    while (this.times.length > 0 && this.times[0]! + this.rule.windowMs <= now) this.times.shift();
  }

  waitMs(now: number): number {
    this.expire(now);
    const { count, windowMs, burst } = this.rule;
    const spent = this.times.length;
    if (spent >= count) return this.times[spent - count]! + windowMs - now;
    if (spent < burst) return 0;
    // The calls left are shared out over the time until the oldest one frees its place.
    const last = this.times[spent - 1]!;
    const gap = (this.times[0]! + windowMs - last) / (count - spent);
    return Math.max(0, Math.ceil(last + gap - now));
  }

  headroom(now: number): number {
    this.expire(now);
    return 1 - this.times.length / this.rule.count;
  }

  spend(now: number): number {
    this.expire(now);
    this.times.push(now);
    return now;
  }

  refund(token: number): void {
    const i = this.times.lastIndexOf(token);
    if (i >= 0) this.times.splice(i, 1);
  }

  recovered(now: number): boolean {
    this.expire(now);
    return this.times.length === 0;
  }

  history(now: number): number[] {
    this.expire(now);
    return [...this.times];
  }
}

/** A burst of `burst` calls, refilled one per `refillMs`. */
class BucketBudget implements Budget {
  private tokens: number;
  private at = Number.NEGATIVE_INFINITY;
  /** Recent calls, for `history`. */
  private readonly recent: number[] = [];

  constructor(private readonly rule: { burst: number; refillMs: number }) {
    this.tokens = rule.burst;
  }

  private refill(now: number): void {
    if (now > this.at)
      this.tokens = Math.min(this.rule.burst, this.tokens + (now - this.at) / this.rule.refillMs);
    this.at = Math.max(this.at, now);
  }

  waitMs(now: number): number {
    this.refill(now);
    return this.tokens >= 1 ? 0 : Math.ceil((1 - this.tokens) * this.rule.refillMs);
  }

  headroom(now: number): number {
    this.refill(now);
    return this.tokens / this.rule.burst;
  }

  spend(now: number): number {
    this.refill(now);
    this.tokens -= 1;
    this.recent.push(now);
    while (this.recent.length > this.rule.burst) this.recent.shift();
    return now;
  }

  refund(token: number): void {
    this.tokens = Math.min(this.rule.burst, this.tokens + 1);
    const i = this.recent.lastIndexOf(token);
    if (i >= 0) this.recent.splice(i, 1);
  }

  recovered(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.rule.burst;
  }

  history(now: number): number[] {
    const since = now - this.rule.burst * this.rule.refillMs;
    return this.recent.filter((t) => t > since);
  }
}
