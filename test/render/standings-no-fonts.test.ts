import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { renderStandingsPng } from "../../src/render/standings.js";
import type { TableView } from "../../src/render/standings-view.js";
import { fontFilesInstalled } from "../helpers/fonts.js";
import { ROOT } from "./cli-run.js";
import { decode, inked, nameCell, table } from "./standings-fixtures.js";

/*
 * A slim container has no fonts. Every text here comes from the npm DejaVu files, so a child
 * whose fontconfig knows no font at all must draw the names as this process does (the 10x
 * drop of ink when text falls back to boxes would show).
 */
describe("text without system fonts", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "standings-nofonts-"));
  const NO_FONTS = path.join(dir, "fonts.conf");
  writeFileSync(NO_FONTS, `<?xml version="1.0"?><fontconfig></fontconfig>`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** SVG `<text>` (system fonts) beside our picture, to show the fonts are really gone. */
  const CONTROL_SVG =
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><rect width="200" height="60" fill="#fff"/><text x="10" y="45" font-size="40" fill="#000">1234</text></svg>';
  const SCRIPT = `
    const { pathToFileURL } = require("node:url");
    const sharp = require("sharp");
    (async () => {
      // The control first: drawing our text registers the DejaVu files with fontconfig,
      // after which <text> finds them too.
      const b = await sharp(Buffer.from(process.argv[3])).removeAlpha().raw().toBuffer();
      let control = 0;
      for (let i = 0; i < b.length; i += 3) if (b[i] < 128) control++;
      const m = await import(pathToFileURL(process.argv[1]).href);
      const png = await m.renderStandingsPng(JSON.parse(process.argv[2]));
      process.stdout.write(JSON.stringify({ png: png.toString("base64"), control }));
    })().catch((e) => { console.error(e); process.exit(1); });`;

  function child(view: TableView): Promise<{ png: Buffer; control: number }> {
    const entry = path.join(ROOT, "src/render/standings.ts");
    return new Promise((resolve, reject) => {
      const p = spawn(
        process.execPath,
        ["--import", "tsx", "-e", SCRIPT, entry, JSON.stringify(view), CONTROL_SVG],
        { cwd: ROOT, env: { ...process.env, FONTCONFIG_FILE: NO_FONTS } },
      );
      const out: Buffer[] = [];
      let err = "";
      p.stdout.on("data", (d: Buffer) => out.push(d));
      p.stderr.on("data", (d: Buffer) => {
        err += d.toString();
      });
      p.on("error", reject);
      p.on("close", (code) => {
        if (code !== 0) return reject(new Error(`child exited ${code}: ${err}`));
        const r = JSON.parse(Buffer.concat(out).toString()) as { png: string; control: number };
        resolve({ png: Buffer.from(r.png, "base64"), control: r.control });
      });
    });
  }

  it("draws the names in a child with fontconfig emptied", { timeout: 30_000 }, async () => {
    const v = table(["Ольга", "Тарас", "Alice Zoë", "Bob"]);
    const bare = await child(v);
    const a = await decode(bare.png);
    const b = await decode(await renderStandingsPng(v));
    expect(a.width).toBe(b.width);
    expect(a.height).toBe(b.height);
    for (let i = 0; i < v.rows.length; i++) {
      const without = inked(a, nameCell(v, i));
      const withFonts = inked(b, nameCell(v, i));
      expect(withFonts).toBeGreaterThan(60);
      expect(without).toBeGreaterThan(withFonts * 0.8);
      expect(without).toBeLessThan(withFonts * 1.25);
    }
    // Control: where fonts are installed, the child's `<text>` lost them (boxes or nothing).
    if (fontFilesInstalled()) {
      const raw = await sharp(Buffer.from(CONTROL_SVG)).removeAlpha().raw().toBuffer();
      let withFonts = 0;
      for (let i = 0; i < raw.length; i += 3) if (raw[i]! < 128) withFonts++;
      expect(withFonts).toBeGreaterThan(500);
      expect(bare.control).toBeLessThan(withFonts / 2);
    }
  });
});
