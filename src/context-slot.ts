import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Node 20 walks every live AsyncLocalStorage on each new promise, and an instance stays
 * live until disabled: one per connection or bot made every await slower as more were
 * made (the tests make hundreds). So the process has one, and each slot is a key in it.
 */
const storage = new AsyncLocalStorage<ReadonlyMap<ContextSlot<unknown>, unknown>>();

/** A value that follows one flow of work through its awaits, as AsyncLocalStorage's does. */
export class ContextSlot<T> {
  /** Runs `fn` with this slot holding `value`; other slots keep what the caller had. */
  run<R>(value: T, fn: () => R): R {
    const slots = new Map(storage.getStore());
    slots.set(this, value);
    return storage.run(slots, fn);
  }

  /** The value of the innermost `run` of this slot that the caller is inside, if any. */
  getStore(): T | undefined {
    return storage.getStore()?.get(this) as T | undefined;
  }
}
