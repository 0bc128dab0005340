import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Runs the compiled render CLI as `npm run render` does, with extra environment. */
export function runRenderCli(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, ["dist/cli/render.js", ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    maxBuffer: 16 << 20,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr.toString("utf8") };
}
