import type { OpenSeek } from "../../db/index.js";
import type { ServiceContext } from "../context.js";
import { standing } from "../rating.js";

/** The most seeks a list holds: those nearest the viewer's rating. */
export const OPEN_SEEKS_LIMIT = 50;

/** Others' waiting seeks, nearest the viewer's rating in each seek's game, none blocked. */
export function openSeeks(
  ctx: ServiceContext,
  viewerId: number,
  now: number,
  limit: number,
): OpenSeek[] {
  const rating = {
    long: standing(ctx, viewerId, "long").rating,
    short: standing(ctx, viewerId, "short").rating,
  };
  return ctx.seeks.openFor(viewerId, rating, now, limit);
}
