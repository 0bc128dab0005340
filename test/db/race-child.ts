/**
 * Run by race.test.ts: `node --import tsx test/db/race-child.ts <db file> <plan file>`. Prints
 * "ready", reads the start time from stdin, then plays each planned press at its own time
 * slot, as does its twin process, and prints its results as one JSON line.
 */
import { readFileSync } from "node:fs";
import { memoryFrontEnd } from "../../bench/testkit/memory-front-end.js";
import { openDatabase } from "../../src/db/index.js";
import type { Action } from "../../src/engine/index.js";
import { GameService } from "../../src/services/index.js";

export interface Press {
  readonly gameId: number;
  readonly userId: number;
  readonly action: Action;
  readonly version: number;
}
export const SLOT_MS = 15;

const [path, planPath] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(planPath!, "utf8")) as Press[];
const svc = new GameService(openDatabase(path!).db, memoryFrontEnd());
process.stdout.write("ready\n");
process.stdin.once("data", (b: Buffer) => {
  const goAt = Number(b.toString().trim());
  void (async () => {
    const results: string[] = [];
    for (const [i, p] of plan.entries()) {
      while (Date.now() < goAt + i * SLOT_MS); // both processes press at the same moment
      const r = await svc.act(p.gameId, p.userId, p.action, p.version);
      results.push(r.ok ? "ok" : r.error.code);
    }
    process.stdout.write(`${JSON.stringify(results)}\n`);
    process.exit(0);
  })();
});
