/**
 * The lobby's seeks in the database: one waiting a person; a compatible seek pairs at once
 * into a rated game with the clock and length asked for; the gap widens with the wait; a
 * seek lapses at ten minutes, is offered the computer after one, and can be cancelled.
 */
import { describe, expect } from "vitest";
import { ServiceContext } from "../../src/services/context.js";
import {
  COMPUTER_OFFER_MS,
  cancelSeek,
  lobbyTick,
  SEEK_LAPSE_MS,
  seek,
} from "../../src/services/lobby/lobby.js";
import { it } from "./fixtures.js";
import { alice, bob, carol, harness, unwrap } from "./helpers.js";

function lobby(label: string) {
  const h = harness({}, label);
  const ctx = new ServiceContext(h.database.db, h.svc.config, h.svc.frontEnd);
  return { ...h, ctx };
}

describe("the lobby", () => {
  it("a compatible seek pairs at once into a rated game with the clock and length asked for", async () => {
    const { ctx, svc, clock } = lobby("lobby-pair");
    const first = unwrap(
      await seek(
        ctx,
        { seeker: alice, variant: "short", matchLength: 3, clock: "blitz" },
        clock.now(),
      ),
    );
    expect(first.kind).toBe("waiting");
    // Another game, length or clock does not meet it.
    for (const other of [
      { variant: "long" as const, matchLength: 3, clock: "blitz" as const },
      { variant: "short" as const, matchLength: 5, clock: "blitz" as const },
      { variant: "short" as const, matchLength: 3, clock: "normal" as const },
    ]) {
      const r = unwrap(await seek(ctx, { seeker: carol, ...other }, clock.now()));
      expect(r.kind).toBe("waiting");
      unwrap(await cancelSeek(ctx, carol.id, clock.now()));
    }
    clock.advance(2_000);
    const second = unwrap(
      await seek(
        ctx,
        { seeker: bob, variant: "short", matchLength: 3, clock: "blitz" },
        clock.now(),
      ),
    );
    expect(second.kind).toBe("paired");
    if (second.kind !== "paired") return;
    const game = (await svc.getGame(second.game.game.id))!;
    expect(game.rated).toBe(true);
    expect(game.rules.match).toEqual({ kind: "points", to: 3 });
    expect(game.timeControl).toMatchObject({ kind: "delay", preset: "blitz", reserveMs: 60_000 });
    expect(new Set([game.white.id, game.black.id])).toEqual(new Set([alice.id, bob.id]));
    expect(await ctx.seeks.get(first.seek.id)).toMatchObject({ status: "paired", gameId: game.id });
    expect(await ctx.seeks.waiting()).toEqual([]);
  });

  it("one waiting seek a person; a lobby game always has a clock", async () => {
    const { ctx, clock } = lobby("lobby-one");
    const a = unwrap(
      await seek(
        ctx,
        { seeker: alice, variant: "long", matchLength: 1, clock: "normal" },
        clock.now(),
      ),
    );
    const again = unwrap(
      await seek(
        ctx,
        { seeker: alice, variant: "short", matchLength: 5, clock: "blitz" },
        clock.now(),
      ),
    );
    expect(again.seek.id).toBe(a.seek.id);
    expect(await ctx.seeks.waiting()).toHaveLength(1);
    const none = await seek(
      ctx,
      { seeker: bob, variant: "long", matchLength: 1, clock: "none" },
      clock.now(),
    );
    expect(none.ok).toBe(false);
    const long = await seek(
      ctx,
      { seeker: bob, variant: "long", matchLength: 99, clock: "blitz" },
      clock.now(),
    );
    expect(long.ok).toBe(false);
  });

  it("the computer is offered after a minute, the seek lapses at ten; a cancelled one is gone", async () => {
    const { ctx, clock } = lobby("lobby-lapse");
    const start = clock.now();
    const a = unwrap(
      await seek(ctx, { seeker: alice, variant: "short", matchLength: 1, clock: "blitz" }, start),
    );
    expect((await lobbyTick(ctx, start + COMPUTER_OFFER_MS - 1)).offered).toEqual([]);
    expect((await lobbyTick(ctx, start + COMPUTER_OFFER_MS)).offered.map((s) => s.id)).toEqual([
      a.seek.id,
    ]);
    // Offered once.
    expect((await lobbyTick(ctx, start + COMPUTER_OFFER_MS + 1_000)).offered).toEqual([]);
    expect((await lobbyTick(ctx, start + SEEK_LAPSE_MS - 1)).lapsed).toEqual([]);
    expect((await lobbyTick(ctx, start + SEEK_LAPSE_MS)).lapsed.map((s) => s.id)).toEqual([
      a.seek.id,
    ]);
    expect((await ctx.seeks.get(a.seek.id))!.status).toBe("lapsed");
    unwrap(
      await seek(ctx, { seeker: bob, variant: "short", matchLength: 1, clock: "blitz" }, start),
    );
    expect(unwrap(await cancelSeek(ctx, bob.id, start)).status).toBe("cancelled");
    expect((await cancelSeek(ctx, bob.id, start)).ok).toBe(false);
  });
});
