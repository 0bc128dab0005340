import type { TimeControlName, Variant } from "../../engine/index.js";

/** What a seek asks for: two seeks meet only when these are the same. */
export interface SeekTerms {
  readonly variant: Variant;
  /** Points of the match; 1: a single game. */
  readonly matchLength: number;
  readonly clock: TimeControlName;
}

/** A seek waiting in the lobby, as pairing sees it. */
export interface WaitingSeek extends SeekTerms {
  readonly id: number;
  readonly userId: number;
  readonly rating: number;
  readonly since: number;
}

/** The rating gap a seek accepts at once, and how fast it widens while it waits. */
export const PAIRING = {
  baseGap: 50,
  gapPerSecond: 10,
} as const;

/** The widest rating gap a seek that has waited `waitedMs` accepts. */
export const allowedGap = (waitedMs: number): number =>
  PAIRING.baseGap + PAIRING.gapPerSecond * Math.max(0, waitedMs / 1000);

export const termsKey = (t: SeekTerms): string => `${t.variant}:${t.matchLength}:${t.clock}`;

/** Whether one of two people blocked the other (they never meet); by default nobody did. */
export type Blocked = (a: number, b: number) => boolean;
const NOBODY: Blocked = () => false;

/**
 * Whether two seeks may meet at `now`: the same terms, a gap either of them accepts, and no
 * block between their seekers.
 */
export function mayMeet(
  a: WaitingSeek,
  b: WaitingSeek,
  now: number,
  blocked: Blocked = NOBODY,
): boolean {
  if (a.userId === b.userId || termsKey(a) !== termsKey(b)) return false;
  if (blocked(a.userId, b.userId)) return false;
  const gap = Math.abs(a.rating - b.rating);
  return gap <= Math.max(allowedGap(now - a.since), allowedGap(now - b.since));
}

/**
 * The partner for `seek` among those waiting: the nearest in rating it may meet now, the
 * longer waiter on a tie. Null when none.
 */
export function partnerFor(
  seek: WaitingSeek,
  waiting: readonly WaitingSeek[],
  now: number,
  blocked: Blocked = NOBODY,
): WaitingSeek | null {
  let best: WaitingSeek | null = null;
  for (const other of waiting) {
    if (other.id === seek.id || !mayMeet(seek, other, now, blocked)) continue;
    const gap = Math.abs(other.rating - seek.rating);
    const bestGap = best ? Math.abs(best.rating - seek.rating) : Number.POSITIVE_INFINITY;
    if (gap < bestGap || (gap === bestGap && best !== null && other.since < best.since))
      best = other;
  }
  return best;
}

/**
 * Every pair to make now among the waiting seeks (gaps widen as they wait): the longest
 * waiter first takes its nearest partner, and so on; each seek in one pair at most.
 */
export function pairsAt(
  waiting: readonly WaitingSeek[],
  now: number,
  blocked: Blocked = NOBODY,
): [WaitingSeek, WaitingSeek][] {
  const byTerms = new Map<string, WaitingSeek[]>();
  for (const s of waiting) {
    const key = termsKey(s);
    const list = byTerms.get(key) ?? [];
    list.push(s);
    byTerms.set(key, list);
  }
  const pairs: [WaitingSeek, WaitingSeek][] = [];
  for (const list of byTerms.values()) {
    const left = [...list].sort((a, b) => a.since - b.since || a.id - b.id);
    while (left.length > 1) {
      const first = left.shift()!;
      const partner = partnerFor(first, left, now, blocked);
      if (!partner) continue;
      left.splice(left.indexOf(partner), 1);
      pairs.push([first, partner]);
    }
  }
  return pairs;
}
