/**
 * Every package the code loads is declared in package.json, so a clean `npm ci` has it: src/
 * (what the image runs) from "dependencies", test/, bench/, tools/ and the root configs from
 * either list. And "dependencies" holds only what src/ loads: the image prunes the rest.
 */
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(fileURLToPath(new URL("..", import.meta.url)));
const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const production = new Set(Object.keys(pkg.dependencies));
const declared = new Set([...production, ...Object.keys(pkg.devDependencies)]);

const CODE = /\.(ts|mts|cts|js|mjs|cjs)$/;
function codeFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => CODE.test(f))
    .map((f) => path.join(dir, f));
}

/**
 * What a file loads: static and dynamic imports, re-exports, requires, resolves, `--import`.
 * Group 1 is `type ` for a type-only import (empty otherwise), group 2 the specifier.
 */
const LOADS = [
  /^\s*import\s+(type\s+)?[^'";]*?\bfrom\s*["']([^"']+)["']/gm,
  /^\s*import()\s*["']([^"']+)["']/gm,
  /^\s*export\s+(type\s+)?[^'";]*?\bfrom\s*["']([^"']+)["']/gm,
  /\bimport()\(\s*["']([^"']+)["']\s*\)/g,
  /\brequire()(?:\.resolve)?\(\s*["']([^"']+)["']\s*\)/g,
  /\bcreateRequire\([^)]*\)()\.resolve\(\s*["']([^"']+)["']\s*\)/g,
  /\bimport\.meta\.resolve()\(\s*["']([^"']+)["']\s*\)/g,
  /["']--import["']()\s*,\s*["']([^"']+)["']/g,
];

interface Use {
  readonly file: string;
  readonly name: string;
  readonly typeOnly: boolean;
}

/** The package a specifier names, or null for relative paths and Node's built-ins. */
function packageOf(spec: string): string | null {
  if (/^[./]/.test(spec) || spec.startsWith("node:") || spec.startsWith("file:")) return null;
  if (builtinModules.includes(spec.split("/")[0]!) || builtinModules.includes(spec)) return null;
  return spec
    .split("/")
    .slice(0, spec.startsWith("@") ? 2 : 1)
    .join("/");
}

function usesIn(file: string): Use[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  return LOADS.flatMap((re) =>
    [...text.matchAll(re)].flatMap((m) => {
      const name = packageOf(m[2]!);
      return name ? [{ file, name, typeOnly: Boolean(m[1]) }] : [];
    }),
  );
}

const roots = readdirSync(ROOT).filter((f) => CODE.test(f));
const runtime = codeFiles("src").flatMap(usesIn);
const tooling = [
  ...codeFiles("test"),
  ...codeFiles("bench"),
  ...codeFiles("tools"),
  ...roots,
].flatMap(usesIn);
const show = (u: Use) => `${u.file}: ${u.name}`;

describe("package.json declares what the code loads", () => {
  it("finds the loads (the scan itself works)", () => {
    const names = new Set([...runtime, ...tooling].map((u) => u.name));
    for (const n of ["grammy", "drizzle-orm", "sharp", "vitest", "tsx", "typescript"])
      expect(names, n).toContain(n);
    expect(runtime.some((u) => u.typeOnly)).toBe(true);
  });

  it("src/ loads production dependencies only (type-only imports aside)", () => {
    const wrong = runtime.filter((u) => !u.typeOnly && !production.has(u.name)).map(show);
    expect(wrong).toEqual([]);
  });

  it("test/, bench/, tools/ and the root configs load declared packages only", () => {
    const wrong = [...runtime, ...tooling].filter((u) => !declared.has(u.name)).map(show);
    expect(wrong).toEqual([]);
  });

  it("every production dependency is loaded by src/ (the rest belong in devDependencies)", () => {
    const loaded = new Set(runtime.filter((u) => !u.typeOnly).map((u) => u.name));
    expect([...production].filter((n) => !loaded.has(n))).toEqual([]);
  });
});
