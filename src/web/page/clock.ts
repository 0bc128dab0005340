import type { Color } from "../../engine/index.js";
import type { PageClock } from "../protocol.js";

/** A side's time this low (its delay and reserve together) is shown as a warning. */
export const LOW_MS = 10_000;
/** How often a running clock is drawn again: often enough for every second to show on time. */
export const TICK_MS = 200;

/** One side's clock as the page draws it at a moment. */
export interface SideClock {
  /** What is left of this move's delay, on the side whose move it is; null on the other. */
  readonly delayMs: number | null;
  readonly reserveMs: number;
  /** Its time is running now. */
  readonly running: boolean;
  /** Delay and reserve together at or under LOW_MS. */
  readonly low: boolean;
}

/**
 * Both sides' clocks `elapsedMs` after the figures were received (by the page's monotonic
 * time): the running side spends its delay first, then its reserve, and stops at zero (the
 * server's flag ends the game, not the page). A clock that waits does not change.
 */
export function clockAt(c: PageClock, elapsedMs: number): Record<Color, SideClock> {
  const spent = Math.max(0, elapsedMs);
  const side = (color: Color): SideClock => {
    const running = c.running === color;
    const onTurn = c.turn === color;
    const delayLeft = Math.max(0, c.delayLeftMs - (running ? spent : 0));
    const pastDelay = running ? Math.max(0, spent - c.delayLeftMs) : 0;
    const reserveMs = Math.max(0, c.reserveMs[color] - pastDelay);
    const delayMs = onTurn ? delayLeft : null;
    return { delayMs, reserveMs, running, low: (delayMs ?? 0) + reserveMs <= LOW_MS };
  };
  return { white: side("white"), black: side("black") };
}

/** Whether the running side still has time left to count (at zero it waits for the flag). */
export const stillRunning = (c: PageClock, elapsedMs: number): boolean => {
  if (c.running === null) return false;
  const s = clockAt(c, elapsedMs)[c.running];
  return (s.delayMs ?? 0) + s.reserveMs > 0;
};

/**
 * "1:40", "0:08", "63:00": minutes and seconds (an hour's reserve too, which is shorter so),
 * whole seconds rounded up, so a clock shows 0:00 only when nothing is left.
 */
export function formatClock(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

/** "0:08 + 1:40" on the side whose move it is (its delay, then its reserve); "1:40" otherwise. */
export const clockText = (s: SideClock): string =>
  s.delayMs === null
    ? formatClock(s.reserveMs)
    : `${formatClock(s.delayMs)} + ${formatClock(s.reserveMs)}`;
