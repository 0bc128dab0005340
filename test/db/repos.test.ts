import { desc, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import {
  ChallengesRepo,
  type Db,
  GamesRepo,
  type NewGameRow,
  PlayersRepo,
  SeriesRepo,
  storeFailure,
} from "../../src/db/index.js";
import { MessageStore } from "../../src/db/telegram/message-store.js";
import { tgChallengeCards, tgGameBoards } from "../../src/db/telegram/schema.js";
import { defaultRules, newGame, newSeries } from "../../src/engine/index.js";
import { onEachDatabase } from "../helpers/databases.js";
import { it } from "./fixtures.js";

/** What refused the write, as every dialect's failure reads (src/db/failures.ts); null: none. */
const refusal = async (write: Promise<unknown>) =>
  storeFailure(
    await write.then(
      () => new Error("the write went through"),
      (e: unknown) => e,
    ),
  );

async function fixture({ db }: { db: Db }) {
  const players = new PlayersRepo(db);
  await players.upsert({ id: 1, firstName: "Ann", username: "ann" }, 10);
  await players.upsert({ id: 2, firstName: "Ben" }, 10);
  const series = new SeriesRepo(db);
  const rules = defaultRules("long");
  const key = { chatKey: "-5", playerA: 1, playerB: 2, variant: "long" as const, rulesKey: "k" };
  const s = await series.insert({ ...key, rules, state: newSeries(), createdAt: 1, updatedAt: 1 });
  const games = new GamesRepo(db);
  const row: Omit<NewGameRow, "version"> = {
    variant: "long",
    rules,
    whiteId: 1,
    blackId: 2,
    state: newGame({ variant: "long", rules, starter: "white" }),
    diceSeed: "00",
    diceCommitment: "ff",
    seriesId: s.id,
    lastActionAt: 1,
    createdAt: 1,
    updatedAt: 1,
  };
  return { db, players, series, games, key, row, seriesId: s.id };
}

onEachDatabase("repositories", (it) => {
  it("PlayersRepo refreshes names and keeps ratings", async ({ database }) => {
    const f = await fixture(database);
    await f.players.setRating(1, "long", 1600, 20);
    const row = await f.players.upsert({ id: 1, firstName: "Anna", lastName: "K" }, 30);
    expect(row).toMatchObject({
      firstName: "Anna",
      lastName: "K",
      username: null,
      ratingLong: 1600,
    });
    expect(row.ratingShort).toBe(1500);
    expect([...(await f.players.getMany([1, 2, 3])).keys()].sort()).toEqual([1, 2]);
  });

  it("GamesRepo writes only over the expected version and numbers events without gaps", async ({
    database,
  }) => {
    const f = await fixture(database);
    const ev = (type: string) => ({ type, payload: { n: type }, actorId: null });
    const g = await f.games.insert(f.row, [ev("start"), ev("roll")]);
    expect(g.version).toBe(2);
    const patch = {
      state: g.state,
      status: "active" as const,
      diceCounter: 4,
      winnerId: null,
      points: null,
      finishedAt: null,
      lastActionAt: 5,
      reminded: false,
      turnLog: null,
      unconfirmedId: null,
      clock: null,
      flagAt: null,
    };
    const won = await f.games.update(g.id, 2, patch, [ev("step"), ev("step")], 5);
    expect(won?.version).toBe(4);
    // A second writer that read version 2 loses: nothing is written, no events appended.
    expect(
      await f.games.update(g.id, 2, { ...patch, diceCounter: 99 }, [ev("undo")], 6),
    ).toBeUndefined();
    expect((await f.games.get(g.id))?.diceCounter).toBe(4);
    expect((await f.games.events(g.id)).map((e) => [e.seq, e.type])).toEqual([
      [1, "start"],
      [2, "roll"],
      [3, "step"],
      [4, "step"],
    ]);
    expect((await f.games.events(g.id, 3)).map((e) => e.seq)).toEqual([4]);
  });

  it("the schema refuses a duplicate event number and a second rematch of one game", async ({
    database,
  }) => {
    const f = await fixture(database);
    const g = await f.games.insert(f.row, [{ type: "start", payload: {}, actorId: 1 }]);
    expect(
      await refusal(
        f.db.run(async (db, t) =>
          db
            .insert(t.gameEvents)
            .values({ gameId: g.id, seq: 1, type: "x", payload: {}, createdAt: 0 }),
        ),
      ),
    ).toBe("unique");
    await f.games.insert({ ...f.row, previousGameId: g.id }, [
      { type: "start", payload: {}, actorId: 1 },
    ]);
    expect(
      await refusal(
        f.games.insert({ ...f.row, previousGameId: g.id }, [
          { type: "start", payload: {}, actorId: 1 },
        ]),
      ),
    ).toBe("unique");
    expect((await f.games.rematchOf(g.id))?.previousGameId).toBe(g.id);
  });

  it("SeriesRepo keeps one active series per key; a finished one makes room", async ({
    database,
  }) => {
    const f = await fixture(database);
    const again = {
      ...f.key,
      rules: defaultRules("long"),
      state: newSeries(),
      createdAt: 2,
      updatedAt: 2,
    };
    expect(await refusal(f.series.insert(again))).toBe("unique");
    const state = { ...newSeries(), scores: [3, 1] as const, wins: [2, 1] as const, games: 3 };
    await f.series.save(f.seriesId, state, "finished", 3);
    expect(await f.series.get(f.seriesId)).toMatchObject({
      scoreA: 3,
      scoreB: 1,
      winsA: 2,
      games: 3,
    });
    expect(await f.series.findActive(f.key)).toBeUndefined();
    const next = await f.series.insert(again);
    expect((await f.series.findActive(f.key))?.id).toBe(next.id);
    expect(await f.series.byChat("-5")).toHaveLength(2);
  });

  it("ChallengesRepo closes only pending challenges and lists the due ones", async ({
    database,
  }) => {
    const f = await fixture(database);
    const repo = new ChallengesRepo(f.db);
    const base = {
      challengerId: 1,
      variant: "short" as const,
      rules: defaultRules("short"),
      createdAt: 1,
      updatedAt: 1,
    };
    const a = await repo.insert({ ...base, expiresAt: 100 });
    const b = await repo.insert({ ...base, expiresAt: 200 });
    expect((await repo.due(150)).map((c) => c.id)).toEqual([a.id]);
    expect((await repo.close(a.id, "cancelled", 5))?.status).toBe("cancelled");
    expect(await repo.close(a.id, "expired", 6)).toBeUndefined();
    expect((await repo.due(250)).map((c) => c.id)).toEqual([b.id]);
  });

  it("enforces foreign keys", async ({ database }) => {
    const f = await fixture(database);
    expect(await refusal(f.games.insert({ ...f.row, whiteId: 999 }, []))).toBe("foreign-key");
  });

  it("GamesRepo reads a game's JSON back as written, its keys in their order", async ({
    database,
  }) => {
    const f = await fixture(database);
    // Keys no store would sort this way: longer first, not alphabetical.
    const payload = { zeta: 1, a: { yy: [2, { b: 1, a: 2 }], x: null }, mid: "m" };
    const g = await f.games.insert(f.row, [{ type: "start", payload, actorId: null }]);
    const read = (await f.games.get(g.id))!;
    // A game's state is checked against its replay as text (src/services/damage.ts).
    expect(JSON.stringify(read.state)).toBe(JSON.stringify(f.row.state));
    expect(JSON.stringify(read.rules)).toBe(JSON.stringify(f.row.rules));
    expect(JSON.stringify((await f.games.events(g.id))[0]!.payload)).toBe(JSON.stringify(payload));
  });

  it("GamesRepo reads a game with both players and its series, and finds idle games by their own control's bound", async ({
    database,
  }) => {
    const f = await fixture(database);
    const none = await f.games.insert({ ...f.row, lastActionAt: 100 }, []);
    const correspondence = await f.games.insert(
      {
        ...f.row,
        lastActionAt: 100,
        timeControl: { kind: "correspondence", moveMs: 1_000, graceMs: 0 } as never,
      },
      [],
    );
    const full = await f.games.getFull(none.id);
    expect(full).toMatchObject({
      game: { id: none.id },
      white: { firstName: "Ann" },
      black: { firstName: "Ben" },
      series: { id: f.seriesId },
    });
    const idle = async (bounds: { none: number; correspondence: number; delay: number }) =>
      (await f.games.idleSince(bounds, false)).map((g) => g.game.id);
    // Each game is idle by its control's kind: "none" for the one with no control stored.
    expect(await idle({ none: 150, correspondence: 50, delay: 50 })).toEqual([none.id]);
    expect(await idle({ none: 50, correspondence: 150, delay: 50 })).toEqual([correspondence.id]);
    expect(await idle({ none: 150, correspondence: 150, delay: 50 })).toEqual([
      none.id,
      correspondence.id,
    ]);
  });

  it("MessageStore finds the boards behind their games: missing, older or of another status", async ({
    database,
  }) => {
    const f = await fixture(database);
    const messages = new MessageStore(database.db);
    const shown = await f.games.insert(f.row, []);
    const behind = await f.games.insert(f.row, []);
    const missing = await f.games.insert(f.row, []);
    await messages.markGameShown(shown.id, shown.version, false, "active");
    await messages.markGameShown(behind.id, behind.version, false, "active");
    expect(await messages.gamesBehindBoard()).toEqual([missing.id]);
    // The same version, another status (a game marked broken keeps its version).
    await f.games.markBroken(behind.id, 9);
    expect(await messages.gamesBehindBoard()).toEqual([behind.id, missing.id]);
  });
});

describe("indexes", () => {
  it("lookups by inline message use the partial indexes, not a table scan", async ({
    database,
  }) => {
    const { db } = await fixture(database);
    const plan = (query: { toSQL(): { sql: string; params: unknown[] } }): string => {
      const { sql, params } = query.toSQL();
      const rows = db.sql.$client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as {
        detail: string;
      }[];
      return rows.map((r) => r.detail).join("; ");
    };
    const games = db.sql
      .select({ id: tgGameBoards.gameId })
      .from(tgGameBoards)
      .where(eq(tgGameBoards.inlineMessageId, "AgAAA"))
      .orderBy(desc(tgGameBoards.gameId))
      .limit(1);
    const cards = db.sql
      .select({ id: tgChallengeCards.challengeId })
      .from(tgChallengeCards)
      .where(eq(tgChallengeCards.inlineMessageId, "AgAAA"))
      .orderBy(desc(tgChallengeCards.challengeId))
      .limit(1);
    expect(plan(games)).toMatch(/USING (COVERING )?INDEX tg_game_boards_inline_idx/);
    expect(plan(cards)).toMatch(/USING (COVERING )?INDEX tg_challenge_cards_inline_idx/);
  });
});
