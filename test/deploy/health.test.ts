/**
 * The heartbeat the bot writes (src/health/heartbeat.ts) and the health check's verdict on it
 * (src/health/check.ts). The check as its own process (dist/health/healthcheck.js, as Docker
 * runs it) is exercised by the slow suite: the end-to-end run and .ci/docker-steps.sh.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { checkHealth } from "../../src/health/check.js";
import { type HeartbeatRecord, startHeartbeat } from "../../src/health/heartbeat.js";
import { createLogger } from "../../src/log.js";

const ROOT = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const dir = mkdtempSync(path.join(tmpdir(), "nardy-health-"));
const file = path.join(dir, "health.json");
const silent = createLogger("silent");

/** The check's exit code and line, as healthcheck.ts turns the verdict into them. */
async function check(): Promise<{ code: number; out: string }> {
  const v = await checkHealth(file, 8080);
  expect(v.line).not.toMatch(/\n/);
  return { code: v.ok ? 0 : 1, out: `${v.ok ? "healthy" : "unhealthy"}: ${v.line}` };
}

const record = (over: Partial<HeartbeatRecord>): HeartbeatRecord => ({
  pid: process.pid,
  at: Date.now(),
  intervalMs: 30_000,
  mode: "polling",
  port: null,
  ok: true,
  reason: null,
  ...over,
});
const write = (r: HeartbeatRecord) => writeFileSync(file, JSON.stringify(r));

let server: Server | null = null;
afterEach(async () => {
  rmSync(file, { force: true });
  if (server) await new Promise((r) => server!.close(r));
  server = null;
});

describe("heartbeat and health check", () => {
  it("a fresh heartbeat from a live, healthy process passes", async () => {
    const beat = startHeartbeat({
      file,
      mode: "polling",
      probe: () => ({ ok: true }),
      logger: silent,
    });
    try {
      const r = await check();
      expect(r).toEqual({ code: 0, out: expect.stringMatching(/^healthy: polling/) });
    } finally {
      beat.stop();
    }
  });

  it("no file (starting, or stopped: stop() removes it) fails", async () => {
    const beat = startHeartbeat({
      file,
      mode: "polling",
      probe: () => ({ ok: true }),
      logger: silent,
    });
    beat.stop();
    const r = await check();
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/no heartbeat/);
  });

  it("the process's own verdict counts: ok false fails with its reason", async () => {
    let ok = true;
    const beat = startHeartbeat({
      file,
      mode: "polling",
      probe: () => (ok ? { ok } : { ok, reason: "no successful getUpdates for 200 s" }),
      logger: silent,
    });
    try {
      expect((await check()).code).toBe(0);
      ok = false;
      beat.beat();
      const r = await check();
      expect(r.code).toBe(1);
      expect(r.out).toMatch(/getUpdates for 200 s/);
    } finally {
      beat.stop();
    }
  });

  it("a probe that throws is reported, not fatal", async () => {
    const beat = startHeartbeat({
      file,
      mode: "polling",
      probe: () => {
        throw new Error("boom");
      },
      logger: silent,
    });
    try {
      const r = await check();
      expect(r.code).toBe(1);
      expect(r.out).toMatch(/probe failed: Error: boom/);
    } finally {
      beat.stop();
    }
  });

  it("a heartbeat older than three beats fails (blocked event loop, hung process)", async () => {
    write(record({ at: Date.now() - 100_000 }));
    const r = await check();
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/100 s ago/);
    write(record({ at: Date.now() - 60_000 }));
    expect((await check()).code).toBe(0);
  });

  it("a heartbeat left by a process that is gone fails", async () => {
    const child = spawn(process.execPath, ["-e", ""]);
    const pid = child.pid!;
    await new Promise((r) => child.once("exit", r));
    write(record({ pid }));
    const r = await check();
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/is gone/);
  });

  it("garbage in the file fails with one line", async () => {
    for (const garbage of ["{not json", "null", "[1, 2]", '{"at": "yesterday"}']) {
      writeFileSync(file, garbage);
      const r = await check();
      expect(r.code, garbage).toBe(1);
      expect(r.out.startsWith(`unhealthy: ${file}`), r.out).toBe(true);
    }
  });

  it("webhook mode also asks /healthz on the recorded port", async () => {
    let status = 200;
    server = createServer((req, res) => {
      res.writeHead(req.url === "/healthz" ? status : 404).end();
    });
    await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    write(record({ mode: "webhook", port }));
    expect(await check()).toEqual({ code: 0, out: expect.stringMatching(/^healthy: webhook/) });
    status = 503;
    const r = await check();
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/\/healthz on port \d+: 503/);
  });

  it("a standby passes on its heartbeat alone, and says it is one; the active one says so too", async () => {
    write(record({ mode: "webhook", port: 1, role: "standby" }));
    expect(await check()).toEqual({ code: 0, out: expect.stringMatching(/^healthy: standby/) });
    write(record({ mode: "polling", role: "active" }));
    expect(await check()).toEqual({
      code: 0,
      out: expect.stringMatching(/^healthy: polling, active/),
    });
    let role: "active" | "standby" = "standby";
    const beat = startHeartbeat({
      file,
      mode: "polling",
      probe: () => ({ ok: true }),
      role: () => role,
      logger: silent,
    });
    try {
      expect(JSON.parse(readFileSync(file, "utf8")).role).toBe("standby");
      role = "active";
      beat.beat();
      expect(JSON.parse(readFileSync(file, "utf8")).role).toBe("active");
    } finally {
      beat.stop();
    }
  });

  it("the file is replaced whole on every beat", async () => {
    let n = 0;
    const beat = startHeartbeat({
      file,
      mode: "polling",
      intervalMs: 5,
      probe: () => ({ ok: ++n % 2 === 0, reason: "odd" }),
      logger: silent,
    });
    try {
      for (let i = 0; i < 200; i++) {
        const rec = JSON.parse(readFileSync(file, "utf8")) as HeartbeatRecord;
        expect(rec.pid).toBe(process.pid);
        await new Promise((r) => setTimeout(r, 1));
      }
    } finally {
      beat.stop();
    }
  });
});

describe("the health check as a script", () => {
  it("loads only check.ts and Node built-ins: nothing of the bot", () => {
    const valueImports = (f: string) =>
      [
        ...readFileSync(path.join(ROOT, "src/health", f), "utf8").matchAll(
          /^import (?!type )[^;]*?from "([^"]+)"/gm,
        ),
      ].map((m) => m[1]);
    expect(valueImports("healthcheck.ts")).toEqual(["./check.js"]);
    for (const spec of valueImports("check.ts")) expect(spec).toMatch(/^node:/);
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));
