import { test as botTest } from "../bot/fixtures.js";
import type { Harness } from "../bot/harness.js";
import { type WebHarness, type WebHarnessOptions, webHarness } from "./web-harness.js";

/** Serves the board page of harness `h`; the test's fixture closes it afterwards. */
export type MakeWebHarness = (h: Harness, opts?: WebHarnessOptions) => Promise<WebHarness>;

export interface WebFixtures {
  web: MakeWebHarness;
}

/** The bot fixtures, and board pages served on their harnesses, closed after each test. */
export const test = botTest.extend<WebFixtures>({
  // Depends on the harness maker so that its pages close before the bots they serve.
  web: async ({ harness: _bots }, use) => {
    const made: WebHarness[] = [];
    await use(async (h, opts) => {
      const w = await webHarness(h, opts);
      made.push(w);
      return w;
    });
    for (const w of made) await w.close();
  },
});

export const it = test;
