import { test as base } from "vitest";
import { expectAllGamesReplay } from "./helpers.js";

/**
 * The service tests' `test` (and `it`). After each test, passed or failed, every game its
 * service harnesses made must equal the replay of its events, and their databases close (see
 * expectAllGamesReplay); the fixture runs for every test, none has to ask for it.
 */
export const test = base.extend<{ replayedGames: undefined }>({
  replayedGames: [
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
    async ({}, use) => {
      await use(undefined);
      await expectAllGamesReplay();
    },
    { auto: true },
  ],
});

export const it = test;
