import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { answerLine } from "../../src/cli/engine-protocol.js";
import { SHARED } from "../helpers/vectors.js";

const ask = (req: unknown) => JSON.parse(answerLine(JSON.stringify(req)));

/** The JSON examples printed in RULEBOOK.md, in order. */
function rulebookExamples(): Record<string, unknown>[] {
  const text = readFileSync(path.join(SHARED, "rules", "RULEBOOK.md"), "utf8");
  return [...text.matchAll(/```json\n([\s\S]*?)```/g)]
    .map((m) => m[1]!.replace(/\n/g, " "))
    .filter((t) => !t.includes("..."))
    .map((t) => JSON.parse(t));
}

describe("the JSON-lines engine interface", () => {
  it("answers the RULEBOOK plays example", () => {
    const req = rulebookExamples().find((r) => r.op === "plays")!;
    const answer = ask(req);
    expect(answer.plays).toHaveLength(1);
    expect([...answer.plays[0].moves].sort()).toEqual(["20/16", "20/16", "24/20", "24/20"]);
    expect(answer.plays[0].black).toEqual({ 24: 13, 16: 2 });
    expect(answer.plays[0].white).toEqual({ 24: 14, 13: 1 });
  });

  it("answers the RULEBOOK score example", () => {
    const req = rulebookExamples().find((r) => r.op === "score")!;
    expect(ask(req)).toEqual({ points: 3, result: "koks" });
  });

  it("scores a long-nardy resignation from the position, times the cube", () => {
    const req = {
      op: "score",
      variant: "long",
      winner: "black",
      white: { 3: 15 },
      black: { 5: 15 },
      cube: 2,
    };
    expect(ask(req)).toEqual({ points: 4, result: "mars" });
    expect(ask({ ...req, rules: { scoring: "oin" } })).toEqual({ points: 2, result: "oin" });
  });

  it("short nardy: plays from the opening and a backgammon score", () => {
    const start = { 24: 2, 13: 5, 8: 3, 6: 5 };
    const plays = ask({
      op: "plays",
      variant: "short",
      turn: "black",
      white: start,
      black: start,
      dice: [3, 1],
    });
    expect(plays.plays).toHaveLength(16);
    expect(plays.plays.some((p: { moves: string[] }) => p.moves.join(" ") === "8/5 6/5")).toBe(
      true,
    );
    const score = ask({
      op: "score",
      variant: "short",
      winner: "white",
      white: { off: 15 },
      black: { bar: 1, 6: 14 },
    });
    expect(score).toEqual({ points: 3, result: "backgammon" });
  });

  it("a hit shows in the notation and on the bar", () => {
    const r = ask({
      op: "plays",
      variant: "short",
      turn: "white",
      white: { 6: 5, 13: 10 },
      black: { 20: 1, 1: 14 },
      dice: [1, 2],
    });
    const hit = r.plays.find((p: { moves: string[] }) => p.moves.includes("6/5*"));
    expect(hit.black.bar).toBe(1);
  });

  it("malformed requests get an error and the process goes on", () => {
    const bad = [
      "not json",
      "[]",
      '{"op":"dance"}',
      '{"op":"plays","variant":"long","turn":"white","white":{"24":14},"black":{"24":15},"dice":[1,2]}',
      '{"op":"plays","variant":"long","turn":"white","white":{"24":15},"black":{"12":15},"dice":[1,2]}',
      '{"op":"plays","variant":"long","rules":{"head":"loose"},"turn":"white","white":{"24":15},"black":{"24":15},"dice":[1,2]}',
      '{"op":"plays","variant":"long","turn":"white","white":{"24":15},"black":{"24":15},"dice":[0,7]}',
      '{"op":"plays","variant":"long","turn":"white","white":{"bar":1,"24":14},"black":{"24":15},"dice":[1,2]}',
    ];
    for (const line of bad) expect(JSON.parse(answerLine(line))).toHaveProperty("error");
    const input = `${bad.join("\n")}\n${JSON.stringify(rulebookExamples().find((r) => r.op === "score"))}\n`;
    const run = spawnSync(process.execPath, ["--import", "tsx", "src/cli/engine.ts"], {
      input,
      encoding: "utf8",
    });
    const lines = run.stdout.trim().split("\n");
    expect(lines).toHaveLength(bad.length + 1);
    expect(JSON.parse(lines.at(-1)!)).toEqual({ points: 3, result: "koks" });
  }, 30_000);
});
