import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // The end-to-end and image tests run the compiled bot: build dist/ first.
    globalSetup: ["test/build-dist.ts"],
  },
});
