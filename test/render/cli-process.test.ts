/**
 * The render command as a process (dist/cli/render.js, what `npm run render` runs): a PNG and
 * nothing else on stdout; bad arguments give one line on stderr, exit 2 and no stdout.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { HEIGHT, WIDTH } from "../../src/render/layout.js";
import { runRenderCli } from "./cli-run.js";

const LONG_MID = "AEEmoz9AIMnIPw";
const SHORT_MID = "mGfwAFiwt5EDIA";

describe("render command", () => {
  it("writes a PNG of the board to stdout", { timeout: 30_000 }, async () => {
    for (const args of [
      ["--variant", "long", "--id", LONG_MID, "--dice", "6,5"],
      ["--variant", "short", "--id", SHORT_MID, "--dice", "4,2", "--cube", "2", "--owner", "black"],
      ["--variant", "short", "--id", "4HPwATDgc/ABMA"],
    ]) {
      const r = runRenderCli(args);
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      expect(r.stdout.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
      const meta = await sharp(r.stdout).metadata();
      expect([meta.width, meta.height]).toEqual([WIDTH, HEIGHT]);
    }
  });

  it("rejects bad arguments: one line on stderr, exit 2, nothing on stdout", {
    timeout: 30_000,
  }, () => {
    for (const args of [[], ["--variant", "long", "--id", "not-an-id"], ["--colour", "blue"]]) {
      const r = runRenderCli(args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stdout.length, args.join(" ")).toBe(0);
      expect(r.stderr.trimEnd().split("\n"), args.join(" ")).toHaveLength(1);
      expect(r.stderr).toMatch(/^render: /);
    }
  });
});
