import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

/** GNU Backgammon running bench/gnubg-equity.py: 0-ply chances of positions, one batch at a time. */
export interface EquityScript {
  /** Per Position ID (the mover on roll): [win, winG, winBG, loseG, loseBG, equity], the mover's. */
  evaluate(after: readonly string[]): Promise<number[][]>;
  close(): void;
}

export function startEquityScript(binary: string): EquityScript {
  const proc = spawn(binary, ["-t", "-q", "-p", path.join(import.meta.dirname, "gnubg-equity.py")]);
  const answers: string[] = [];
  let wake: (() => void) | null = null;
  createInterface({ input: proc.stdout }).on("line", (line) => {
    if (!line.startsWith("@@") || line === "@@ready") return;
    answers.push(line.slice(2));
    wake?.();
  });
  const next = async (): Promise<string> => {
    while (answers.length === 0) await new Promise<void>((r) => (wake = r));
    return answers.shift()!;
  };
  return {
    async evaluate(after) {
      proc.stdin.write(`${JSON.stringify({ after })}\n`);
      return JSON.parse(await next()) as number[][];
    },
    close() {
      proc.stdin.end();
      proc.kill();
    },
  };
}
