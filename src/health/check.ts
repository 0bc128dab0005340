/**
 * The health check's verdict on the heartbeat file the bot writes (heartbeat.ts). Unhealthy
 * when the file is missing (starting or stopped), older than three beats (event loop blocked,
 * process hung), written by a process that is gone, or says `ok: false` (the update runner
 * stopped, getUpdates failing for minutes). In webhook mode it also asks the bot's own HTTP
 * server: GET http://127.0.0.1:PORT/healthz must answer 200.
 *
 * Node built-ins only: healthcheck.ts runs this in its own short-lived process.
 */
import { readFileSync } from "node:fs";
import { request } from "node:http";
import type { HeartbeatRecord } from "./heartbeat.js";

export interface Verdict {
  readonly ok: boolean;
  /** Why, in one line. */
  readonly line: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function healthz(port: number): Promise<number> {
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

const flat = (s: string) => s.replace(/\s+/g, " ").trim();

/** `defaultPort`: the webhook port when the record names none (the image's PORT). */
export async function checkHealth(
  file: string,
  defaultPort: number,
  now = Date.now(),
): Promise<Verdict> {
  const bad = (line: string): Verdict => ({ ok: false, line: flat(line) });
  let beat: Partial<HeartbeatRecord>;
  try {
    beat = JSON.parse(readFileSync(file, "utf8")) as Partial<HeartbeatRecord>;
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    return bad(
      err.code === "ENOENT"
        ? `no heartbeat at ${file} (starting or stopped)`
        : `${file}: ${err.message}`,
    );
  }
  if (typeof beat !== "object" || beat === null) return bad(`${file} holds no record`);
  const interval = Number(beat.intervalMs) > 0 ? Number(beat.intervalMs) : 30_000;
  const age = now - Number(beat.at);
  if (!Number.isFinite(age)) return bad(`${file} holds no time`);
  if (age > 3 * interval + 5_000)
    return bad(`last heartbeat ${Math.round(age / 1000)} s ago (blocked or hung)`);
  if (Number.isSafeInteger(beat.pid) && !alive(beat.pid!))
    return bad(`process ${beat.pid} is gone`);
  if (beat.ok !== true) return bad(String(beat.reason ?? "the bot reports a problem"));
  // A standby serves no webhook yet: its process being alive and beating is its health.
  if (beat.role === "standby")
    return { ok: true, line: `standby, heartbeat ${Math.round(age / 1000)} s ago` };
  if (beat.mode === "webhook") {
    const port = Number(beat.port || defaultPort);
    const status = await healthz(port);
    if (status !== 200) return bad(`GET /healthz on port ${port}: ${status || "no answer"}`);
  }
  const role = beat.role ? `, ${beat.role}` : "";
  return { ok: true, line: `${beat.mode}${role}, heartbeat ${Math.round(age / 1000)} s ago` };
}
