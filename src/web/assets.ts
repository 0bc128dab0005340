import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** One file of the page, compressed once both ways. */
export interface Asset {
  readonly type: string;
  readonly etag: string;
  readonly raw: Buffer;
  readonly gzip: Buffer;
  readonly br: Buffer;
  /** Named by its content (`?v=`): cached by the client for good. */
  readonly immutable: boolean;
}

/** The page's files by name: "" (the page), "page.js", "page.css". */
export type PageAssets = ReadonlyMap<string, Asset>;

/** The page's sources as the build leaves them. */
export interface PageFiles {
  readonly html: string;
  readonly js: string;
  readonly css: string;
}

const hashOf = (data: string): string =>
  createHash("sha256").update(data).digest("base64url").slice(0, 12);

function asset(type: string, text: string, immutable: boolean): Asset {
  const raw = Buffer.from(text);
  return {
    type,
    etag: `"${hashOf(text)}"`,
    raw,
    gzip: gzipSync(raw, { level: 9 }),
    br: brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    immutable,
  };
}

/**
 * The page served under `base` ("/board", or "" at the root): the HTML names its script and
 * style by path and content, so a new build is never mixed with an old one in a client's cache.
 */
export function pageAssets(files: PageFiles, base: string): PageAssets {
  const html = files.html
    .replaceAll("%BASE%", base)
    .replaceAll("%JS%", hashOf(files.js))
    .replaceAll("%CSS%", hashOf(files.css));
  return new Map([
    ["", asset("text/html; charset=utf-8", html, false)],
    ["page.js", asset("text/javascript; charset=utf-8", files.js, true)],
    ["page.css", asset("text/css; charset=utf-8", files.css, true)],
  ]);
}

/** The built page in `dir` (dist/web/page after `npm run build`). */
export const readPageFiles = (dir: string): PageFiles => ({
  html: readFileSync(path.join(dir, "index.html"), "utf8"),
  js: readFileSync(path.join(dir, "page.js"), "utf8"),
  css: readFileSync(path.join(dir, "page.css"), "utf8"),
});
