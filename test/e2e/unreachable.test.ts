/**
 * The real `node dist/main.js` (the slow suite builds dist/ first) when Telegram cannot be
 * reached: its connection is refused. It keeps trying until its call deadline, then ends on
 * one line that says what failed and where, and never shows the token.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { closedPort } from "../../bench/testkit/closed-port.js";

const ROOT = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const SECRET_PART = "AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";
const dir = mkdtempSync(path.join(tmpdir(), "nardy-unreachable-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("a refused connection: exit 1 with one line naming getMe, the code and the host, not the token", async () => {
  const host = `127.0.0.1:${await closedPort()}`;
  const child = spawn(process.execPath, ["dist/main.js"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      BOT_TOKEN: `1234567:${SECRET_PART}`,
      BOT_API_ROOT: `http://${host}`,
      DATABASE_PATH: path.join(dir, "nardy.sqlite"),
      LOG_LEVEL: "debug",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => (out += String(d)));
  child.stderr.on("data", (d) => (out += String(d)));
  const timeout = setTimeout(() => child.kill("SIGKILL"), 50_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timeout);
  expect(code, out).toBe(1);
  const lines = out.trim().split("\n");
  expect(lines, out).toHaveLength(1);
  expect(lines[0]).toMatch(/^Telegram: .*'getMe'/);
  expect(lines[0]).toContain(`ECONNREFUSED ${host}`);
  expect(lines[0]).toContain("1234567:[redacted]");
  expect(out).not.toContain(SECRET_PART);
}, 60_000);
