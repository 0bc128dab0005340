/**
 * Joining a listed seek (the board page's one-tap Join): paired at once into the seek's
 * rated, clocked game, told and shown as any pairing; a seek gone, one's own, one of someone
 * blocked, or nonsense is refused and changes nothing; two joins at once make one game. The
 * list: others' waiting seeks, nearest the viewer's rating, at most fifty.
 */
import { describe, expect } from "vitest";
import type { SeekRow } from "../../src/db/index.js";
import { ServiceContext } from "../../src/services/context.js";
import type { News, PlayerRef } from "../../src/services/index.js";
import { LobbyService } from "../../src/services/index.js";
import { joinSeek, SEEK_LAPSE_MS, seek } from "../../src/services/lobby/lobby.js";
import { it } from "./fixtures.js";
import { alice, bob, carol, harness, unwrap } from "./helpers.js";

function lobby(label: string) {
  const h = harness({}, label);
  const news: News[] = [];
  const ctx = new ServiceContext(h.database.db, h.svc.config, h.svc.frontEnd);
  const service = new LobbyService(h.database.db, h.svc, (n) => void news.push(n));
  return { ...h, ctx, service, news };
}

type Lobby = ReturnType<typeof lobby>;

const person = (id: number, firstName = `P${id}`): PlayerRef => ({ id, firstName });

/** Gives `who` a stored rating in the game, as if after rated matches. */
async function rate(
  l: Lobby,
  who: PlayerRef,
  variant: "long" | "short",
  rating: number,
): Promise<void> {
  await l.ctx.players.upsert(who, l.clock.now());
  await l.database.db.run((db, t) =>
    db
      .insert(t.ratings)
      .values({ userId: who.id, variant, rating, experience: 10, matches: 3, updatedAt: 0 }),
  );
}

/** What is stored of the lobby now: every seek and every game. */
const snapshot = async (l: Lobby) => ({
  seeks: (await l.ctx.seeks.waiting()).map((s) => [s.id, s.status]),
  games: await l.svc.activeGameIds(),
});

describe("joining a seek", () => {
  it("pairs the two at once on the seek's terms; both are told, the game announced as any pairing", async () => {
    const l = lobby("join-pair");
    const { service, svc, ctx, news } = l;
    const a = unwrap(
      await service.seek({ seeker: alice, variant: "long", matchLength: 3, clock: "blitz" }),
    );
    // Bob waits for another game: joining ends that search in the same transaction.
    const own = unwrap(
      await service.seek({ seeker: bob, variant: "short", matchLength: 1, clock: "normal" }),
    );
    expect([a.kind, own.kind]).toEqual(["waiting", "waiting"]);
    const joined = unwrap(await service.join(bob, a.seek.id));
    const game = (await svc.getGame(joined.game.game.id))!;
    expect(game.rated).toBe(true);
    expect(game.chatId).toBeNull();
    expect(game.variant).toBe("long");
    expect(game.rules.match).toEqual({ kind: "points", to: 3 });
    expect(game.timeControl).toMatchObject({ kind: "delay", preset: "blitz" });
    expect(new Set([game.white.id, game.black.id])).toEqual(new Set([alice.id, bob.id]));
    expect(await ctx.seeks.get(a.seek.id)).toMatchObject({ status: "paired", gameId: game.id });
    expect(await ctx.seeks.get(joined.seek.id)).toMatchObject({
      userId: bob.id,
      status: "paired",
      gameId: game.id,
      variant: "long",
      matchLength: 3,
      clock: "blitz",
    });
    expect((await ctx.seeks.get(own.seek.id))!.status).toBe("cancelled");
    expect(await ctx.seeks.waiting()).toEqual([]);
    // The seekers' news (the bot tells each in their private chat) and the game's (its boards).
    const told = news.filter((n) => n.kind === "lobby");
    expect(told.map((n) => n.kind === "lobby" && [n.what, n.seek.userId, n.gameId])).toEqual([
      ["paired", alice.id, game.id],
      ["paired", bob.id, game.id],
    ]);
    // Announced as any new game: its first message posted (here at once), so it has begun.
    expect((await svc.getGame(game.id))!.starting).toBe(false);
    expect(await service.latestSeekOf(bob.id)).toMatchObject({
      id: joined.seek.id,
      status: "paired",
    });
  });

  it("refuses a seek gone, one's own, one of someone blocked, and nonsense: nothing changes", async () => {
    const l = lobby("join-refused");
    const { service, ctx, clock } = l;
    const a = unwrap(
      await service.seek({ seeker: alice, variant: "short", matchLength: 1, clock: "normal" }),
    );
    const b = unwrap(
      await service.seek({ seeker: bob, variant: "long", matchLength: 5, clock: "casual" }),
    );
    const before = await snapshot(l);
    const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? "ok" : r.error!.code);
    expect(code(await service.join(alice, a.seek.id))).toBe("self-challenge");
    for (const none of [999_999, 0, -1])
      expect(code(await service.join(carol, none))).toBe("not-found");
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, "1" as unknown as number])
      expect(code(await service.join(carol, bad))).toBe("bad-input");
    expect(code(await service.join({ id: "x" } as unknown as PlayerRef, a.seek.id))).toBe(
      "bad-input",
    );
    expect(await snapshot(l)).toEqual(before);
    expect(await service.waitingOf(carol.id)).toBeNull();
    // Alice blocked Bob once: neither may join the other's seek, nor sees it listed.
    await ctx.players.upsert(carol, clock.now());
    await ctx.strangers.block(alice.id, bob.id, null, clock.now());
    expect(code(await service.join(alice, b.seek.id))).toBe("not-found");
    expect(code(await service.join(bob, a.seek.id))).toBe("not-found");
    expect((await service.openSeeks(alice.id)).map((s) => s.id)).toEqual([]);
    expect((await service.openSeeks(carol.id)).map((s) => s.id).sort()).toEqual(
      [a.seek.id, b.seek.id].sort(),
    );
    // Bob's waiting seek stayed: a refused join ends nothing of the joiner's either.
    expect((await service.waitingOf(bob.id))?.id).toBe(b.seek.id);
    // Cancelled, or lapsed by the clock though no tick has ended it yet: gone.
    unwrap(await service.cancel(alice.id));
    expect(code(await service.join(carol, a.seek.id))).toBe("not-found");
    clock.advance(SEEK_LAPSE_MS);
    expect(code(await service.join(carol, b.seek.id))).toBe("not-found");
    expect(await service.openSeeks(carol.id)).toEqual([]);
    expect(await l.svc.activeGameIds()).toEqual([]);
    expect(await service.waitingOf(carol.id)).toBeNull();
  });

  it("two joins at once make one game: the one that finds the seek taken makes nothing and keeps its own search", async () => {
    const l = lobby("join-race");
    const { ctx, clock, svc } = l;
    const a = unwrap(
      await seek(
        ctx,
        { seeker: alice, variant: "short", matchLength: 1, clock: "blitz" },
        clock.now(),
      ),
    );
    const carolsOwn = unwrap(
      await seek(
        ctx,
        { seeker: carol, variant: "long", matchLength: 1, clock: "normal" },
        clock.now(),
      ),
    );
    // Carol's request read the seek while it waited (as a second process would), and acts
    // after Bob's join took it.
    const seen: SeekRow = structuredClone((await ctx.seeks.get(a.seek.id))!);
    const first = unwrap(await joinSeek(ctx, bob, a.seek.id, clock.now()));
    const stale = new ServiceContext(l.database.db, svc.config, svc.frontEnd);
    const get = stale.seeks.get.bind(stale.seeks);
    stale.seeks.get = async (id: number) => (id === seen.id ? seen : await get(id));
    const second = await joinSeek(stale, carol, a.seek.id, clock.now());
    expect(second.ok).toBe(false);
    expect(second.ok || second.error.code).toBe("not-found");
    expect(await svc.activeGameIds()).toEqual([first.game.game.id]);
    expect((await ctx.seeks.ofGame(first.game.game.id)).map((s) => s.userId).sort()).toEqual(
      [alice.id, bob.id].sort(),
    );
    // Its whole transaction was undone: Carol's own seek waits as before, no seek of hers
    // for the joined game was left behind.
    expect((await ctx.seeks.waitingOf(carol.id))?.id).toBe(carolsOwn.seek.id);
    expect((await ctx.seeks.waiting()).map((s) => s.userId)).toEqual([carol.id]);
  });
});

describe("the list of open seeks", () => {
  it("others' waiting seeks nearest the viewer's rating in each game, at most fifty", async () => {
    const l = lobby("join-list");
    const { service } = l;
    await rate(l, alice, "long", 1700);
    // Sixty seekers 60 apart, from 1100 to 4640, in long nardy, and one in short at 1500.
    const seekers = Array.from({ length: 60 }, (_, i) => person(1_000 + i));
    for (const [i, p] of seekers.entries()) {
      await rate(l, p, "long", 1100 + 60 * i);
    }
    for (const p of seekers)
      unwrap(await service.seek({ seeker: p, variant: "long", matchLength: 1, clock: "casual" }));
    // Ratings so far apart from one another pair nobody (the gap accepted at once is 50).
    expect(await service.openSeeks(carol.id)).toHaveLength(50);
    const shortSeeker = person(2_000, "Dana");
    unwrap(
      await service.seek({ seeker: shortSeeker, variant: "short", matchLength: 3, clock: "blitz" }),
    );
    unwrap(await service.seek({ seeker: alice, variant: "long", matchLength: 7, clock: "blitz" }));
    const list = await service.openSeeks(alice.id);
    expect(list).toHaveLength(50);
    expect(list.some((s) => s.userId === alice.id)).toBe(false);
    const gaps = list.map((s) => Math.abs(s.rating - (s.variant === "long" ? 1700 : 1500)));
    expect(gaps).toEqual([...gaps].sort((x, y) => x - y));
    expect(list[0]).toMatchObject({ rating: 1700, variant: "long", matchLength: 1 });
    expect(list[0]!.firstName).toBe("P1010");
    // Alice is 1500 in short nardy (never rated): Dana's 1500 is as near as can be.
    expect(list.slice(0, 2).map((s) => s.firstName)).toContain("Dana");
    expect(list.find((s) => s.firstName === "Dana")).toMatchObject({
      variant: "short",
      matchLength: 3,
      clock: "blitz",
      rating: 1500,
    });
    // The farthest ten left out: the listed long seeks run from 1100 up to 4460.
    expect(Math.max(...list.map((s) => s.rating))).toBe(1100 + 60 * 48);
    expect(list.some((s) => s.rating === 1100)).toBe(true);
    expect(await service.openSeeks(alice.id, 5)).toHaveLength(5);
    expect(await service.openSeeks(alice.id, 10_000)).toHaveLength(50);
    expect(await service.openSeeks(1.5)).toEqual([]);
  });
});
