import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/index.js";
import { prng } from "../services/driver.js";
import { databaseProblems } from "./consistency.js";

const LANES = 2; // children running at once, on the same file
const KILLS_PER_LANE = 52;
const ROOT = resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "nardy-crash-"));
const dbPath = join(dir, "crash.sqlite");

beforeAll(() => {
  openDatabase(dbPath).close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Games already replayed at a version: later checks replay only games that moved on. */
const seen = new Map<number, number>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once the child printed `marker` and then `ops` dots; rejects if it died first. */
function reached(p: ChildProcess, marker: "open" | "ready", ops = 0): Promise<void> {
  let out = "";
  return new Promise((res, rej) => {
    p.stdout?.on("data", (b: Buffer) => {
      out += b.toString();
      const at = out.indexOf(marker);
      if (at >= 0 && out.slice(at).split(".").length > ops) res();
    });
    p.once("exit", (code, signal) => rej(new Error(`child exited early: ${code} ${signal}`)));
  });
}

/** SIGKILLs children at random moments and checks the database after every kill. */
async function lane(id: number): Promise<{ kills: number; problems: string[] }> {
  const rand = prng(1000 + id);
  let kills = 0;
  for (let k = 0; k < KILLS_PER_LANE; k++) {
    const p = spawn(
      process.execPath,
      ["--import", "tsx", "test/db/crash-child.ts", dbPath, String(id * 10_000 + k)],
      { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    p.stderr?.on("data", (b: Buffer) => {
      stderr += b.toString();
    });
    const exited = new Promise<NodeJS.Signals | null>((res) => p.once("exit", (_c, s) => res(s)));
    // Mostly a few operations in (counted, so a slow machine still gets somewhere), then a
    // random few ms; one kill in ten lands while the child opens and checks the file.
    if (rand() < 0.1) {
      await reached(p, "open");
      await sleep(rand() * 20);
    } else {
      await reached(p, "ready", Math.floor(rand() * 12));
      await sleep(rand() * 4);
    }
    p.kill("SIGKILL");
    const signal = await exited;
    if (signal !== "SIGKILL") return { kills, problems: [`child ended by itself: ${stderr}`] };
    kills++;
    const d = openDatabase(dbPath);
    const problems = await d.db.transaction(async (tx) => databaseProblems(tx, seen));
    d.close();
    if (problems.length > 0) return { kills, problems };
  }
  return { kills, problems: [] };
}

describe("crash safety", () => {
  it("keeps every game consistent when processes die mid-write (SIGKILL)", async () => {
    const results = await Promise.all(Array.from({ length: LANES }, (_, i) => lane(i)));
    expect(results.flatMap((r) => r.problems)).toEqual([]);
    expect(results.reduce((n, r) => n + r.kills, 0)).toBeGreaterThanOrEqual(100);

    const d = openDatabase(dbPath);
    expect(await d.db.transaction(async (tx) => databaseProblems(tx))).toEqual([]);
    const count = (q: string) => d.sqlite.prepare(q).pluck().get() as number;
    // The children got somewhere: games were played, finished and continued as rematches.
    expect(count("select count(*) from game_events")).toBeGreaterThan(200);
    expect(count("select count(*) from games where status = 'finished'")).toBeGreaterThanOrEqual(3);
    d.close();
  }, 400_000); // over a hundred tsx children, one after another in each lane
});
