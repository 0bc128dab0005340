import { defineConfig } from "vitest/config";

/**
 * Environment checks: real processes, a real install, the compiled bot. `npm run test:slow`
 * runs them (project "slow", after building dist/) and the service suites on PostgreSQL
 * (project "services-pg"); `npm test` runs the rest in-process (project "fast": the unit,
 * rule, service and bot tests).
 */
const SLOW = [
  "test/e2e/e2e.test.ts", // the real bot process (node dist/main.js) against a fake Bot API
  "test/e2e/unreachable.test.ts", // the real bot process when Telegram refuses its connection
  "test/e2e/clock-restart.test.ts", // kill -9 of the real bot process in twenty clocked games
  "test/e2e/lobby-restart.test.ts", // kill -9 of the real bot process with seeks and lobby games
  "test/e2e/postgres.test.ts", // the real bot process on a PostgreSQL server: kill -9, its restart
  "test/deploy/docker-steps.test.ts", // the image's steps on a clean clone, with its own npm ci
  "test/db/crash.test.ts", // over a hundred processes killed mid-write
  "test/db/race.test.ts", // two processes pressing on one database file
  "test/db/postgres.test.ts", // a real PostgreSQL server: opening, refusing, restarting
  "test/db/copy-command.test.ts", // npm run db:copy of a 10,000-game file onto a real server
  "test/db/copy.test.ts", // the copy's checks on PGlite: every table, each fault it must catch
  "test/cli/commands.test.ts", // npm run engine / render as documented, on a first run
  "test/render/cli-process.test.ts", // the render command's exit codes and output streams
  "test/ai/cube-fixtures.test.ts", // the cube op's cost bounds over stored positions
  "test/ai/analyse-agreement.test.ts", // every play of 1,600 positions, many two rolls ahead
  "test/render/no-fonts.test.ts", // rendering in a child with fontconfig emptied
  "test/render/standings-no-fonts.test.ts", // the standings' names, in such a child
  "test/bot/call-deadlines.test.ts", // real waits for auto-retry's backoff and 429s
  "test/bot/replayed-press.test.ts", // two bots in turn on one file, auto-retry backing off
  "test/services/analysis-thread.test.ts", // worker threads, from the sources and from dist/
  "test/services/computer-thread.test.ts", // the computer's worker thread, from dist/
  "test/render/replay-size.test.ts", // a 60-turn replay drawn by the real GIF encoder
  "test/bot/review-memory.test.ts", // 20 analyses and replays at once, the compiled bot's threads
  "test/services/records/records-tools.test.ts", // gnubg importing records; npm run verify
  "test/web/board-page.test.ts", // the board page in Chromium: whole games by taps, screenshots
  "test/web/home-page.test.ts", // the page's home in Chromium: seeks and joins by taps, screenshots
  "test/web/lobby-game.test.ts", // two strangers' whole matches on their boards and the page
  "test/bot/analysis.test.ts", // whole games analysed and posted, in each language
  "test/ai/review.test.ts", // the review's search depths over whole games
  "test/ai/bench.test.ts", // the AI benchmark tool itself: a smoke match, a long run in parts
  "test/ai/bench-gnubg.test.ts", // gnubg processes playing the benchmark's games
  // The reference generator checked against GNU Backgammon: it tests the cross-check's
  // oracle, not src/ (the engine meets the same vectors in test/engine/gnubg-vectors.test.ts).
  "test/reference.test.ts",
];

/**
 * The store's suites, run in the slow suite once more with a real PostgreSQL server beside
 * SQLite and PGlite (PG_SERVER_TESTS: test/helpers/databases.ts).
 */
const ON_A_SERVER = ["test/db/repos.test.ts", "test/db/telegram/*.test.ts"];

/** Large samples: a smaller one in `npm test`, the full one in the slow suite (FULL_SAMPLES=1). */
const SAMPLED = [
  "test/ai/strong.test.ts",
  "test/ai/full-game.test.ts",
  "test/engine/cross-check.test.ts",
  "test/engine/step-tree.test.ts",
  "test/bot/inline-game.test.ts",
  "test/bot/dice-commitment.test.ts",
  "test/bot/tournament.test.ts",
  "test/services/opponent.test.ts",
  "test/bot/group-game.test.ts",
  "test/bot/board-convergence.test.ts",
  "test/engine/gnubg-vectors.test.ts",
  "test/engine/properties.test.ts",
  "test/cli/engine-protocol.test.ts",
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Vitest leaves a core to itself by default: a single worker on a two-core machine.
    maxWorkers: "100%",
    projects: [
      {
        extends: true,
        // One module graph per worker, not per file: importing the app once per test file
        // cost a third of the suite's time, and a second project for the bot tests cost
        // another graph per worker. Nothing here keeps state across files: the bot harness
        // numbers its dice seeds per test, so each test gets the same dice whatever ran before.
        test: {
          name: "fast",
          include: ["test/**/*.test.ts"],
          exclude: SLOW,
          isolate: false,
        },
      },
      {
        extends: true,
        // The service suites once more on PostgreSQL (PGlite), run by `npm run test:slow`.
        test: {
          name: "services-pg",
          include: ["test/services/**/*.test.ts"],
          exclude: SLOW,
          isolate: false,
          setupFiles: ["test/services/on-postgres.ts"],
          env: { SERVICES_DB: "pglite" },
        },
      },
      {
        extends: true,
        test: {
          name: "slow",
          include: [...SLOW, ...SAMPLED, ...ON_A_SERVER],
          globalSetup: ["test/build-dist.ts"],
          env: { FULL_SAMPLES: "1", PG_SERVER_TESTS: "1" },
        },
      },
    ],
  },
});
