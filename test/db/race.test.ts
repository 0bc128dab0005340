/**
 * Two processes pressing on one database file at the same moments (race-child.ts, run with
 * tsx): of each pair of identical presses exactly one applies, the other is stale.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GamesRepo, openDatabase } from "../../src/db/index.js";
import { seedSource } from "../services/helpers.js";
import { StartingService } from "../services/starting.js";
import { databaseProblems } from "./consistency.js";
import { pressFor, startGames } from "./games.js";

const ROOT = resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "nardy-race-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("two processes on one file", () => {
  it("two processes pressing together: exactly one press of each pair applies", async () => {
    const path = join(dir, "race.sqlite");
    const setup = openDatabase(path);
    const games = await startGames(
      new StartingService(setup.db, { newSeed: seedSource("race") }),
      24,
    );
    setup.close();
    const plan = games.map(pressFor);
    const planPath = join(dir, "plan.json");
    writeFileSync(planPath, JSON.stringify(plan));

    const children = [0, 1].map(() =>
      spawn(process.execPath, ["--import", "tsx", "test/db/race-child.ts", path, planPath], {
        cwd: ROOT,
        stdio: ["pipe", "pipe", "inherit"],
      }),
    );
    const outputs = children.map(
      (c) =>
        new Promise<string>((res) => {
          let out = "";
          c.stdout.on("data", (b: Buffer) => {
            out += b.toString();
          });
          c.once("exit", () => res(out));
        }),
    );
    await Promise.all(
      children.map((c) => new Promise<void>((res) => c.stdout.once("data", () => res()))),
    );
    const goAt = Date.now() + 50;
    for (const c of children) c.stdin.end(`${goAt}\n`);
    const results = (await Promise.all(outputs)).map(
      (out) => JSON.parse(out.split("\n").filter(Boolean).at(-1)!) as string[],
    );
    const pairs = plan.map((_, i) => [results[0]![i], results[1]![i]].sort());
    expect(pairs).toEqual(plan.map(() => ["ok", "stale"]));

    const check = openDatabase(path);
    expect(await databaseProblems(check.db)).toEqual([]);
    const repo = new GamesRepo(check.db);
    for (const p of plan) {
      const firstNew = (await repo.events(p.gameId, p.version))[0]!;
      expect(firstNew).toMatchObject({
        seq: p.version + 1,
        type: p.action.type,
        actorId: p.userId,
      });
    }
    check.close();
  });
});
