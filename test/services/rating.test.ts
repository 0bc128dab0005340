/**
 * The rating across chats (src/services/rating.ts): rated games move it by FIBS's formula,
 * written again here from its published form; friends' games in a chat do not.
 */
import { describe, expect } from "vitest";
import { monthStart, storeFailure } from "../../src/db/index.js";
import { type Action, mayDouble } from "../../src/engine/index.js";
import { ServiceContext } from "../../src/services/context.js";
import { recordFinish } from "../../src/services/finish.js";
import type { ActOutcome, GameService, GameView, PlayerRef } from "../../src/services/index.js";
import { rateFinish } from "../../src/services/rating.js";
import { pickAction, prng } from "./driver.js";
import { it } from "./fixtures.js";
import { alice, bob, CHAT, carol, HOUR, harness, unwrap } from "./helpers.js";

const dan: PlayerRef = { id: 404, firstName: "Dan" };
const TO_3 = { scoring: "oin", cube: true, match: { kind: "points", to: 3 } };
const DAY = 24 * HOUR;

/** FIBS as published: the change to [winner, loser] after a match of length n. */
function fibs(
  winner: { rating: number; experience: number },
  loser: { rating: number; experience: number },
  n: number,
): [number, number] {
  const d = Math.abs(winner.rating - loser.rating);
  const underdog = 1 / (10 ** ((d * Math.sqrt(n)) / 2000) + 1);
  const upset = winner.rating >= loser.rating ? underdog : 1 - underdog;
  const factor = (e: number) => Math.max(1, 5 - e / 100);
  return [
    4 * Math.sqrt(n) * upset * factor(winner.experience),
    -4 * Math.sqrt(n) * upset * factor(loser.experience),
  ];
}

/** `challenger` challenges anyone in the chat; `accepter` takes it. */
async function game(
  svc: GameService,
  challenger: PlayerRef,
  accepter: PlayerRef,
  { rated = true, variant = "long" as "long" | "short", rules = undefined as unknown } = {},
): Promise<GameView> {
  const c = unwrap(await svc.createChallenge({ challenger, chat: CHAT, variant, rules, rated }));
  expect(c.rated).toBe(rated);
  const g = unwrap(await svc.acceptChallenge(c.id, accepter)).game;
  expect(g.rated).toBe(rated);
  return g;
}

/** `loser` gives up (short nardy: a single, accepted). */
async function resign(svc: GameService, g: GameView, loser: PlayerRef): Promise<ActOutcome> {
  const kind = g.variant === "short" ? "single" : undefined;
  const r = unwrap(await svc.act(g.id, loser.id, { type: "resign", kind }, g.version));
  if (r.finished) return r;
  const other = loser.id === g.white.id ? g.black.id : g.white.id;
  return unwrap(await svc.act(g.id, other, { type: "accept-resign" }, r.game.version));
}

const standingOf = async (svc: GameService, p: PlayerRef, variant: "long" | "short" = "long") => {
  const r = await svc.ratingOf(p.id, variant);
  return { rating: r.rating, experience: r.experience, matches: r.matches };
};

describe("the rating across chats", () => {
  it("a rated single game moves both ratings exactly by the formula", async () => {
    const { svc, clock } = harness({}, "rating-single");
    const g1 = await game(svc, alice, bob);
    const f1 = (await resign(svc, g1, alice)).finished!;
    // Two newcomers at 1500: 4·√1·0.5·5 = 10 each way.
    const [w1, l1] = fibs({ rating: 1500, experience: 0 }, { rating: 1500, experience: 0 }, 1);
    expect([w1, l1]).toEqual([10, -10]);
    expect(await standingOf(svc, bob)).toEqual({ rating: 1500 + w1, experience: 1, matches: 1 });
    expect(await standingOf(svc, alice)).toEqual({ rating: 1500 + l1, experience: 1, matches: 1 });
    expect(f1.rated).toEqual([
      { userId: bob.id, variant: "long", before: 1500, after: 1510, matchLength: 1 },
      { userId: alice.id, variant: "long", before: 1500, after: 1490, matchLength: 1 },
    ]);
    // The other game's rating is its own.
    expect(await standingOf(svc, bob, "short")).toEqual({
      rating: 1500,
      experience: 0,
      matches: 0,
    });
    expect((await svc.ratingOf(bob.id, "long")).updatedAt).toBe(clock.now());

    // The rematch is rated too, and the next change starts from the ratings as they stand.
    clock.advance(HOUR);
    const g2 = unwrap(await svc.rematch(g1.id, alice)).game;
    expect(g2.rated).toBe(true);
    await resign(svc, g2, bob);
    const [w2, l2] = fibs({ rating: 1490, experience: 1 }, { rating: 1510, experience: 1 }, 1);
    expect(w2).toBeCloseTo(4 * (1 - 1 / (10 ** (20 / 2000) + 1)) * 4.99, 12);
    expect((await svc.ratingOf(alice.id, "long")).rating).toBeCloseTo(1490 + w2, 9);
    expect((await svc.ratingOf(bob.id, "long")).rating).toBeCloseTo(1510 + l2, 9);
    expect(await svc.ratingHistory(alice.id, "long", 10)).toEqual([
      { at: clock.now() - HOUR, rating: 1490, delta: -10, gameId: g1.id, matchLength: 1 },
      {
        at: clock.now(),
        rating: expect.closeTo(1490 + w2, 9),
        delta: expect.closeTo(w2, 9),
        gameId: g2.id,
        matchLength: 1,
      },
    ]);
    // The last ones, oldest first.
    expect((await svc.ratingHistory(alice.id, "long", 1)).map((p) => p.gameId)).toEqual([g2.id]);
  });

  it("a short-nardy game with the cube turned counts as one game, whatever its points", async () => {
    const { svc } = harness({}, "rating-cube");
    let g = await game(svc, alice, bob, { variant: "short" });
    const rand = prng(7);
    // Double at once, take: then the side to roll gives up a single at the cube's value.
    for (let i = 0; g.state.cube.value < 2 || g.state.phase !== "roll"; i++) {
      if (i > 2000) throw new Error("the cube never turned");
      const who = g.waitingFor!;
      const a: Action = mayDouble(g.state)
        ? { type: "double" }
        : pickAction(g, rand, { double: 1, take: 1, resign: 0 });
      g = unwrap(await svc.act(g.id, who, a, g.version)).game;
    }
    const loser = g.waitingFor === alice.id ? alice : bob;
    const f = (await resign(svc, g, loser)).finished!;
    expect(f.result.points).toBeGreaterThanOrEqual(2);
    const winner = loser === alice ? bob : alice;
    expect(await standingOf(svc, winner, "short")).toEqual({
      rating: 1510,
      experience: 1,
      matches: 1,
    });
    expect(await standingOf(svc, loser, "short")).toEqual({
      rating: 1490,
      experience: 1,
      matches: 1,
    });
    expect((await standingOf(svc, winner, "long")).matches).toBe(0);
  });

  it("an unrated chat game moves nothing", async () => {
    const { svc } = harness({}, "rating-unrated");
    const g = await game(svc, alice, bob, { rated: false });
    const f = (await resign(svc, g, alice)).finished!;
    expect(f.rated).toBeNull();
    // The chat's own Elo moved, as ever.
    expect(f.ratings.find((r) => r.userId === bob.id)!.after).toBeGreaterThan(1500);
    for (const p of [alice, bob])
      expect(await svc.ratingOf(p.id, "long")).toEqual({
        userId: p.id,
        variant: "long",
        rating: 1500,
        experience: 0,
        matches: 0,
        updatedAt: null,
      });
    expect(await svc.ratingHistory(bob.id, "long", 10)).toEqual([]);
    expect(await svc.ratingLeaderboard("long", { limit: 10 })).toEqual([]);
    // A rematch stays unrated.
    expect(unwrap(await svc.rematch(g.id, alice)).game.rated).toBe(false);
  });

  it("a 3-point rated match is rated once, at its end, as a match to 3", async () => {
    const { svc } = harness({}, "rating-match");
    let g = await game(svc, alice, bob, { rules: TO_3 });
    // Bob wins 1, 2 and (the Crawford game) 3 points.
    for (let i = 0; i < 3; i++) {
      if (i > 0) g = unwrap(await svc.rematch(g.id, alice)).game;
      expect(g.rated).toBe(true);
      const f = (await resign(svc, g, alice)).finished!;
      expect(f.series.state.scores[1]).toBe(i + 1);
      if (i < 2) {
        expect(f.rated).toBeNull();
        expect(await standingOf(svc, bob)).toEqual({ rating: 1500, experience: 0, matches: 0 });
      } else expect(f.series.over).toBe(true);
    }
    const [w, l] = fibs({ rating: 1500, experience: 0 }, { rating: 1500, experience: 0 }, 3);
    expect(w).toBeCloseTo(17.320508, 6);
    expect(await standingOf(svc, bob)).toEqual({ rating: 1500 + w, experience: 3, matches: 1 });
    expect(await standingOf(svc, alice)).toEqual({ rating: 1500 + l, experience: 3, matches: 1 });
    expect(await svc.ratingHistory(bob.id, "long", 10)).toEqual([
      { at: expect.any(Number), rating: 1500 + w, delta: w, gameId: g.id, matchLength: 3 },
    ]);

    // Experience adds up by match length: a single game next counts 1, at factor 5 − 3/100.
    const single = await game(svc, bob, alice);
    await resign(svc, single, bob);
    const [w2, l2] = fibs(
      { rating: 1500 + l, experience: 3 },
      { rating: 1500 + w, experience: 3 },
      1,
    );
    expect(await standingOf(svc, alice)).toEqual({
      rating: expect.closeTo(1500 + l + w2, 9),
      experience: 4,
      matches: 2,
    });
    expect(await standingOf(svc, bob)).toEqual({
      rating: expect.closeTo(1500 + w + l2, 9),
      experience: 4,
      matches: 2,
    });
  });

  it("a set of games is rated game by game, each counting 1", async () => {
    const { svc } = harness({}, "rating-set");
    const g = await game(svc, alice, bob, { rules: { match: { kind: "games", count: 3 } } });
    const f = (await resign(svc, g, alice)).finished!;
    expect(f.series.over).toBe(false);
    expect(f.rated?.map((m) => m.matchLength)).toEqual([1, 1]);
    expect(await standingOf(svc, bob)).toEqual({ rating: 1510, experience: 1, matches: 1 });
  });

  it("a match begun between friends is not rated at its end, even if its last games were", async () => {
    const { svc } = harness({}, "rating-half-match");
    const g1 = await game(svc, alice, bob, { rules: TO_3, rated: false });
    await resign(svc, g1, alice);
    // A rated challenge between the two with the same rules goes on with that match.
    let g = await game(svc, alice, bob, { rules: TO_3 });
    expect(g.seriesId).toBe(g1.seriesId);
    let f = (await resign(svc, g, alice)).finished!;
    g = unwrap(await svc.rematch(g.id, alice)).game;
    f = (await resign(svc, g, alice)).finished!;
    expect(f.series.over).toBe(true);
    expect(f.rated).toBeNull();
    expect(await standingOf(svc, bob)).toEqual({ rating: 1500, experience: 0, matches: 0 });
  });

  it("a draw, a game dropped or broken, and an unconfirmed player's game are not rated", async () => {
    const { svc, database, clock } = harness({}, "rating-unrated-ends");
    const g = await game(svc, alice, bob);
    await resign(svc, g, alice);
    // Forget that it was rated, to try its finish again as other ends.
    await database.db.run(async (db, t) => {
      await db.delete(t.ratingHistory);
      await db.delete(t.ratings);
    });
    const ctx = new ServiceContext(database.db, svc.config, svc.frontEnd);
    const row = (await ctx.games.get(g.id))!;
    const s = (await ctx.series.get(row.seriesId))!;
    const result = row.state.result!;
    const draw = { ...result, winner: null, kind: "draw" as const, points: 0 };
    const rate = (r: typeof row) => ctx.tx(async (t) => rateFinish(t, r, s, s.state, clock.now()));
    expect(await rate({ ...row, state: { ...row.state, result: draw } })).toBeNull();
    expect(await rate({ ...row, status: "abandoned" })).toBeNull();
    expect(await rate({ ...row, status: "broken" })).toBeNull();
    expect(await rate({ ...row, unconfirmedId: bob.id })).toBeNull();
    expect(await rate({ ...row, rated: false })).toBeNull();
    expect((await standingOf(svc, bob)).matches).toBe(0);
    // The same finish as it was: rated.
    expect((await rate(row))?.map((m) => [m.userId, m.after])).toEqual([
      [bob.id, 1510],
      [alice.id, 1490],
    ]);
  });

  it("a finish seen again rates nothing twice", async () => {
    const { svc, database, clock } = harness({}, "rating-replay");
    const g = await game(svc, alice, bob);
    await resign(svc, g, alice);
    const before = [await standingOf(svc, alice), await standingOf(svc, bob)];
    const ctx = new ServiceContext(database.db, svc.config, svc.frontEnd);
    const row = (await ctx.games.get(g.id))!;
    clock.advance(HOUR);
    const again = await ctx.tx(async (t) => recordFinish(t, row, clock.now()));
    expect(again.rated).toBeNull();
    expect([await standingOf(svc, alice), await standingOf(svc, bob)]).toEqual(before);
    const rows = await database.db.run(async (db, t) => ({
      history: await db.select().from(t.ratingHistory),
      ratings: await db.select().from(t.ratings),
    }));
    expect(rows.history).toHaveLength(2);
    expect(rows.ratings).toHaveLength(2);
    // The database itself keeps one line per game and player.
    const refused = await ctx
      .tx((t) =>
        t.ratings.record({
          userId: bob.id,
          variant: "long",
          rating: 1600,
          delta: 90,
          experience: 2,
          matches: 2,
          gameId: g.id,
          matchLength: 1,
          at: clock.now(),
        }),
      )
      .then(
        () => null,
        (e: unknown) => storeFailure(e),
      );
    expect(refused).toBe("unique");
    expect((await standingOf(svc, bob)).rating).toBe(1510);
  });

  it("leaderboards: all time by rating, this month by the rating gained, ties by rating", async () => {
    const { svc, clock } = harness({}, "rating-boards");
    // January: Bob beats Alice, Carol beats Dan (newcomers: ±10); Carol and Dan play short too.
    await resign(svc, await game(svc, alice, bob), alice);
    await resign(svc, await game(svc, dan, carol), dan);
    await resign(svc, await game(svc, dan, carol, { variant: "short" }), carol);
    // A friends' game does not put anyone on the board.
    const friends = { id: 505, firstName: "Eve" };
    await resign(svc, await game(svc, friends, alice, { rated: false, variant: "short" }), friends);
    const january = monthStart(clock.now());
    expect(january).toBe(Date.UTC(2025, 0, 1));

    // February: Bob beats Carol (1510 each), Alice beats Dan (1490 each): ±9.98 all round.
    clock.advance(40 * DAY);
    const february = monthStart(clock.now());
    expect(february).toBe(Date.UTC(2025, 1, 1));
    await resign(svc, await game(svc, carol, bob), carol);
    await resign(svc, await game(svc, dan, alice), dan);

    const board = (rows: Awaited<ReturnType<GameService["ratingLeaderboard"]>>) =>
      rows.map((r) => [r.player.firstName, Number(r.rating.toFixed(2)), r.matches, r.gained]);
    expect(board(await svc.ratingLeaderboard("long", { limit: 10 }))).toEqual([
      ["Bob", 1519.98, 2, null],
      ["Carol", 1500.02, 2, null],
      ["Alice", 1499.98, 2, null],
      ["Dan", 1480.02, 2, null],
    ]);
    // Any moment of the month names it.
    const month = await svc.ratingLeaderboard("long", { month: clock.now(), limit: 10 });
    // Bob and Alice gained the same: Bob, rated higher, first (not Alice, the lower id).
    expect(month.map((r) => [r.player.firstName, Number(r.gained!.toFixed(2))])).toEqual([
      ["Bob", 9.98],
      ["Alice", 9.98],
      ["Carol", -9.98],
      ["Dan", -9.98],
    ]);
    expect(month[0]!.gained).toBe(month[1]!.gained);
    expect(await svc.ratingLeaderboard("long", { month: february, limit: 2 })).toHaveLength(2);
    // Each month's sums against the history's own changes in it.
    for (const m of [january, february]) {
      const board = await svc.ratingLeaderboard("long", { month: m, limit: 10 });
      for (const row of board) {
        const changes = (await svc.ratingHistory(row.player.id, "long", 100)).filter(
          (h) => monthStart(h.at) === m,
        );
        expect(row.gained).toBeCloseTo(
          changes.reduce((sum, h) => sum + h.delta, 0),
          9,
        );
      }
    }
    // January is its own month: its gains, ties by the rating now.
    const jan = await svc.ratingLeaderboard("long", { month: january, limit: 10 });
    expect(jan.map((r) => [r.player.firstName, Number(r.gained!.toFixed(2))])).toEqual([
      ["Bob", 10],
      ["Carol", 10],
      ["Alice", -10],
      ["Dan", -10],
    ]);
    // Short nardy's board is its own: Carol and Dan only, this month empty.
    expect(board(await svc.ratingLeaderboard("short", { limit: 10 }))).toEqual([
      ["Dan", 1510, 1, null],
      ["Carol", 1490, 1, null],
    ]);
    expect(await svc.ratingLeaderboard("short", { month: february, limit: 10 })).toEqual([]);
  });
});
