import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { AI_HANDLERS } from "../../src/cli/ai-protocol.js";
import { answerLine } from "../../src/cli/engine-protocol.js";
import { FULL_SAMPLES } from "../helpers/samples.js";

const ask = (req: unknown) => JSON.parse(answerLine(JSON.stringify(req)));

const RULES_DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/rules.md");

interface Example {
  /** The request exactly as printed (it may be malformed on purpose). */
  request: string;
  answer: unknown;
}

/** The examples of docs/rules.md: each ```json block is a request line, then its answer line. */
function docExamples(): Example[] {
  const text = readFileSync(RULES_DOC, "utf8");
  return [...text.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => {
    const lines = m[1]!.split("\n").filter((l) => l.trim() !== "");
    if (lines.length !== 2) throw new Error(`a json block needs two lines:\n${m[1]}`);
    return { request: lines[0]!, answer: JSON.parse(lines[1]!) };
  });
}

const opOf = (e: Example): unknown => {
  try {
    return JSON.parse(e.request).op;
  } catch {
    return undefined;
  }
};

/** Requests that must each get an error line. */
const BAD = [
  "not json",
  "[]",
  '{"op":"dance"}',
  '{"op":"plays","variant":"long","turn":"white","white":{"24":14},"black":{"24":15},"dice":[1,2]}',
  '{"op":"plays","variant":"long","turn":"white","white":{"24":15},"black":{"12":15},"dice":[1,2]}',
  '{"op":"plays","variant":"long","rules":{"head":"loose"},"turn":"white","white":{"24":15},"black":{"24":15},"dice":[1,2]}',
  '{"op":"plays","variant":"long","turn":"white","white":{"24":15},"black":{"24":15},"dice":[0,7]}',
  '{"op":"plays","variant":"long","turn":"white","white":{"bar":1,"24":14},"black":{"24":15},"dice":[1,2]}',
];

describe("the JSON-lines engine interface", () => {
  const examples = docExamples();

  it("docs/rules.md shows every op and an error", () => {
    const ops = new Set(examples.map(opOf));
    for (const op of ["plays", "score", "choose", "cube"]) expect(ops).toContain(op);
    expect(examples.some((e) => Object.hasOwn(e.answer as object, "error"))).toBe(true);
  });

  it("answers every example of docs/rules.md as printed", () => {
    for (const e of examples) {
      expect(JSON.parse(answerLine(e.request, AI_HANDLERS)), e.request).toEqual(e.answer);
    }
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

  it("malformed requests get an error", () => {
    for (const line of BAD) expect(JSON.parse(answerLine(line))).toHaveProperty("error");
  });

  // A child process through tsx: the slow suite only.
  it.runIf(FULL_SAMPLES)(
    "the program goes on after errors and answers the examples of docs/rules.md as printed",
    () => {
      const input = `${[...BAD, ...examples.map((e) => e.request)].join("\n")}\n`;
      // The program as `npm run --silent engine` runs it after its build (test:slow runs that).
      const run = spawnSync(process.execPath, ["--import", "tsx", "src/cli/engine.ts"], {
        input,
        encoding: "utf8",
      });
      const lines = run.stdout.trim().split("\n");
      expect(lines).toHaveLength(BAD.length + examples.length);
      for (const line of lines.slice(0, BAD.length))
        expect(JSON.parse(line)).toHaveProperty("error");
      for (const [i, e] of examples.entries())
        expect(JSON.parse(lines[BAD.length + i]!), e.request).toEqual(e.answer);
    },
    30_000,
  );
});
