// @ts-check
/**
 * The board page's files: its HTML and style as written, its script bundled by esbuild from
 * src/web/page/main.ts with the engine and the board drawing it imports (minified, for the
 * browsers Telegram's apps run pages in). `npm run build` writes them to dist/web/page;
 * tests and the bench take them from here.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const PAGE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src/web/page");

/** @returns {Promise<string>} */
export async function bundlePageScript() {
  const out = await build({
    entryPoints: [path.join(PAGE, "main.ts")],
    bundle: true,
    minify: true,
    format: "iife",
    platform: "browser",
    target: ["es2020", "chrome87", "safari15"],
    legalComments: "none",
    write: false,
    logLevel: "silent",
  });
  return out.outputFiles[0]?.text ?? "";
}

/** @returns {Promise<{ html: string; css: string; js: string }>} */
export async function pageFiles() {
  return {
    html: readFileSync(path.join(PAGE, "index.html"), "utf8"),
    css: readFileSync(path.join(PAGE, "page.css"), "utf8"),
    js: await bundlePageScript(),
  };
}
