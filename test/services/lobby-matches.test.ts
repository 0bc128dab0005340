/**
 * A lobby match belongs to one pairing: a new pairing of the same two people is a new match
 * from 0:0, and two people in a lobby game together are not paired into a second one (nor is
 * a row left behind trying).
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { challenges, series } from "../../src/db/schema.js";
import { ServiceContext } from "../../src/services/context.js";
import {
  lobbyTick,
  NEXT_GAME_DELAY_MS,
  type SeekOutcome,
  seek,
} from "../../src/services/lobby/lobby.js";
import type { PlayerRef } from "../../src/services/types.js";
import { it } from "./fixtures.js";
import { alice, bob, carol, HOUR, harness, unwrap } from "./helpers.js";

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
    const [old] = await database.db.sql.select().from(series).where(eq(series.id, first.seriesId));
    expect(old?.status).toBe("finished");
  });

  it("two in a lobby game together are not paired again while it runs, and no row is left", async () => {
    const { ctx, clock, seekFor, database } = lobby("lobby-playing");
    await seekFor(alice);
    gameOf(await seekFor(bob));
    const before = await database.db.sql.select().from(challenges);
    // Both seek again with the game running: they wait, tick after tick, and nothing is stored.
    expect((await seekFor(alice)).kind).toBe("waiting");
    expect((await seekFor(bob)).kind).toBe("waiting");
    for (let i = 0; i < 5; i++) {
      clock.advance(1_000);
      expect((await lobbyTick(ctx, clock.now())).paired).toEqual([]);
    }
    expect(await database.db.sql.select().from(challenges)).toEqual(before);
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
    const after = (id: number) => (over.white.id === id ? over.final!.white : over.final!.black);
    const before = (id: number) =>
      next!.game.white.id === id ? next!.game.score.white : next!.game.score.black;
    expect([before(alice.id), before(bob.id)]).toEqual([after(alice.id), after(bob.id)]);
    expect(after(alice.id)).toBeGreaterThan(0);
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
