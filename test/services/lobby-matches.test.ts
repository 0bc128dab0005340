/**
 * A lobby match belongs to one pairing: a new pairing of the same two people is a new match
 * from 0:0, and two people in a lobby game together are not paired into a second one (nor is
 * a row left behind trying).
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { challenges, series } from "../../src/db/schema.js";
import { ServiceContext } from "../../src/services/context.js";
import { lobbyTick, type SeekOutcome, seek } from "../../src/services/lobby/lobby.js";
import type { PlayerRef } from "../../src/services/types.js";
import { it } from "./fixtures.js";
import { alice, bob, carol, harness, unwrap } from "./helpers.js";

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
