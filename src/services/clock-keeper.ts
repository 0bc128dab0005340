import { LOW_CLOCK_MS } from "./clocks.js";
import type { GameView } from "./types.js";

/** What the keeper asks of the game service. */
export interface ClockedGames {
  runningClocks(): Promise<{ id: number; flagAt: number }[]>;
  flag(gameId: number, now?: number): Promise<unknown>;
  /** Tells that the game's running side is nearly out of time. */
  clockLow(gameId: number, now?: number): Promise<unknown>;
  markClocks(at?: number): Promise<void>;
  resumeClocks(now?: number): Promise<number[]>;
}

/** How often the running clocks are marked: a restart holds them at the last mark. */
const MARK_EVERY_MS = 1_000;

/**
 * Flags a silent player at the deadline, whether or not anyone presses, and tells when their
 * time is nearly out (LOW_CLOCK_MS before). One timer waits for the earliest of these (not
 * one per game), learnt from the games' news; while any clock runs, the time is marked each
 * second, so downtime after a crash is never charged.
 */
export class ClockKeeper {
  private readonly deadlines = new Map<number, number>();
  /** When each running clock is nearly out; gone once told (its next turn sets it again). */
  private readonly warnings = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Number.POSITIVE_INFINITY;
  private marker: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly games: ClockedGames,
    private readonly now: () => number,
    /** A failed flag or mark (a busy or dead database): told, never thrown from a timer. */
    private readonly failed: (err: unknown) => void,
  ) {}

  /** At start-up: the clocks resume from the last mark, and every deadline is learnt. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.games.resumeClocks(this.now());
    for (const { id, flagAt } of await this.games.runningClocks()) this.learn(id, flagAt);
    this.plan();
  }

  /** A game changed: its deadline moved, appeared or went. Before the start, start() reads them. */
  notice(game: Pick<GameView, "id" | "flagAt" | "status">): void {
    if (!this.running) return;
    if (game.status === "active" && game.flagAt !== null) this.learn(game.id, game.flagAt);
    else {
      this.deadlines.delete(game.id);
      this.warnings.delete(game.id);
    }
    this.plan();
  }

  private learn(id: number, flagAt: number): void {
    if (this.deadlines.get(id) === flagAt) return;
    this.deadlines.set(id, flagAt);
    this.warnings.set(id, flagAt - LOW_CLOCK_MS);
  }

  stop(): void {
    this.running = false;
    this.deadlines.clear();
    this.warnings.clear();
    if (this.timer) clearTimeout(this.timer);
    if (this.marker) clearInterval(this.marker);
    this.timer = this.marker = null;
  }

  private plan(): void {
    if (!this.running) return;
    let next = Number.POSITIVE_INFINITY;
    for (const at of this.deadlines.values()) next = Math.min(next, at);
    for (const at of this.warnings.values()) next = Math.min(next, at);
    this.planMarks();
    if (next === this.timerAt && this.timer) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = next;
    if (next === Number.POSITIVE_INFINITY) return;
    this.timer = setTimeout(() => this.fire(), Math.max(0, next - this.now()));
    this.timer.unref();
  }

  private planMarks(): void {
    if (this.deadlines.size > 0 && !this.marker) {
      this.marker = setInterval(
        () => this.safely(() => this.games.markClocks(this.now())),
        MARK_EVERY_MS,
      );
      this.marker.unref();
    } else if (this.deadlines.size === 0 && this.marker) {
      clearInterval(this.marker);
      this.marker = null;
    }
  }

  private async fire(): Promise<void> {
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
    const now = this.now();
    for (const [id, at] of [...this.warnings]) {
      if (at > now) continue;
      this.warnings.delete(id);
      await this.safely(() => this.games.clockLow(id, now));
    }
    for (const [id, at] of [...this.deadlines]) {
      if (at > now) continue;
      // Flagged, moved meanwhile or out of reach: the game's news sets its deadline again.
      this.deadlines.delete(id);
      this.warnings.delete(id);
      await this.safely(() => this.games.flag(id, now));
    }
    this.plan();
  }

  private async safely(work: () => unknown): Promise<void> {
    try {
      await work();
    } catch (err) {
      this.failed(err);
    }
  }
}
