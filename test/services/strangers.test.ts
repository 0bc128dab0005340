/**
 * What passes between strangers paired in the lobby: a few set phrases a game, by its two
 * players only and not long after its end; blocks (never paired again, either way round) and
 * reports (once a game, a few a day), each bounded.
 */
import { describe, expect } from "vitest";
import { ServiceContext } from "../../src/services/context.js";
import { LobbyService } from "../../src/services/index.js";
import { lobbyTick, NEXT_GAME_DELAY_MS, seek } from "../../src/services/lobby/lobby.js";
import { pairsAt, partnerFor, type WaitingSeek } from "../../src/services/lobby/pairing.js";
import {
  MAX_BLOCKS,
  MAX_PHRASES,
  MAX_REASON,
  MAX_REPORTS,
  PHRASES_AFTER_MS,
} from "../../src/services/lobby/strangers.js";
import type { PlayerRef } from "../../src/services/types.js";
import { it } from "./fixtures.js";
import { alice, bob, carol, harness, unwrap } from "./helpers.js";

function lobby(label: string) {
  const h = harness({}, label);
  const lobby = new LobbyService(h.database.db, h.svc);
  const ctx = new ServiceContext(h.database.db, h.svc.config, h.svc.frontEnd);
  return { ...h, lobby, ctx };
}

type Lobby = ReturnType<typeof lobby>;

/** Two seekers of the same long game, paired at once: the game's number. */
async function paired(l: Lobby, a: PlayerRef, b: PlayerRef): Promise<number> {
  unwrap(await l.lobby.seek({ seeker: a, variant: "long", matchLength: 1, clock: "normal" }));
  const r = unwrap(
    await l.lobby.seek({ seeker: b, variant: "long", matchLength: 1, clock: "normal" }),
  );
  if (r.kind !== "paired") throw new Error("not paired");
  return r.game.game.id;
}

/** The game ends at once: the player to act resigns (long nardy scores the position). */
async function finish(l: Lobby, gameId: number): Promise<void> {
  const g = (await l.svc.getGame(gameId))!;
  unwrap(await l.svc.act(gameId, g.waitingFor!, { type: "resign" }, g.version));
  expect((await l.svc.getGame(gameId))!.status).toBe("finished");
}

const waiting = (id: number, userId: number, since = 0): WaitingSeek => ({
  id,
  userId,
  variant: "long",
  matchLength: 1,
  clock: "normal",
  rating: 1500,
  since,
});

describe("set phrases between strangers", () => {
  it("each player of a lobby game sends at most four, counted in the database", async () => {
    const l = lobby("strangers-phrases");
    const gameId = await paired(l, alice, bob);
    for (let n = 1; n <= MAX_PHRASES; n++)
      expect(unwrap(await l.lobby.sayPhrase(gameId, alice.id))).toEqual({
        kind: "sent",
        toId: bob.id,
        sent: n,
        left: MAX_PHRASES - n,
      });
    expect(unwrap(await l.lobby.sayPhrase(gameId, alice.id))).toEqual({ kind: "used-up" });
    // The other player's count is their own.
    expect(unwrap(await l.lobby.sayPhrase(gameId, bob.id))).toMatchObject({
      kind: "sent",
      toId: alice.id,
    });
    // A new service on the same database (a restart) gives no more.
    const again = new LobbyService(l.database.db, l.svc);
    expect(unwrap(await again.sayPhrase(gameId, alice.id))).toEqual({ kind: "used-up" });
  });

  it("only the game's two players, only in a lobby game, and up to ten minutes after its end", async () => {
    const l = lobby("strangers-phrases-who");
    const gameId = await paired(l, alice, bob);
    expect(unwrap(await l.lobby.sayPhrase(gameId, carol.id))).toEqual({ kind: "not-player" });
    expect(unwrap(await l.lobby.sayPhrase(gameId + 100, alice.id))).toEqual({ kind: "not-player" });
    expect((await l.lobby.sayPhrase(Number.NaN, alice.id)).ok).toBe(false);
    // A game between friends in a chat is no lobby game.
    const c = unwrap(
      await l.svc.createChallenge({
        chat: { id: -5, type: "group" },
        challenger: carol,
        variant: "long",
      }),
    );
    const friends = unwrap(await l.svc.acceptChallenge(c.id, alice)).game.id;
    expect(unwrap(await l.lobby.sayPhrase(friends, alice.id))).toEqual({ kind: "not-player" });
    await finish(l, gameId);
    l.clock.advance(PHRASES_AFTER_MS);
    expect(unwrap(await l.lobby.sayPhrase(gameId, bob.id)).kind).toBe("sent");
    l.clock.advance(1);
    expect(unwrap(await l.lobby.sayPhrase(gameId, bob.id))).toEqual({ kind: "over" });
  });

  it("nothing passes once either blocked the other", async () => {
    const l = lobby("strangers-phrases-blocked");
    const gameId = await paired(l, alice, bob);
    unwrap(await l.lobby.block(bob.id));
    expect(unwrap(await l.lobby.sayPhrase(gameId, alice.id))).toEqual({ kind: "blocked" });
    expect(unwrap(await l.lobby.sayPhrase(gameId, bob.id))).toEqual({ kind: "blocked" });
  });
});

describe("blocks", () => {
  it("/block takes the opponent of the current or last lobby game, or the game named", async () => {
    const l = lobby("strangers-block");
    expect(unwrap(await l.lobby.block(alice.id))).toEqual({ kind: "no-game" });
    const first = await paired(l, alice, bob);
    await finish(l, first);
    const second = await paired(l, alice, carol);
    expect(unwrap(await l.lobby.block(alice.id))).toEqual({
      kind: "blocked",
      gameId: second,
      opponentId: carol.id,
    });
    expect(unwrap(await l.lobby.block(alice.id))).toMatchObject({
      kind: "already",
      gameId: second,
    });
    expect(unwrap(await l.lobby.block(alice.id, first))).toEqual({
      kind: "blocked",
      gameId: first,
      opponentId: bob.id,
    });
    // Someone else's game, or none: nothing.
    expect(unwrap(await l.lobby.block(carol.id, first))).toEqual({ kind: "no-game" });
    expect(unwrap(await l.lobby.block(alice.id, 9_999))).toEqual({ kind: "no-game" });
    // /unblock lifts the latest first.
    expect(unwrap(await l.lobby.unblock(alice.id))).toEqual({
      kind: "unblocked",
      blockedId: bob.id,
      gameId: first,
    });
    expect(unwrap(await l.lobby.unblock(alice.id))).toMatchObject({ blockedId: carol.id });
    expect(unwrap(await l.lobby.unblock(alice.id))).toEqual({ kind: "none" });
  });

  it("a match to points: the block finds its latest game", async () => {
    const l = lobby("strangers-block-match");
    unwrap(await l.lobby.seek({ seeker: alice, variant: "long", matchLength: 3, clock: "normal" }));
    const r = unwrap(
      await l.lobby.seek({ seeker: bob, variant: "long", matchLength: 3, clock: "normal" }),
    );
    if (r.kind !== "paired") throw new Error("not paired");
    const first = r.game.game.id;
    const g = (await l.svc.getGame(first))!;
    // A resignation in long nardy scores the position: a single game point keeps the match on.
    const loser = g.waitingFor!;
    const over = unwrap(await l.svc.act(first, loser, { type: "resign" }, g.version)).game;
    expect(over.final?.over).toBe(false);
    // The match's next game starts by itself a few seconds later.
    l.clock.advance(NEXT_GAME_DELAY_MS);
    const next = (await l.lobby.tick(l.clock.now())).next[0]!.game.id;
    expect(next).not.toBe(first);
    expect(unwrap(await l.lobby.block(alice.id))).toMatchObject({ kind: "blocked", gameId: next });
  });

  it("blocked pairs never meet, either way round, at a seek or at a tick", async () => {
    const l = lobby("strangers-never");
    const gameId = await paired(l, alice, bob);
    await finish(l, gameId);
    unwrap(await l.lobby.block(bob.id));
    unwrap(await l.lobby.seek({ seeker: alice, variant: "long", matchLength: 1, clock: "normal" }));
    const r = unwrap(
      await l.lobby.seek({ seeker: bob, variant: "long", matchLength: 1, clock: "normal" }),
    );
    expect(r.kind).toBe("waiting");
    l.clock.advance(5 * 60_000);
    expect((await lobbyTick(l.ctx, l.clock.now())).paired).toEqual([]);
    // A third seeker meets one of them.
    const c = unwrap(
      await seek(
        l.ctx,
        { seeker: carol, variant: "long", matchLength: 1, clock: "normal" },
        l.clock.now(),
      ),
    );
    expect(c.kind).toBe("paired");
  });

  it("pairing's predicate: a blocked partner is passed over for the next nearest", () => {
    const blocked = (a: number, b: number) => (a === 1 && b === 2) || (a === 2 && b === 1);
    const me = waiting(1, 1);
    const near = { ...waiting(2, 2), rating: 1500 };
    const far = { ...waiting(3, 3), rating: 1540 };
    expect(partnerFor(me, [near, far], 0)?.id).toBe(2);
    expect(partnerFor(me, [near, far], 0, blocked)?.id).toBe(3);
    expect(pairsAt([me, near], 0, blocked)).toEqual([]);
    expect(pairsAt([me, near], 0)).toHaveLength(1);
  });

  it("at most 200 blocks a person", async () => {
    const l = lobby("strangers-full");
    const now = l.clock.now();
    await l.ctx.players.upsert(alice, now);
    for (let i = 0; i < MAX_BLOCKS; i++) {
      await l.ctx.players.upsert({ id: 10_000 + i, firstName: `P${i}` }, now);
      await l.ctx.strangers.block(alice.id, 10_000 + i, null, now + i);
    }
    await paired(l, alice, bob);
    expect(unwrap(await l.lobby.block(alice.id))).toEqual({ kind: "full" });
    unwrap(await l.lobby.unblock(alice.id));
    expect(unwrap(await l.lobby.block(alice.id))).toMatchObject({
      kind: "blocked",
      opponentId: bob.id,
    });
  });
});

describe("reports", () => {
  it("stored with the reporter, the reported and the game; once a game; the reason capped", async () => {
    const l = lobby("strangers-report");
    expect(unwrap(await l.lobby.report(alice.id, undefined, ""))).toEqual({ kind: "no-game" });
    const gameId = await paired(l, alice, bob);
    const r = unwrap(await l.lobby.report(alice.id, undefined, `  ${"x".repeat(1_000)} `));
    expect(r).toMatchObject({ kind: "reported", gameId, opponentId: bob.id });
    const row = (await l.ctx.strangers.reportOf(alice.id, gameId))!;
    expect(row).toMatchObject({ reporterId: alice.id, reportedId: bob.id, gameId });
    expect(row.reason).toHaveLength(MAX_REASON);
    expect(unwrap(await l.lobby.report(alice.id, gameId, "again"))).toEqual({
      kind: "already",
      gameId,
      opponentId: bob.id,
    });
    // The other player may report the same game; an empty reason is stored as none.
    unwrap(await l.lobby.report(bob.id, gameId, "  "));
    expect((await l.ctx.strangers.reportOf(bob.id, gameId))!.reason).toBeNull();
    expect(unwrap(await l.lobby.report(carol.id, gameId, ""))).toEqual({ kind: "no-game" });
  });

  it("at most five a person a day", async () => {
    const l = lobby("strangers-report-limit");
    const games: number[] = [];
    for (let i = 0; i < MAX_REPORTS + 1; i++) {
      const other = { id: 20_000 + i, firstName: `P${i}` };
      const g = await paired(l, alice, other);
      await finish(l, g);
      games.push(g);
    }
    for (const g of games.slice(0, MAX_REPORTS))
      expect(unwrap(await l.lobby.report(alice.id, g, "")).kind).toBe("reported");
    expect(unwrap(await l.lobby.report(alice.id, games.at(-1)!, ""))).toEqual({ kind: "limit" });
    l.clock.advance(24 * 3_600_000);
    expect(unwrap(await l.lobby.report(alice.id, games.at(-1)!, "")).kind).toBe("reported");
  });
});

describe("the username for strangers", () => {
  it("off by default; stored with the player, who is stored if new; shown in the game's view", async () => {
    const l = lobby("strangers-username");
    expect(await l.lobby.showsUsername(alice.id)).toBe(false);
    unwrap(await l.lobby.setShowUsername(alice, true));
    expect(await l.lobby.showsUsername(alice.id)).toBe(true);
    const gameId = await paired(l, alice, bob);
    const g = (await l.svc.getGame(gameId))!;
    const me = g.white.id === alice.id ? g.white : g.black;
    const other = g.white.id === alice.id ? g.black : g.white;
    expect(me.showUsername).toBe(true);
    expect(other.showUsername).toBe(false);
    unwrap(await l.lobby.setShowUsername(alice, false));
    expect(await l.lobby.showsUsername(alice.id)).toBe(false);
    expect((await l.lobby.setShowUsername({ id: Number.NaN, firstName: "x" }, true)).ok).toBe(
      false,
    );
  });
});
