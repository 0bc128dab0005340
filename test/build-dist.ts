/**
 * Global setup of the slow suite: build dist/ once (tools/build.mjs, as `npm run build`), so
 * its tests start the compiled bot and commands the way `npm start` and the image do.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export default function setup(): void {
  const r = spawnSync(process.execPath, ["tools/build.mjs"], { cwd: ROOT, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`npm run build failed (exit ${r.status})`);
}
