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

/**
 * Long polling as `run()` from @grammyjs/runner does it (concurrent handling, `sequentialize`
 * keeping order where it matters), with the inbox in the source: each batch is stored before
 * the next getUpdates confirms it to Telegram (the runner asks for the next batch only after
 * this one is supplied), and the first batch is what a previous process left unfinished.
 * Replays do not hold up polling: they run in the sink like any update.
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
  const source = createSource<Update>({
    async supply(batchSize, signal) {
      if (!replayed) {
        replayed = true;
        const old = await feed.replays();
        if (old.length > 0) return old;
      }
      return feed.admit(await fetchUpdates(batchSize, signal));
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
