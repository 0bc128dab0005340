/**
 * The image's steps on a clean clone, without Docker: .ci/docker-steps.sh installs (npm ci
 * compiles better-sqlite3), builds, prunes, then starts the runtime copy, which refuses a
 * missing token, passes its health check and stops on SIGTERM. Slow suite; dockerfile.test.ts
 * checks that the script follows the Dockerfile. SKIP_DOCKER_STEPS=1 skips it.
 */
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const skip =
  process.env.SKIP_DOCKER_STEPS === "1" ||
  spawnSync("git", ["-C", ROOT, "rev-parse", "HEAD"]).status !== 0;

describe("the image's steps on a clean clone", () => {
  let running: ReturnType<typeof spawn> | null = null;
  afterAll(() => {
    // A timed-out run: end the script and everything it started (its own process group).
    if (running?.pid && running.exitCode === null) process.kill(-running.pid, "SIGTERM");
  });

  it.skipIf(skip)(
    ".ci/docker-steps.sh installs, builds, prunes, starts, checks health and stops cleanly",
    async () => {
      const child = spawn("bash", [path.join(ROOT, ".ci/docker-steps.sh")], {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, DOCKER_STEPS_KEEP: "0" },
        detached: true,
      });
      running = child;
      let out = "";
      child.stdout.on("data", (d) => {
        out += String(d);
      });
      child.stderr.on("data", (d) => {
        out += String(d);
      });
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(code, out).toBe(0);
      expect(out).toMatch(/ok: the image's steps work/);
    },
    900_000,
  );
});
