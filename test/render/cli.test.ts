import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { viewFromArgs } from "../../src/cli/render-args.js";
import { HEIGHT, WIDTH } from "../../src/render/layout.js";
import { runRenderCli } from "./cli-run.js";

const LONG_MID = "AEEmoz9AIMnIPw";
const SHORT_MID = "mGfwAFiwt5EDIA";

describe("render CLI", () => {
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

  it("says what is wrong with each bad argument", () => {
    for (const args of [
      [],
      ["--variant", "medium", "--id", LONG_MID],
      ["--variant", "long"],
      ["--variant", "long", "--id", "not-an-id"],
      ["--variant", "long", "--id", SHORT_MID], // a checker on the bar: none in long nardy
      ["--variant", "short", "--id", SHORT_MID, "--dice", "7,1"],
      ["--variant", "short", "--id", SHORT_MID, "--dice", "6"],
      ["--variant", "short", "--id", SHORT_MID, "--cube", "3"],
      ["--variant", "short", "--id", SHORT_MID, "--owner", "white"],
      ["--variant", "short", "--id", SHORT_MID, "--cube", "2", "--owner", "red"],
      ["--variant", "short", "--id", SHORT_MID, "--colour", "blue"],
      ["--variant", "short", "--id", SHORT_MID, "extra"],
    ]) {
      const r = viewFromArgs(args);
      expect(typeof r, args.join(" ")).toBe("string");
      expect(r as string).not.toContain("\n");
    }
  });

  it("reads the Position ID from the side on roll, drawn as white to move", () => {
    const v = viewFromArgs([
      "--variant",
      "short",
      "--id",
      "4HPwATDgc/ABMA",
      "--cube",
      "4",
      "--owner",
      "black",
    ]);
    expect(typeof v).toBe("object");
    const view = v as Exclude<typeof v, string>;
    expect([view.perspective, view.toMove, view.cube]).toEqual([
      "white",
      "white",
      { value: 4, owner: "black" },
    ]);
    expect(view.board.white[6]).toBe(5);
  });
});
