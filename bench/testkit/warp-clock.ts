import type { Clock } from "../../src/bot/outbox/clock.js";

interface Timer {
  readonly id: number;
  readonly at: number;
  readonly fn: () => void;
}

/**
 * A clock for Telegram's per-chat budgets in tests: it stands still until told to move, and
 * then jumps to the next timer due, so a wait for a chat's budget (a minute in a busy group)
 * costs no real time. The fake Bot API counts its limits by the same clock.
 */
export class WarpClock implements Clock {
  private t: number;
  private timers: Timer[] = [];
  private nextId = 1;

  constructor(start: number = Date.UTC(2026, 0, 1)) {
    this.t = start;
  }

  readonly now = (): number => this.t;

  setTimeout(fn: () => void, ms: number): unknown {
    const timer = { id: this.nextId++, at: this.t + Math.max(0, ms), fn };
    this.timers.push(timer);
    this.timers.sort((a, b) => a.at - b.at || a.id - b.id);
    return timer.id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  /** Moves to the first timer and runs every timer due then; false when there is none. */
  advance(): boolean {
    const first = this.timers[0];
    if (!first) return false;
    this.t = Math.max(this.t, first.at);
    const due = this.timers.filter((t) => t.at <= this.t);
    this.timers = this.timers.filter((t) => t.at > this.t);
    for (const t of due) t.fn();
    return true;
  }

  /** Moves by `ms`, running every timer due on the way. */
  pass(ms: number): void {
    const end = this.t + ms;
    while (this.timers[0] && this.timers[0].at <= end) this.advance();
    this.t = end;
  }
}
