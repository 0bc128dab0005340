import type { Context, MiddlewareFn } from "grammy";

/** A press waiting longer than this for its turn is answered meanwhile (its spinner stops). */
export const PRESS_TURN_WAIT_MS = 500;

/**
 * Updates that share a key run one after another, in order of arrival; the rest run at once
 * (as @grammyjs/runner's `sequentialize`). An update whose turn has not come within
 * PRESS_TURN_WAIT_MS is told to `longWait` once: a press is then answered while it waits.
 */
export function takingTurns<C extends Context>(
  keysOf: (ctx: C) => string[] | undefined,
  longWait: (ctx: C) => void,
): MiddlewareFn<C> {
  const tails = new Map<string, Promise<void>>();
  return async (ctx, next) => {
    const keys = [...new Set(keysOf(ctx) ?? [])];
    const before = keys.flatMap((k) => {
      const t = tails.get(k);
      return t !== undefined ? [t] : [];
    });
    let done!: () => void;
    const mine = new Promise<void>((resolve) => {
      done = resolve;
    });
    for (const k of keys) tails.set(k, mine);
    try {
      if (before.length > 0) {
        const timer = setTimeout(() => longWait(ctx), PRESS_TURN_WAIT_MS);
        try {
          await Promise.all(before);
        } finally {
          clearTimeout(timer);
        }
      }
      await next();
    } finally {
      done();
      for (const k of keys) if (tails.get(k) === mine) tails.delete(k);
    }
  };
}
