import type { Composer, Context, Filter } from "grammy";
import { decode, type Payload, type PayloadType } from "./callback-data.js";

/** A press, as onButton hands it to its handler. */
export type PressContext<C extends Context> = Filter<C, "callback_query:data">;
/** The payload of a button of kind `T`. */
export type PayloadOf<T extends PayloadType> = Extract<Payload, { type: T }>;

const decoded = new WeakMap<Context, Payload | null>();

/** The press's payload, read once per update. */
export function payloadOf(ctx: Context): Payload | null {
  let p = decoded.get(ctx);
  if (p === undefined) {
    p = decode(ctx.callbackQuery?.data);
    decoded.set(ctx, p);
  }
  return p;
}

/** Runs `handler` for presses whose payload is of kind `type`; everything else passes on. */
export function onButton<C extends Context, T extends PayloadType>(
  composer: Composer<C>,
  type: T,
  handler: (ctx: PressContext<C>, payload: PayloadOf<T>) => Promise<void>,
): void {
  composer.on("callback_query:data", (ctx, next) => {
    const p = payloadOf(ctx);
    return p?.type === type ? handler(ctx, p as PayloadOf<T>) : next();
  });
}
