import { performance } from "node:perf_hooks";
import type { Clock } from "../src/bot/outbox/clock.js";

interface Timer {
  readonly id: number;
  readonly at: number;
  readonly fn: () => void;
}

/**
 * Real time, but a wait nobody works through is skipped: the simulation moves to the next
 * timer (a player's thinking, a chat's budget) whenever nothing runs. So a minute of play
 * costs only the time the bot spends working, and every figure keeps that work's real cost.
 */
export class SimClock implements Clock {
  private skipped = 0;
  private readonly t0 = performance.now();
  private timers: Timer[] = [];
  private nextId = 1;

  readonly now = (): number => Date.UTC(2026, 0, 1) + (performance.now() - this.t0) + this.skipped;

  setTimeout(fn: () => void, ms: number): unknown {
    const timer = { id: this.nextId++, at: this.now() + Math.max(0, ms), fn };
    this.timers.push(timer);
    this.timers.sort((a, b) => a.at - b.at || a.id - b.id);
    return timer.id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  /** Runs every timer now due. */
  fireDue(): void {
    const now = this.now();
    while (this.timers[0] && this.timers[0].at <= now) this.timers.shift()!.fn();
  }

  /** Nothing runs: moves to the next timer and runs it; false when there is none. */
  skip(): boolean {
    const first = this.timers[0];
    if (!first) return false;
    this.skipped += Math.max(0, first.at - this.now());
    this.fireDue();
    return true;
  }
}
