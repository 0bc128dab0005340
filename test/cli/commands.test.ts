/**
 * The README's commands as written, on a first run: a fresh copy of the sources (dependencies
 * linked, no dist/) where `npm run --silent engine` and `render` build first and still print
 * nothing but their own output on stdout, and `npm start` without a token stops with one line.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { viewFromArgs } from "../../src/cli/render-args.js";
import { renderBoardPng } from "../../src/render/png.js";
import type { BoardView } from "../../src/render/view.js";

const ROOT = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const copy = mkdtempSync(path.join(tmpdir(), "nardy-commands-"));
for (const f of ["package.json", "tsconfig.json", "tsconfig.build.json", "tools", "src", "drizzle"])
  cpSync(path.join(ROOT, f), path.join(copy, f), { recursive: true });
symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"), "dir");
afterAll(() => rmSync(copy, { recursive: true, force: true }));

const env = { ...process.env };
delete env.BOT_TOKEN;
const npm = (args: string[], input = "") =>
  spawnSync("npm", args, { cwd: copy, env, input, maxBuffer: 16 << 20 });

describe("the README's commands on a first run", () => {
  it("npm run --silent engine: the first run builds, stdout holds only the answers", () => {
    expect(existsSync(path.join(copy, "dist"))).toBe(false);
    const score = { op: "score", variant: "long", winner: "black", white: { 3: 15 } };
    const start = { 24: 2, 13: 5, 8: 3, 6: 5 };
    // `choose` reads the AI's weights, which the build copies into dist/.
    const requests = [
      { ...score, black: { 5: 15 }, cube: 2 },
      {
        op: "choose",
        variant: "long",
        turn: "white",
        white: { 24: 15 },
        black: { 24: 15 },
        dice: [6, 5],
      },
      { op: "choose", variant: "short", turn: "white", white: start, black: start, dice: [3, 1] },
    ];
    const input = `not json\n${requests.map((q) => JSON.stringify(q)).join("\n")}\n`;
    const r = npm(["run", "--silent", "engine"], input);
    expect(r.status, r.stderr.toString()).toBe(0);
    const lines = r.stdout.toString().split("\n");
    expect(lines.pop()).toBe("");
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { error: expect.any(String) },
      { points: 4, result: "mars" },
      expect.objectContaining({ moves: [expect.any(String), expect.any(String)] }),
      expect.objectContaining({ moves: [expect.any(String), expect.any(String)] }),
    ]);
    expect(existsSync(path.join(copy, "dist/cli/engine.js"))).toBe(true);
  }, 180_000);

  it("npm run --silent render: stdout is exactly the board's PNG", async () => {
    const args = ["--variant", "long", "--id", "AEEmoz9AIMnIPw", "--dice", "6,5"];
    const r = npm(["run", "--silent", "render", "--", ...args]);
    expect(r.status, r.stderr.toString()).toBe(0);
    expect(r.stderr.toString()).toBe("");
    const png = await renderBoardPng(viewFromArgs(args) as BoardView);
    expect(r.stdout.equals(png)).toBe(true);
  }, 180_000);

  it("npm start without BOT_TOKEN: exit 1 and one config line", () => {
    const r = npm(["start", "--silent"]);
    expect(r.status).toBe(1);
    expect(r.stdout.toString()).toBe("");
    expect(r.stderr.toString().trimEnd().split("\n")).toEqual([
      expect.stringMatching(/^config: BOT_TOKEN is required/),
    ]);
  }, 180_000);
});
