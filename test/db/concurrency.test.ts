import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GamesRepo, openDatabase } from "../../src/db/index.js";
import { type Action, turnView } from "../../src/engine/index.js";
import { GameService, type GameView } from "../../src/services/index.js";
import { alice, bob, CHAT, seedSource, unwrap } from "../services/helpers.js";
import { compileForNode } from "./compile.js";
import { databaseProblems } from "./consistency.js";
import type { Press } from "./race-child.js";

const dir = mkdtempSync(join(tmpdir(), "nardy-race-"));
const build = join(dir, "build");
beforeAll(() =>
  compileForNode(build, ["src/engine", "src/db", "src/services", "test/db/race-child.ts"]),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function startGames(svc: GameService, n: number): GameView[] {
  return Array.from({ length: n }, (_, i) => {
    const variant = i % 2 ? "short" : "long";
    const c = unwrap(
      svc.createChallenge({ challenger: alice, chat: { id: CHAT.id - i }, variant }),
    );
    return unwrap(svc.acceptChallenge(c.id, bob)).game;
  });
}

/** The press the player to move would make now. */
function pressFor(g: GameView): Press {
  const st = turnView(g.state)?.nextSteps[0];
  const action: Action = st
    ? { type: "step", from: st.from, to: st.to, die: st.die }
    : { type: "roll" };
  return { gameId: g.id, userId: g.waitingFor!, action, version: g.version };
}

describe("two connections on one file", () => {
  it("the same press on two connections: the first applies, the second is stale", () => {
    const path = join(dir, "two.sqlite");
    const a = openDatabase(path);
    const b = openDatabase(path);
    const svcA = new GameService(a.db, { newSeed: seedSource("two") });
    const svcB = new GameService(b.db);
    const [g] = startGames(svcA, 1);
    const seenByB = svcB.getGame(g!.id)!;
    expect(seenByB.version).toBe(g!.version);
    const p = pressFor(seenByB);
    expect(svcA.act(p.gameId, p.userId, p.action, p.version).ok).toBe(true);
    const late = svcB.act(p.gameId, p.userId, p.action, p.version);
    expect(late.ok ? "ok" : late.error.code).toBe("stale");
    expect(databaseProblems(b.db)).toEqual([]);
    a.close();
    b.close();
  });

  it("a write over a version another connection moved on changes nothing", () => {
    const path = join(dir, "repo.sqlite");
    const a = openDatabase(path);
    const b = openDatabase(path);
    const [g] = startGames(new GameService(a.db, { newSeed: seedSource("repo") }), 1);
    const repoA = new GamesRepo(a.db);
    const repoB = new GamesRepo(b.db);
    const row = repoB.get(g!.id)!;
    const patch = { ...row, lastActionAt: row.lastActionAt + 1 };
    const event = { type: "undo", payload: {}, actorId: null };
    expect(repoA.update(row.id, row.version, patch, [event], 1)?.version).toBe(row.version + 1);
    expect(repoB.update(row.id, row.version, patch, [event], 2)).toBeUndefined();
    expect(repoB.events(row.id)).toHaveLength(row.version + 1);
    a.close();
    b.close();
  });

  it("two processes pressing together: exactly one press of each pair applies", async () => {
    const path = join(dir, "race.sqlite");
    const setup = openDatabase(path);
    const games = startGames(new GameService(setup.db, { newSeed: seedSource("race") }), 24);
    setup.close();
    const plan = games.map(pressFor);
    const planPath = join(dir, "plan.json");
    writeFileSync(planPath, JSON.stringify(plan));

    const children = [0, 1].map(() =>
      spawn(process.execPath, [join(build, "test/db/race-child.js"), path, planPath], {
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
    expect(databaseProblems(check.db)).toEqual([]);
    const repo = new GamesRepo(check.db);
    for (const p of plan) {
      const firstNew = repo.events(p.gameId, p.version)[0]!;
      expect(firstNew).toMatchObject({
        seq: p.version + 1,
        type: p.action.type,
        actorId: p.userId,
      });
    }
    check.close();
  });
});
