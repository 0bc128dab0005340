/**
 * The real bot process (`node dist/main.js`, which the slow suite builds first) as the
 * end-to-end tests start, watch and stop it.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

const ROOT = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));

export interface BotProcess {
  readonly child: ChildProcess;
  readonly log: () => string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Every process started and not yet exited: a failed test can leave its bot running. */
export const running = new Set<BotProcess>();

export async function killLeftovers(): Promise<void> {
  for (const left of running) {
    left.child.kill("SIGKILL");
    await left.exited;
  }
}

export function startBot(env: Record<string, string>): BotProcess {
  const child = spawn(process.execPath, ["dist/main.js"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => {
    out += String(d);
  });
  child.stderr!.on("data", (d) => {
    out += String(d);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const started = { child, log: () => out, exited };
  running.add(started);
  void exited.then(() => running.delete(started));
  return started;
}

/** `promise`, unless the process exits first: then fail with its output. */
export async function whileRunning<T>(bot: BotProcess, promise: Promise<T>): Promise<T> {
  const exit = bot.exited.then(({ code, signal }) => {
    throw new Error(`the bot exited (${code ?? signal}) early:\n${bot.log()}`);
  });
  exit.catch(() => {});
  return Promise.race([promise, exit]).catch((e: Error) => {
    throw new Error(`${e.message}\n${bot.log()}`);
  });
}

export async function stopBot(bot: BotProcess, withinMs: number): Promise<number | null> {
  const t0 = Date.now();
  bot.child.kill("SIGTERM");
  const timeout = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), withinMs));
  const result = await Promise.race([bot.exited, timeout]);
  if (result === "timeout") {
    bot.child.kill("SIGKILL");
    throw new Error(`no exit within ${withinMs} ms of SIGTERM\n${bot.log()}`);
  }
  expect(Date.now() - t0).toBeLessThan(withinMs);
  return result.code;
}

export function healthcheck(file: string): { code: number | null; out: string } {
  const r = spawnSync(process.execPath, ["dist/health/healthcheck.js"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HEALTH_FILE: file },
    encoding: "utf8",
    timeout: 10_000,
  });
  return { code: r.status, out: r.stdout + r.stderr };
}
