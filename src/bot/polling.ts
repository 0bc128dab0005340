import {
  createConcurrentSink,
  createRunner,
  createSource,
  createUpdateFetcher,
  type RunnerHandle,
} from "@grammyjs/runner";
import type { Bot } from "grammy";
import type { Update } from "grammy/types";
import type { Logger } from "../log.js";
import type { BotContext } from "./context.js";
import type { UpdateFeed } from "./update-feed.js";

/** An update still running after this long no longer holds one of the runner's places. */
const UPDATE_SLOT_MS = 60_000;
/** The longest wait between tries to store a batch while the database is away. */
const STORE_RETRY_MAX_MS = 5_000;

/**
 * Long polling as `run()` from @grammyjs/runner does it (concurrent handling, `sequentialize`
 * keeping order where it matters), with the inbox in the source: each batch is stored before
 * the next getUpdates confirms it to Telegram (the runner asks for the next batch only after
 * this one is supplied), and the first batch is what a previous process left unfinished.
 * Replays do not hold up polling: they run in the sink like any update. A batch the database
 * cannot take (a server that is away) is held and tried again until it can: Telegram keeps it
 * until the next getUpdates, which is not asked for meanwhile.
 */
export function pollUpdates(
  bot: Bot<BotContext>,
  feed: UpdateFeed,
  allowedUpdates: readonly string[],
  logger: Logger,
): RunnerHandle {
  const fetchUpdates = createUpdateFetcher(bot, {
    fetch: { allowed_updates: allowedUpdates as never },
  });
  let replayed = false;
  const stored = <T>(store: () => Promise<T>, signal: StopSignal) =>
    untilStored(store, signal, logger);
  const source = createSource<Update>({
    async supply(batchSize, signal) {
      if (!replayed) {
        const old = await stored(() => feed.replays(), signal);
        replayed = true;
        if (old.length > 0) return old;
      }
      const batch = await fetchUpdates(batchSize, signal);
      return stored(() => feed.admit(batch), signal);
    },
  });
  const sink = createConcurrentSink<Update>(
    { consume: (update) => feed.handle(update) },
    // feed.handle reports its own errors; nothing reaches here.
    async () => {},
    {
      timeout: {
        milliseconds: UPDATE_SLOT_MS,
        handler: (update) => logger.warn({ update: update.update_id }, "update still running"),
      },
    },
  );
  const runner = createRunner(source, sink);
  runner.start();
  return runner;
}

/** The runner's abort signal (its own polyfill's type), as far as the retry reads it. */
interface StopSignal {
  readonly aborted: boolean;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
}

/** `store()`, tried again with a growing pause while it fails, until it works or polling stops. */
async function untilStored<T>(
  store: () => Promise<T>,
  signal: StopSignal,
  logger: Logger,
): Promise<T> {
  for (let pauseMs = 250, told = false; ; pauseMs = Math.min(pauseMs * 2, STORE_RETRY_MAX_MS)) {
    try {
      const value = await store();
      if (told) logger.info("the database is back; updates go on");
      return value;
    } catch (err) {
      if (signal.aborted) throw err;
      if (!told) logger.warn({ err }, "updates cannot be stored; holding them until they can");
      told = true;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, pauseMs);
      const stop = () => {
        clearTimeout(timer);
        resolve();
      };
      signal.addEventListener("abort", stop, { once: true });
    });
    if (signal.aborted) throw new Error("polling stopped");
  }
}
