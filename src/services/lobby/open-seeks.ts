import type { OpenSeek } from "../../db/index.js";
import type { ServiceContext } from "../context.js";
import { standing } from "../rating.js";

/** The most seeks a list holds: those nearest the viewer's rating. */
export const OPEN_SEEKS_LIMIT = 50;

/** Others' waiting seeks, nearest the viewer's rating in each seek's game, none blocked. */
export async function openSeeks(
  ctx: ServiceContext,
  viewerId: number,
  now: number,
  limit: number,
): Promise<OpenSeek[]> {
  const rating = {
    long: (await standing(ctx, viewerId, "long")).rating,
    short: (await standing(ctx, viewerId, "short")).rating,
  };
  return await ctx.seeks.openFor(viewerId, rating, now, limit);
}
