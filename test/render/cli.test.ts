/**
 * The render command's arguments (src/cli/render-args.ts). The command as a process, its exit
 * codes and output streams, is in cli-process.test.ts (slow suite).
 */
import { describe, expect, it } from "vitest";
import { viewFromArgs } from "../../src/cli/render-args.js";

const LONG_MID = "AEEmoz9AIMnIPw";
const SHORT_MID = "mGfwAFiwt5EDIA";

describe("render CLI", () => {
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
