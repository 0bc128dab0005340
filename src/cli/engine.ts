import { createInterface } from "node:readline";
import { AI_HANDLERS } from "./ai-protocol.js";
import { answerLine } from "./engine-protocol.js";

/** JSON lines on stdin, one answer line each on stdout (docs/rules.md). */
const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
for await (const line of lines) {
  if (line.trim() === "") continue;
  process.stdout.write(`${answerLine(line, AI_HANDLERS)}\n`);
}
