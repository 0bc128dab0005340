/**
 * Walking away: three lobby games within a day lost on time without a move hold the person
 * out of the lobby for an hour after the last, and they are told once, when the hold begins.
 * A loss on time after a move, a game won, or walkaways more than a day apart do not count.
 */
import { describe, expect } from "vitest";
import type { GameView, PlayerRef } from "../../src/services/index.js";
import { LobbyService } from "../../src/services/lobby/lobby-service.js";
import type { News } from "../../src/services/news.js";
import { pickAction, prng } from "./driver.js";
import { it } from "./fixtures.js";
import { alice, bob, errorCode, harness, unwrap } from "./helpers.js";

const HOUR = 3_600_000;

function lobbyHarness(label: string) {
  const h = harness({}, label);
  const news: News[] = [];
  const lobby = new LobbyService(h.database.db, h.svc, (n) => void news.push(n));
  h.svc.follow((game, happened) => lobby.noticeGame(game, happened));
  return { ...h, lobby, news };
}

type Lobby = ReturnType<typeof lobbyHarness>;

/** Alice and Bob meet in the lobby for one blitz game (Alice waits for the gap to widen). */
async function paired(l: Lobby): Promise<GameView> {
  unwrap(await l.lobby.seek({ seeker: alice, variant: "short", matchLength: 1, clock: "blitz" }));
  l.clock.advance(30_000);
  const r = unwrap(
    await l.lobby.seek({ seeker: bob, variant: "short", matchLength: 1, clock: "blitz" }),
  );
  if (r.kind !== "paired") throw new Error("not paired");
  return (await l.svc.getGame(r.game.game.id))!;
}

/** The other side plays until `who` is to act (moving first if `moves`), then `who` flags. */
async function lostOnTime(l: Lobby, g: GameView, who: PlayerRef, moves = false): Promise<GameView> {
  const rand = prng(g.id);
  let movedOnce = !moves;
  for (let i = 0; i < 500 && g.status === "active"; i++) {
    if (g.waitingFor === who.id && movedOnce) break;
    const actor = g.waitingFor!;
    const r = unwrap(await l.svc.act(g.id, actor, pickAction(g, rand, { double: 0 }), g.version));
    if (actor === who.id) movedOnce = true;
    g = r.game;
  }
  expect(g.waitingFor).toBe(who.id);
  expect(await l.svc.clockSeen(g.id, g.version)).toBe(true);
  l.clock.t = (await l.svc.getGame(g.id))!.flagAt!;
  const flagged = await l.svc.flag(g.id);
  expect(flagged?.game.state.result).toMatchObject({ reason: "time" });
  expect(flagged?.game.winnerId).not.toBe(who.id);
  return flagged!.game;
}

const holds = (l: Lobby) =>
  l.news.filter((n): n is Extract<News, { kind: "lobby-hold" }> => n.kind === "lobby-hold");

describe("walking away from lobby games", () => {
  it("a third walkaway within a day holds the person out for an hour, told once", async () => {
    const l = lobbyHarness("holdout-three");
    await lostOnTime(l, await paired(l), alice);
    l.clock.advance(2 * HOUR);
    await lostOnTime(l, await paired(l), alice);
    // Lost on time after a move of her own: not a walkaway.
    l.clock.advance(2 * HOUR);
    await lostOnTime(l, await paired(l), alice, true);
    expect(holds(l)).toEqual([]);
    l.clock.advance(2 * HOUR);
    const third = await lostOnTime(l, await paired(l), alice);
    expect(holds(l)).toEqual([
      { kind: "lobby-hold", userId: alice.id, until: third.finishedAt! + HOUR },
    ]);
    // The winner is not held; the walker is, with the time left.
    expect(await l.lobby.heldOutFor(bob.id)).toBeNull();
    l.clock.advance(20 * 60_000);
    expect(await l.lobby.heldOutFor(alice.id)).toBe(40 * 60_000);
    expect(
      errorCode(
        await l.lobby.seek({ seeker: alice, variant: "long", matchLength: 1, clock: "normal" }),
      ),
    ).toBe("held-out");
    expect(await l.lobby.waitingOf(alice.id)).toBeNull();
    // Nor may she take up someone's search from the page's list.
    const open = unwrap(
      await l.lobby.seek({ seeker: bob, variant: "long", matchLength: 1, clock: "normal" }),
    );
    expect(errorCode(await l.lobby.join(alice, open.seek.id))).toBe("held-out");
    expect((await l.lobby.waitingOf(bob.id))?.id).toBe(open.seek.id);
    unwrap(await l.lobby.cancel(bob.id));
    // An hour after the last, the lobby is open again.
    l.clock.t = third.finishedAt! + HOUR;
    expect(await l.lobby.heldOutFor(alice.id)).toBeNull();
    const again = unwrap(
      await l.lobby.seek({ seeker: alice, variant: "long", matchLength: 1, clock: "normal" }),
    );
    expect(again.kind).toBe("waiting");
    expect(holds(l)).toHaveLength(1);
  });

  it("walkaways more than a day apart hold nobody", async () => {
    const l = lobbyHarness("holdout-spread");
    await lostOnTime(l, await paired(l), alice);
    l.clock.advance(13 * HOUR);
    await lostOnTime(l, await paired(l), alice);
    l.clock.advance(13 * HOUR);
    await lostOnTime(l, await paired(l), alice);
    expect(holds(l)).toEqual([]);
    expect(await l.lobby.heldOutFor(alice.id)).toBeNull();
  });
});
