// @ts-check
/**
 * `npm run build`: src/ → dist/. tsc --build compiles (incremental: an unchanged tree costs
 * under a second), then every file under src/ that tsc does not emit (the .ftl locales, the
 * board page's HTML and style) is copied beside the compiled modules that load it, and the
 * board page's script is bundled (tools/page-bundle.mjs) into dist/web/page/page.js.
 *
 * Prints nothing on stdout: it runs first in `npm run --silent engine` and `render`, whose
 * stdout is their answer. tsc's messages go to stderr.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundlePageScript } from "./page-bundle.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SRC = path.join(ROOT, "src");
const OUT = path.join(ROOT, "dist");

let tsc;
try {
  tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
} catch {
  process.stderr.write("build: TypeScript is not installed; `npm ci` installs it\n");
  process.exit(1);
}
const compiled = spawnSync(process.execPath, [tsc, "--build", "tsconfig.build.json"], {
  cwd: ROOT,
  stdio: ["ignore", process.stderr, process.stderr],
});
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

/** @param {string} dir */
function copyAssets(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const from = path.join(dir, entry.name);
    if (entry.isDirectory()) copyAssets(from);
    else if (!entry.name.endsWith(".ts")) {
      const to = path.join(OUT, path.relative(SRC, from));
      // JSON imports are emitted by tsc already; copy only what is missing or older.
      const target = statSync(to, { throwIfNoEntry: false });
      if (target && target.mtimeMs >= statSync(from).mtimeMs) continue;
      mkdirSync(path.dirname(to), { recursive: true });
      copyFileSync(from, to);
    }
  }
}
copyAssets(SRC);

const page = path.join(OUT, "web", "page");
mkdirSync(page, { recursive: true });
writeFileSync(path.join(page, "page.js"), await bundlePageScript());
