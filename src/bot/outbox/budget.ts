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

/** Calls older than this are folded into the bucket's level and no longer moved. */
const BUCKET_FOLD_MS = 120_000;

/**
 * A burst of `burst` calls, refilled one per `refillMs`. A full bucket stops filling, so
 * when a call counts matters: the level is replayed from the recent calls' times, and a call
 * may be moved later (to when its answer came) or taken back.
 */
class BucketBudget implements Budget {
  /** The level at `baseAt`, from the calls folded in. */
  private baseTokens: number;
  private baseAt = Number.NEGATIVE_INFINITY;
  /** The calls after `baseAt`, oldest first. */
  private readonly stamps: number[] = [];

  constructor(private readonly rule: { burst: number; refillMs: number }) {
    this.baseTokens = rule.burst;
  }

  private fill(tokens: number, from: number, to: number): number {
    return to > from
      ? Math.min(this.rule.burst, tokens + (to - from) / this.rule.refillMs)
      : tokens;
  }

  private level(now: number): number {
    let tokens = this.baseTokens;
    let at = this.baseAt;
    for (const stamp of this.stamps) {
      tokens = this.fill(tokens, at, stamp) - 1;
      at = Math.max(at, stamp);
    }
    return this.fill(tokens, at, now);
  }

  private fold(now: number): void {
    while (this.stamps.length > 0 && this.stamps[0]! < now - BUCKET_FOLD_MS) {
      const stamp = this.stamps.shift()!;
      this.baseTokens = this.fill(this.baseTokens, this.baseAt, stamp) - 1;
      this.baseAt = Math.max(this.baseAt, stamp);
    }
  }

  waitMs(now: number): number {
    const tokens = this.level(now);
    return tokens >= 1 ? 0 : Math.ceil((1 - tokens) * this.rule.refillMs);
  }

  headroom(now: number): number {
    return this.level(now) / this.rule.burst;
  }

  spend(now: number): number {
    this.fold(now);
    let i = this.stamps.length;
    while (i > 0 && this.stamps[i - 1]! > now) i--;
    this.stamps.splice(i, 0, now);
    return now;
  }

  refund(token: number): void {
    const i = this.stamps.lastIndexOf(token);
    if (i >= 0) this.stamps.splice(i, 1);
    // A share folded in already stays spent: the budget errs on the slow side.
  }

  recovered(now: number): boolean {
    return this.level(now) >= this.rule.burst;
  }

  history(now: number): number[] {
    const since = now - this.rule.burst * this.rule.refillMs;
    return this.stamps.filter((t) => t > since);
  }
}
