/** At most `count` in any `perMs`. */
export interface Rate {
  readonly count: number;
  readonly perMs: number;
}

export type Verdict =
  | { readonly ok: true }
  /**
   * Over the rate until `retryInMs` from now. `told`: this person was refused already since
   * they reached it (a command need not say so again; a press is answered anyway).
   */
  | { readonly ok: false; readonly retryInMs: number; readonly told: boolean };

/** How many people's times are kept before those past their window are let go. */
const SWEEP_AT = 10_000;

/**
 * A sliding window per person: the times of their last `count` takes. The clock is given, so
 * tests move it.
 */
export class RateLimit {
  private readonly taken = new Map<number, number[]>();
  private readonly toldUntil = new Map<number, number>();

  constructor(
    readonly rate: Rate,
    private readonly now: () => number,
  ) {}

  /** Counts one for `who` if the rate allows it. */
  take(who: number): Verdict {
    const t = this.now();
    const verdict = this.judge(who, t);
    if (verdict.ok) {
      this.sweep(t);
      const times = this.recent(who, t);
      times.push(t);
      this.taken.set(who, times);
    } else if (!verdict.told) this.toldUntil.set(who, t + verdict.retryInMs);
    return verdict;
  }

  /** Whether `who` could take one now; nothing is counted. */
  check(who: number): Verdict {
    return this.judge(who, this.now());
  }

  private judge(who: number, t: number): Verdict {
    const times = this.recent(who, t);
    if (times.length < this.rate.count) return { ok: true };
    const retryInMs = times[times.length - this.rate.count]! + this.rate.perMs - t;
    return { ok: false, retryInMs, told: (this.toldUntil.get(who) ?? 0) > t };
  }

  private recent(who: number, t: number): number[] {
    return (this.taken.get(who) ?? []).filter((at) => t - at < this.rate.perMs);
  }

  private sweep(t: number): void {
    if (this.taken.size < SWEEP_AT) return;
    for (const [who, times] of this.taken)
      if (times.every((at) => t - at >= this.rate.perMs)) this.taken.delete(who);
    for (const [who, until] of this.toldUntil) if (until <= t) this.toldUntil.delete(who);
  }
}

/** Minutes to wait, rounded up, at least 1: what a refusal tells. */
export const minutesLeft = (v: { readonly retryInMs: number }): number =>
  Math.max(1, Math.ceil(v.retryInMs / 60_000));
