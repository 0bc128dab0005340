import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { viewFromArgs } from "../../src/cli/render-args.js";
import { labelRect, layoutFor, pipsCenter, type Rect, WIDTH } from "../../src/render/layout.js";
import { WOOD } from "../../src/render/palette.js";
import { renderBoardPng } from "../../src/render/png.js";
import type { BoardView } from "../../src/render/view.js";
import { fontFilesInstalled } from "../helpers/fonts.js";
import { ROOT, runRenderCli } from "./cli-run.js";

/*
 * A slim container has no fonts; `<text>` then draws boxes. The picture draws digits as
 * paths, so the same render with fontconfig emptied must come out pixel for pixel the same.
 */
const dir = mkdtempSync(path.join(tmpdir(), "nofonts-"));
const NO_FONTS = path.join(dir, "fonts.conf");
writeFileSync(NO_FONTS, `<?xml version="1.0"?><fontconfig></fontconfig>`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ARGS = ["--variant", "long", "--id", "AEEmoz9AIMnIPw", "--dice", "6,5"];

/** Pixels in a box that stand out from the frame (the digits), by summed channel distance. */
function inked(raw: Buffer, box: Rect, frame: number[]): number {
  let n = 0;
  for (let y = Math.round(box.y); y < box.y + box.h; y++)
    for (let x = Math.round(box.x); x < box.x + box.w; x++) {
      const i = (y * WIDTH + x) * 3;
      const d = [0, 1, 2].reduce((s, c) => s + Math.abs(raw[i + c]! - frame[c]!), 0);
      if (d > 90) n++;
    }
  return n;
}

const FONTS = fontFilesInstalled();

/** Dark pixels of a `<text>` "1234" rendered in a child with the given fontconfig file. */
function textControl(fontconfig: string | undefined): number {
  const script = `
    const sharp = require("sharp");
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><rect width="200" height="60" fill="#fff"/><text x="10" y="45" font-size="40" fill="#000">1234</text></svg>';
    sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer().then((b) => {
      let n = 0; for (let i = 0; i < b.length; i += 3) if (b[i] < 128) n++; console.log(n);
    });`;
  const env = { ...process.env };
  if (fontconfig) env.FONTCONFIG_FILE = fontconfig;
  const r = spawnSync(process.execPath, ["-e", script], { cwd: ROOT, env });
  return Number(r.stdout.toString().trim());
}

describe("rendering without fonts", () => {
  // Skipped where no font is installed: there is nothing to take away. The picture test below
  // runs everywhere.
  it.skipIf(!FONTS)(
    "with fonts installed, the emptied fontconfig hides them (control)",
    { timeout: 30_000 },
    () => {
      const withFonts = textControl(undefined);
      expect(withFonts).toBeGreaterThan(500);
      expect(textControl(NO_FONTS)).toBeLessThan(withFonts / 2);
    },
  );

  it("draws the same digits with and without fonts", { timeout: 30_000 }, async () => {
    const child = runRenderCli(ARGS, { FONTCONFIG_FILE: NO_FONTS });
    expect(child.status).toBe(0);
    const view = viewFromArgs(ARGS) as BoardView;
    const bare = await sharp(child.stdout).removeAlpha().raw().toBuffer();
    const fonts = await sharp(await renderBoardPng(view))
      .removeAlpha()
      .raw()
      .toBuffer();

    const l = layoutFor("long");
    const frame = [1, 3, 5].map((i) => Number.parseInt(WOOD.frame.slice(i, i + 2), 16));
    const boxes: Rect[] = [13, 24, 1, 12, 7].map((p) => labelRect(l, p));
    const pc = pipsCenter(l, true);
    boxes.push({ x: pc.x - 30, y: pc.y - 14, w: 60, h: 28 });
    for (const box of boxes) {
      const a = inked(bare, box, frame);
      expect(a).toBeGreaterThan(25);
      expect(a).toBe(inked(fonts, box, frame));
    }
    expect(bare.equals(fonts)).toBe(true);
  });
});
