import { test as botTest } from "../bot/fixtures.js";
import type { Harness } from "../bot/harness.js";
import { type BoardServer, type BoardServerOptions, serveBoard } from "./board-server.js";
import { type WebHarness, type WebHarnessOptions, webHarness } from "./web-harness.js";

/** Serves the board page of harness `h`; the test's fixture closes it afterwards. */
export type MakeWebHarness = (h: Harness, opts?: WebHarnessOptions) => Promise<WebHarness>;
/** The board on the bot's own HTTP server, with raw connections (board-server.ts). */
export type MakeBoardServer = (h: Harness, opts?: BoardServerOptions) => Promise<BoardServer>;

export interface WebFixtures {
  web: MakeWebHarness;
  board: MakeBoardServer;
}

/** A fixture making servers on the test's harnesses, each closed after the test. */
function closedAfter<O, T extends { close(): Promise<void> }>(
  make: (h: Harness, opts?: O) => Promise<T>,
) {
  // Depends on the harness maker so that its servers close before the bots they serve.
  return async (
    { harness: _bots }: { harness: unknown },
    use: (f: (h: Harness, opts?: O) => Promise<T>) => Promise<void>,
  ): Promise<void> => {
    const made: T[] = [];
    await use(async (h, opts) => {
      const t = await make(h, opts);
      made.push(t);
      return t;
    });
    for (const t of made) await t.close();
  };
}

/** The bot fixtures, and board pages served on their harnesses, closed after each test. */
export const test = botTest.extend<WebFixtures>({
  web: closedAfter(webHarness),
  board: closedAfter(serveBoard),
});

export const it = test;
