#!/usr/bin/env node
/**
 * The container's HEALTHCHECK: `node src/health/healthcheck.mjs`, plain JavaScript so it starts
 * in ~50 ms without tsx. Exit 0 healthy, 1 not, with one line saying why.
 *
 * Reads the heartbeat file the bot writes every 30 s (src/health/heartbeat.ts, path in
 * HEALTH_FILE). Unhealthy when the file is missing (starting or stopped), older than three
 * beats (event loop blocked, process hung), written by a process that is gone, or says
 * `ok: false` (the update runner stopped, getUpdates failing for minutes). In webhook mode it
 * also asks the bot's own HTTP server: GET http://127.0.0.1:PORT/healthz must answer 200.
 */
import { readFileSync } from "node:fs";
import { request } from "node:http";

const file = process.env.HEALTH_FILE || "/tmp/nardy-health.json";

function done(ok, line) {
  process.stdout.write(`${ok ? "healthy" : "unhealthy"}: ${line}\n`);
  process.exit(ok ? 0 : 1);
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
}

function healthz(port) {
  return new Promise((resolve) => {
    const req = request(
      { host: "127.0.0.1", port, path: "/healthz", method: "GET", timeout: 3000 },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve(0));
    req.end();
  });
}

let beat;
try {
  beat = JSON.parse(readFileSync(file, "utf8"));
} catch (e) {
  done(
    false,
    e.code === "ENOENT" ? `no heartbeat at ${file} (starting or stopped)` : `${file}: ${e.message}`,
  );
}

const interval = Number(beat.intervalMs) > 0 ? Number(beat.intervalMs) : 30_000;
const age = Date.now() - Number(beat.at);
if (!Number.isFinite(age)) done(false, `${file} holds no time`);
if (age > 3 * interval + 5_000)
  done(false, `last heartbeat ${Math.round(age / 1000)} s ago (blocked or hung)`);
if (Number.isSafeInteger(beat.pid) && !alive(beat.pid)) done(false, `process ${beat.pid} is gone`);
if (beat.ok !== true) done(false, String(beat.reason ?? "the bot reports a problem"));
if (beat.mode === "webhook") {
  const port = Number(beat.port || process.env.PORT || 8080);
  const status = await healthz(port);
  if (status !== 200) done(false, `GET /healthz on port ${port}: ${status || "no answer"}`);
}
done(true, `${beat.mode}, heartbeat ${Math.round(age / 1000)} s ago`);
