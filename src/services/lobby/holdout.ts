import type { ServiceContext } from "../context.js";

/** This many lobby games lost on time without a move, within a day... */
export const WALKAWAYS_HELD = 3;
export const WALKAWAY_WINDOW_MS = 24 * 3_600_000;
/** ...for this long after the last of them. */
export const HOLDOUT_MS = 3_600_000;

/**
 * Until when the person is held out of the lobby (null: not held): the last of three lobby
 * games within a day that they lost on time without a move of their own ended under an hour
 * ago. A stranger who seeks and walks away wastes others' waits and clocks.
 */
export async function heldOutUntil(
  ctx: ServiceContext,
  userId: number,
  now: number,
): Promise<number | null> {
  const ends = await ctx.games.walkawaysOf(userId, now - HOLDOUT_MS - WALKAWAY_WINDOW_MS);
  let until: number | null = null;
  for (let i = WALKAWAYS_HELD - 1; i < ends.length; i++) {
    const last = ends[i]!;
    const first = ends[i - WALKAWAYS_HELD + 1]!;
    if (last - first <= WALKAWAY_WINDOW_MS && last + HOLDOUT_MS > now) until = last + HOLDOUT_MS;
  }
  return until;
}
