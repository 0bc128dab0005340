/**
 * A lobby match belongs to one pairing: a new pairing of the same two people is a new match
 * from 0:0, and two people in a lobby game together are not paired into a second one (nor is
 * a row left behind trying).
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { ServiceContext } from "../../src/services/context.js";
import {
  joinSeek,
  lobbyTick,
  NEXT_GAME_DELAY_MS,
  type SeekOutcome,
  seek,
} from "../../src/services/lobby/lobby.js";
import type { PlayerRef } from "../../src/services/types.js";
import { it } from "./fixtures.js";
import { alice, bob, CHAT, carol, HOUR, harness, unwrap } from "./helpers.js";

function lobby(label: string) {
  const h = harness({}, label);
  const ctx = new ServiceContext(h.database.db, h.svc.config, h.svc.frontEnd);
  const seekFor = async (seeker: PlayerRef): Promise<SeekOutcome> =>
    unwrap(
      await seek(ctx, { seeker, variant: "long", matchLength: 3, clock: "normal" }, h.clock.now()),
    );
  return { ...h, ctx, seekFor };
}

const gameOf = (o: SeekOutcome) => {
  if (o.kind !== "paired") throw new Error(`not paired: ${o.kind}`);
  return o.game.game;
};

describe("lobby matches", () => {
  it("a new pairing of the same two is a new match from 0:0; the old one ends unrated", async () => {
    const { svc, clock, seekFor, database } = lobby("lobby-new-match");
    await seekFor(alice);
    const first = (await svc.beginIn(gameOf(await seekFor(bob)))).game;
    // Bob resigns the first game: Alice leads the match to 3.
    const over = unwrap(await svc.act(first.id, bob.id, { type: "resign" }, first.version)).game;
    expect(over.status).toBe("finished");
    expect(over.final?.over).toBe(false);
    expect(over.winnerId).toBe(alice.id);
    clock.advance(60_000);
    await seekFor(bob);
    const second = gameOf(await seekFor(alice));
    expect(second.seriesId).not.toBe(first.seriesId);
    expect(second.score).toEqual({ white: 0, black: 0 });
    expect(second.rules.match).toEqual({ kind: "points", to: 3 });
    const [old] = await database.db.run((db, { series }) =>
      db.select().from(series).where(eq(series.id, first.seriesId)),
    );
    expect(old?.status).toBe("finished");
  });

  it("two in a lobby game together are not paired again while it runs, and no row is left", async () => {
    const { ctx, clock, seekFor, database } = lobby("lobby-playing");
    await seekFor(alice);
    gameOf(await seekFor(bob));
    const challenges = () => database.db.run((db, t) => db.select().from(t.challenges));
    const before = await challenges();
    // Both seek again with the game running: they wait, tick after tick, and nothing is stored.
    expect((await seekFor(alice)).kind).toBe("waiting");
    expect((await seekFor(bob)).kind).toBe("waiting");
    for (let i = 0; i < 5; i++) {
      clock.advance(1_000);
      expect((await lobbyTick(ctx, clock.now())).paired).toEqual([]);
    }
    expect(await challenges()).toEqual(before);
    // Someone else meets either of them at once.
    const third = gameOf(await seekFor(carol));
    expect([third.white.id, third.black.id]).toContain(carol.id);
  });
});

describe("a lobby match goes on by itself", () => {
  async function firstGameOver(label: string) {
    const h = lobby(label);
    await h.seekFor(alice);
    const first = (await h.svc.beginIn(gameOf(await h.seekFor(bob)))).game;
    const over = unwrap(await h.svc.act(first.id, bob.id, { type: "resign" }, first.version)).game;
    expect(over.final?.over).toBe(false);
    return { ...h, over };
  }

  it("its next game starts a few seconds after the last, once, in the same match", async () => {
    const { ctx, svc, clock, over } = await firstGameOver("lobby-next");
    // Neither player picks the moment: a press for the next game is refused.
    for (const who of [alice, bob]) {
      const r = await svc.rematch(over.id, who);
      expect(r.ok ? null : r.error.code).toBe("lobby-next-game");
    }
    clock.advance(NEXT_GAME_DELAY_MS - 1_000);
    expect((await lobbyTick(ctx, clock.now())).next).toEqual([]);
    clock.advance(1_000);
    const [next, ...more] = (await lobbyTick(ctx, clock.now())).next;
    expect(more).toEqual([]);
    expect(next?.game).toMatchObject({ previousGameId: over.id, seriesId: over.seriesId });
    // The score goes on, each player's own (colours may change between games).
    const ended = (id: number) => (over.white.id === id ? over.final!.white : over.final!.black);
    const starts = (id: number) =>
      next!.game.white.id === id ? next!.game.score.white : next!.game.score.black;
    expect([starts(alice.id), starts(bob.id)]).toEqual([ended(alice.id), ended(bob.id)]);
    expect(ended(alice.id)).toBeGreaterThan(0);
    // Nobody started it: its start event names no one.
    const begun = await svc.beginIn(next!.game);
    expect(begun.events[0]?.type).toBe("start");
    expect(begun.events[0]?.actorId).toBeNull();
    // Later ticks start nothing more.
    clock.advance(5_000);
    expect((await lobbyTick(ctx, clock.now())).next).toEqual([]);
  });

  it("a match whose players came back days later is not taken up: the leader loses nothing", async () => {
    const { ctx, svc, clock, over } = await firstGameOver("lobby-ambush");
    const leader = over.winnerId === alice.id ? alice : bob;
    const trailer = leader === alice ? bob : alice;
    // The bot was down, or nobody ticked, for two days.
    clock.advance(2 * 24 * HOUR);
    expect((await lobbyTick(ctx, clock.now())).next).toEqual([]);
    const r = await svc.rematch(over.id, trailer);
    expect(r.ok ? null : r.error.code).toBe("lobby-next-game");
    expect(await svc.activeGamesAnywhere(leader.id)).toEqual([]);
  });
});

describe("rated matches between one pair are bounded", () => {
  /** FIBS as published: the underdog wins with 1/(10^(D·√N/2000) + 1); the move 4·√N·(1 − p)·f. */
  function fibsWin(winner: Standing, loser: Standing): [Standing, Standing] {
    const d = Math.abs(winner.rating - loser.rating);
    const underdog = 1 / (10 ** (d / 2000) + 1);
    const pWinner = winner.rating >= loser.rating ? 1 - underdog : underdog;
    const factor = (s: Standing) => Math.max(1, 5 - s.experience / 100);
    const swing = 4 * (1 - pWinner);
    return [
      { rating: winner.rating + swing * factor(winner), experience: winner.experience + 1 },
      { rating: loser.rating - swing * factor(loser), experience: loser.experience + 1 },
    ];
  }
  interface Standing {
    readonly rating: number;
    readonly experience: number;
  }

  it("twenty single-game matches in twenty minutes: three are rated, the rest say so and move nothing", async () => {
    const { ctx, svc, clock } = lobby("lobby-farm");
    const single = (seeker: PlayerRef) =>
      seek(ctx, { seeker, variant: "long", matchLength: 1, clock: "normal" }, clock.now());
    let a: Standing = { rating: 1500, experience: 0 };
    let b: Standing = { rating: 1500, experience: 0 };
    const rated: boolean[] = [];
    for (let i = 0; i < 20; i++) {
      unwrap(await single(alice));
      // Ratings drift apart as Alice wins: a few seconds' wait widens the gap enough.
      clock.advance(10_000);
      const game = (await svc.beginIn(gameOf(unwrap(await single(bob))))).game;
      rated.push(game.rated);
      unwrap(await svc.act(game.id, bob.id, { type: "resign" }, game.version));
      if (game.rated) [a, b] = fibsWin(a, b);
      clock.advance(50_000);
    }
    expect(rated).toEqual([true, true, true, ...Array(17).fill(false)]);
    const got = await svc.ratingOf(alice.id, "long");
    expect(got.rating).toBeCloseTo(a.rating, 9);
    expect(got.experience).toBe(3);
    expect((await svc.ratingOf(bob.id, "long")).rating).toBeCloseTo(b.rating, 9);
    // A day on, the pair may play rated matches again.
    clock.advance(24 * HOUR);
    unwrap(await single(alice));
    clock.advance(10_000);
    expect(gameOf(unwrap(await single(bob))).rated).toBe(true);
  });

  it("a join from the list is rated only within the gap a pairing would allow", async () => {
    const { ctx, svc, clock } = lobby("lobby-join-gap");
    // Alice stands at 1700: a line of history as a rated match would leave, on a friends' game.
    const c = unwrap(await svc.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }));
    const friends = unwrap(await svc.acceptChallenge(c.id, carol)).game;
    await ctx.ratings.record({
      userId: alice.id,
      variant: "long",
      rating: 1700,
      delta: 200,
      experience: 500,
      matches: 100,
      gameId: friends.id,
      matchLength: 1,
      at: clock.now(),
    });
    const terms = { variant: "long" as const, matchLength: 1, clock: "normal" as const };
    const wanted = unwrap(await seek(ctx, { seeker: alice, ...terms }, clock.now()));
    // 200 apart, at once: the gap is 50, so Bob's join is played unrated.
    const early = unwrap(await joinSeek(ctx, bob, wanted.seek.id, clock.now()));
    expect(early.game.game.rated).toBe(false);
    const over = (await svc.beginIn(early.game.game)).game;
    unwrap(await svc.act(over.id, bob.id, { type: "resign" }, over.version));
    // After 20 s of waiting the gap is 250: Carol's join of the same kind is rated.
    const again = unwrap(await seek(ctx, { seeker: alice, ...terms }, clock.now()));
    clock.advance(20_000);
    expect(unwrap(await joinSeek(ctx, carol, again.seek.id, clock.now())).game.game.rated).toBe(
      true,
    );
  });
});
