import { test as base } from "vitest";
import { createHarness, type Harness, type HarnessOptions } from "./harness.js";

/** Builds a bot harness with these options; the test's fixture closes it afterwards. */
export type MakeHarness = (opts?: HarnessOptions) => Promise<Harness>;

export interface BotFixtures {
  /** A harness maker, for tests that pass options or restart the bot on one database. */
  harness: MakeHarness;
  /** A harness with the default options. */
  h: Harness;
}

/**
 * The bot tests' `test` (and `it`): the harnesses a test makes are closed after it, passed or
 * failed, so no database or timer outlives its test (the fast project shares one worker's
 * module graph between files).
 */
export const test = base.extend<BotFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
  harness: async ({}, use) => {
    const made: Harness[] = [];
    await use(async (opts) => {
      const h = await createHarness(opts);
      made.push(h);
      return h;
    });
    for (const h of made) await h.close();
  },
  h: async ({ harness }, use) => {
    await use(await harness());
  },
});

export const it = test;
