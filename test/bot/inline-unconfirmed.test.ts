import { describe, expect } from "vitest";
import { gameInInline } from "../../src/bot/inline-lookup.js";
import { remainingPlays } from "../../src/engine/index.js";
import { it } from "./fixtures.js";
import { buttonNamed, buttons, type Harness, USERS } from "./harness.js";
import { sendCard } from "./inline-cards.js";

const { alice, bob } = USERS;

/**
 * Alice's card, sent with inline feedback off (Telegram says nothing of it); Bob copies its
 * buttons' data onto an inline message of his own and presses Accept there.
 */
async function copiedCard(h: Harness, copyId: string) {
  const card = await sendCard(h, "lc", `alice-${copyId}`, false);
  h.tg.addInlineMessage(copyId, "Bob's own message", card.keyboard as never);
  const copy = h.tg.inlineMessage(copyId)!;
  await h.press(bob, copy, buttonNamed(copy, /Accept/));
  return (await gameInInline(h.parts.deps, copyId))!;
}

/** `who` plays one whole turn of the game (the first play the engine lists). */
async function playTurn(h: Harness, gameId: number, who: number) {
  const g = (await h.service.getGame(gameId))!;
  if (g.state.phase === "roll") await h.service.act(gameId, who, { type: "roll" }, g.version);
  const now = (await h.service.getGame(gameId))!;
  const steps = remainingPlays(now.state)[0]!.steps.map(({ from, to, die }) => ({ from, to, die }));
  const r = await h.service.act(gameId, who, { type: "play", steps }, now.version);
  expect(r.ok).toBe(true);
}

describe("a game begun on a copied inline card", () => {
  it("is not rated, and cannot be claimed from the challenger who never acted", async ({
    harness,
  }) => {
    let now = 5_000_000;
    // A challenge time longer than the claim time, so the claim is tried before any lapse.
    const h = await harness({
      now: () => now,
      env: { IDLE_HOURS: "1", CHALLENGE_TTL_MINUTES: "1440" },
    });
    const game = await copiedCard(h, "bobs-copy");
    expect(game.unconfirmedId).toBe(alice.id);
    // Bob plays until the game waits for Alice, then waits out the claim time.
    if ((await h.service.getGame(game.id))!.waitingFor === bob.id)
      await playTurn(h, game.id, bob.id);
    expect((await h.service.getGame(game.id))!.waitingFor).toBe(alice.id);
    now += 2 * 3_600_000 + 60_000;
    await h.tick(now);
    const waiting = (await h.service.getGame(game.id))!;
    expect(h.service.claimable(waiting, now)).toBe(false);
    const claim = await h.service.act(game.id, bob.id, { type: "claim-timeout" }, waiting.version);
    expect(claim.ok).toBe(false);
    if (!claim.ok) expect(claim.error.code).toBe("claim-unconfirmed");
    // No Claim button on the board either.
    const board = h.tg.inlineMessage("bobs-copy")!;
    expect(buttons(board).map((b) => b.text)).not.toContainEqual(expect.stringMatching(/Claim/));
    // The game ends without her (Bob resigns): her "win" moves no rating.
    const before = [waiting.white.ratingLong, waiting.black.ratingLong];
    const r = await h.service.act(game.id, bob.id, { type: "resign" }, waiting.version);
    expect(r.ok).toBe(true);
    const over = (await h.service.getGame(game.id))!;
    expect(over.status).toBe("finished");
    expect([over.white.ratingLong, over.black.ratingLong]).toEqual(before);
    expect(h.tg.problems()).toEqual([]);
  });

  it("lapses unplayed with the challenge time if the challenger never acts", async ({
    harness,
  }) => {
    let now = 5_000_000;
    const h = await harness({ now: () => now, env: { CHALLENGE_TTL_MINUTES: "30" } });
    const game = await copiedCard(h, "lapsing");
    now += 29 * 60_000;
    await h.tick(now);
    expect((await h.service.getGame(game.id))!.status).toBe("active");
    now += 2 * 60_000;
    await h.tick(now);
    const lapsed = (await h.service.getGame(game.id))!;
    expect(lapsed.status).toBe("abandoned");
    expect(lapsed.winnerId).toBeNull();
    expect(h.tg.inlineMessage("lapsing")!.caption ?? h.tg.inlineMessage("lapsing")!.text).toMatch(
      /lapsed unplayed/,
    );
    expect(h.tg.problems()).toEqual([]);
  });

  it("is an ordinary game once the challenger acts in it; a card Telegram reported is one at once", async ({
    harness,
  }) => {
    let now = 5_000_000;
    const h = await harness({ now: () => now, env: { CHALLENGE_TTL_MINUTES: "30" } });
    const game = await copiedCard(h, "played");
    if ((await h.service.getGame(game.id))!.waitingFor === bob.id)
      await playTurn(h, game.id, bob.id);
    await playTurn(h, game.id, alice.id);
    expect((await h.service.getGame(game.id))!.unconfirmedId).toBeNull();
    // Played: it does not lapse.
    now += 31 * 60_000;
    await h.tick(now);
    expect((await h.service.getGame(game.id))!.status).toBe("active");
    // With inline feedback on, Telegram told the bot Alice sent the card: nothing to confirm.
    const card = await sendCard(h, "ls", "reported", true, USERS.carol);
    await h.press(bob, card, buttonNamed(h.tg.inlineMessage("reported")!, /Accept/));
    expect((await gameInInline(h.parts.deps, "reported"))!.unconfirmedId).toBeNull();
    expect(h.tg.problems()).toEqual([]);
  });
});
