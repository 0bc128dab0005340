/**
 * Two connections on one database file, in one process: a version check makes the same press
 * apply once. race.test.ts (slow suite) does the same from two processes at once.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { memoryFrontEnd } from "../../bench/testkit/memory-front-end.js";
import { GamesRepo, openDatabase } from "../../src/db/index.js";
import { GameService } from "../../src/services/index.js";
import { seedSource } from "../services/helpers.js";
import { StartingService } from "../services/starting.js";
import { databaseProblems } from "./consistency.js";
import { pressFor, startGames } from "./games.js";

const dir = mkdtempSync(join(tmpdir(), "nardy-two-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("two connections on one file", () => {
  it("the same press on two connections: the first applies, the second is stale", async () => {
    const path = join(dir, "two.sqlite");
    const a = openDatabase(path);
    const b = openDatabase(path);
    const svcA = new StartingService(a.db, { newSeed: seedSource("two") });
    const svcB = new GameService(b.db, memoryFrontEnd());
    const [g] = await startGames(svcA, 1);
    const seenByB = (await svcB.getGame(g!.id))!;
    expect(seenByB.version).toBe(g!.version);
    const p = pressFor(seenByB);
    expect((await svcA.act(p.gameId, p.userId, p.action, p.version)).ok).toBe(true);
    const late = await svcB.act(p.gameId, p.userId, p.action, p.version);
    expect(late.ok ? "ok" : late.error.code).toBe("stale");
    expect(await databaseProblems(b.db)).toEqual([]);
    a.close();
    b.close();
  });

  it("a write over a version another connection moved on changes nothing", async () => {
    const path = join(dir, "repo.sqlite");
    const a = openDatabase(path);
    const b = openDatabase(path);
    const [g] = await startGames(new StartingService(a.db, { newSeed: seedSource("repo") }), 1);
    const repoA = new GamesRepo(a.db);
    const repoB = new GamesRepo(b.db);
    const row = (await repoB.get(g!.id))!;
    const patch = { ...row, lastActionAt: row.lastActionAt + 1 };
    const event = { type: "undo", payload: {}, actorId: null };
    expect((await repoA.update(row.id, row.version, patch, [event], 1))?.version).toBe(
      row.version + 1,
    );
    expect(await repoB.update(row.id, row.version, patch, [event], 2)).toBeUndefined();
    expect(await repoB.events(row.id)).toHaveLength(row.version + 1);
    a.close();
    b.close();
  });
});
