/**
 * A heartbeat file for the container's health check (check.ts next to this file).
 *
 * In long-polling mode the bot serves no HTTP, so the running process writes a small JSON file
 * every `intervalMs`: when it was written, by which process, in which mode, and whether the
 * process judges itself healthy (`probe`). The check reads it from a separate `node` process:
 * a file that has stopped changing means a blocked event loop or a dead process; `ok: false`
 * names what is wrong (e.g. the update runner stopped, getUpdates failing for minutes).
 */
import { renameSync, rmSync, writeFileSync } from "node:fs";
import type { Logger } from "../log.js";

/** Of several processes on one database, the one taking updates, or one waiting to. */
export type Role = "active" | "standby";

export interface HealthProbe {
  readonly ok: boolean;
  /** Why not healthy, in a few words. */
  readonly reason?: string;
}

export interface Heartbeat {
  /** Writes now (e.g. right after a state change) instead of waiting for the next beat. */
  beat(): void;
  /** Stops beating and removes the file: a stopping process is not healthy. */
  stop(): void;
}

export interface HeartbeatOptions {
  readonly file: string;
  readonly mode: "polling" | "webhook";
  /** The webhook server's port, for the check to call `/healthz`. */
  readonly port?: number | null;
  readonly intervalMs?: number;
  readonly probe: () => HealthProbe;
  /** With several processes on one database: whether this one is the active one. */
  readonly role?: () => Role | null;
  readonly logger: Logger;
  readonly now?: () => number;
}

const HEARTBEAT_INTERVAL_MS = 30_000;

/** What the file holds; check.ts reads the same fields. */
export interface HeartbeatRecord {
  readonly pid: number;
  readonly at: number;
  readonly intervalMs: number;
  readonly mode: "polling" | "webhook";
  readonly port: number | null;
  readonly ok: boolean;
  readonly reason: string | null;
  /** Absent with one process alone (SQLite). */
  readonly role?: Role;
}

export function startHeartbeat(opts: HeartbeatOptions): Heartbeat {
  const intervalMs = opts.intervalMs ?? HEARTBEAT_INTERVAL_MS;
  const now = opts.now ?? Date.now;
  let failedBefore = false;
  const beat = () => {
    let probe: HealthProbe;
    try {
      probe = opts.probe();
    } catch (err) {
      probe = { ok: false, reason: `probe failed: ${String(err)}` };
    }
    const record: HeartbeatRecord = {
      pid: process.pid,
      at: now(),
      intervalMs,
      mode: opts.mode,
      port: opts.port ?? null,
      ok: probe.ok,
      reason: probe.ok ? null : (probe.reason ?? "unhealthy"),
      ...(opts.role?.() ? { role: opts.role()! } : {}),
    };
    // Written aside and renamed, so the check never reads half a file.
    const tmp = `${opts.file}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, `${JSON.stringify(record)}\n`);
      renameSync(tmp, opts.file);
      failedBefore = false;
    } catch (err) {
      if (!failedBefore) opts.logger.warn({ err, file: opts.file }, "cannot write the heartbeat");
      failedBefore = true;
    }
  };
  beat();
  const timer = setInterval(beat, intervalMs);
  timer.unref();
  return {
    beat,
    stop() {
      clearInterval(timer);
      rmSync(opts.file, { force: true });
    },
  };
}
