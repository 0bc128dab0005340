/**
 * Games stored before the dice had a second part: a database made by the migrations before
 * it, holding a game in progress as that version stored it (its dice drawn from the seed
 * alone), opens with today's migrations, plays on with one-part dice, and its record checks.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { memoryFrontEnd } from "../../bench/testkit/memory-front-end.js";
import { GamesRepo, openDatabase } from "../../src/db/index.js";
import { GameReviews, GameService, SeedDice } from "../../src/services/index.js";
import { openingOf } from "../../src/services/play.js";
import { verifyRecord } from "../../src/services/records/verify.js";
import { playOut, prng } from "../services/driver.js";
import { alice, bob, CHAT, unwrap } from "../services/helpers.js";
import { allGameProblems } from "./consistency.js";
import { copyRows, databaseUpTo, scratchGames } from "./older-database.js";

const dir = mkdtempSync(join(tmpdir(), "nardy-old-dice-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const NOW = Date.UTC(2025, 5, 1);

it("an old game plays on with its seed alone, replays, and its record verifies", async () => {
  // The rows an older version wrote: a game whose opening was drawn from the seed alone.
  const { scratch, made } = scratchGames("old-dice", NOW);
  const c = unwrap(await made.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }));
  const id = unwrap(await made.acceptChallenge(c.id, bob)).game.id;
  const repo = new GamesRepo(scratch.db);
  const waiting = (await repo.get(id))!;
  const onePart = new SeedDice(Buffer.from(waiting.diceSeed, "hex"), 0, null);
  const { opening, events } = openingOf(waiting, waiting.pendingStart!, onePart);
  await repo.begin(
    id,
    { ...opening, diceSalt: null, lastActionAt: NOW, clock: null, nextDiceSeed: null },
    events,
    NOW,
  );

  // The same rows in a database of the migrations before the second part; opened now.
  const path = join(dir, "old.sqlite");
  const old = databaseUpTo(dir, "0009_tournaments", path);
  copyRows(scratch.sqlite, old, undefined, { locale: "en" });
  old.close();
  scratch.close();
  const upgraded = openDatabase(path);
  const row = (await new GamesRepo(upgraded.db).get(id))!;
  expect(row).toMatchObject({ diceSalt: null, pendingStart: null, version: events.length });

  const svc = new GameService(upgraded.db, memoryFrontEnd(), { now: () => NOW });
  const game = (await svc.getGame(id))!;
  expect(game).toMatchObject({ starting: false, diceSalt: null });
  const { game: over } = await playOut(svc, game, prng(3), { double: 0 });
  expect(over.status).toBe("finished");
  // Every die, before and after the upgrade, is the seed's own stream (consistency.ts).
  expect(await allGameProblems(upgraded.db)).toEqual([]);
  const record = unwrap(await new GameReviews(upgraded.db, memoryFrontEnd(), () => NOW).record(id))
    .file.text;
  expect(record).not.toContain("Dice second part:");
  expect(verifyRecord(record)).toMatchObject({ ok: true, salt: null });
  // Read as a two-part game, the same record does not check.
  const claimed = record.replace(
    "Dice commitment",
    `Dice second part: ${CHAT.id}:1:1\nDice commitment`,
  );
  expect(verifyRecord(claimed).ok).toBe(false);
  upgraded.close();
});
