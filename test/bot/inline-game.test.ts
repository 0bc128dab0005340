import { describe, expect } from "vitest";
import { challengeInInline, gameInInline } from "../../src/bot/inline-lookup.js";
import { sampled } from "../helpers/samples.js";
import { it } from "./fixtures.js";
import { buttonNamed, buttons, type Harness, USERS, userById } from "./harness.js";
import { sendCard } from "./inline-cards.js";

const CACHE_CHAT = -100_999;

/** Plays to the end; returns the game and how many presses made how many calls of each method. */
async function playInline(harness: Harness, inlineMessageId: string) {
  let presses = 0;
  const from = harness.tg.calls.length;
  for (;;) {
    const game = (await gameInInline(harness.parts.deps, inlineMessageId))!;
    if (game.state.phase === "over") {
      const calls: Record<string, number> = {};
      for (const c of harness.tg.calls.slice(from)) calls[c.method] = (calls[c.method] ?? 0) + 1;
      return { gameId: game.id, presses, calls };
    }
    const message = harness.tg.inlineMessage(inlineMessageId)!;
    // Undo is played in the group games; here it would only make the games longer.
    const choices = buttons(message).filter((b) => !/Drop|Claim|Undo/.test(b.text));
    await harness.press(userById(game.waitingFor!), message, choices[presses % choices.length]!);
    if (++presses > 3000) throw new Error("the game does not end");
  }
}

describe("a whole game inside an inline message", () => {
  // The same flow for both games: `npm test` plays the short one, the slow suite both.
  const games = [
    ["long", "lc"],
    ["short", "ss"],
  ] as const;
  for (const [variant, resultId] of sampled(games, games.slice(1))) {
    it(`${variant} nardy with board pictures through the cache chat`, async ({ harness }) => {
      const h = await harness({ env: { BOARD_CACHE_CHAT_ID: String(CACHE_CHAT) } });
      const card = await sendCard(h, resultId, `inl-${variant}`, false);
      expect(card.photo).toMatch(/^photo-/);
      expect(card.caption).toContain("Alice invites you");
      await h.press(USERS.bob, card, buttonNamed(card, /Accept/));
      const { gameId, presses, calls } = await playInline(h, `inl-${variant}`);
      // Calls per press: its answer and one edit; a new picture also costs its upload to the
      // cache chat and the upload's deletion (CALLS_DEBUG=1 prints the figures).
      if (process.env.CALLS_DEBUG) console.log(`inline ${variant}`, presses, "presses", calls);
      const edits = (calls.editMessageMedia ?? 0) + (calls.editMessageCaption ?? 0);
      expect(calls.answerCallbackQuery).toBe(presses);
      expect(edits).toBeLessThanOrEqual(presses);
      expect(calls.sendPhoto).toBe(calls.deleteMessage);
      expect(calls.sendPhoto).toBeLessThanOrEqual(calls.editMessageMedia ?? 0);
      const others = Object.keys(calls).filter(
        (m) =>
          !/^(answerCallbackQuery|editMessage(Media|Caption)|sendPhoto|deleteMessage)$/.test(m),
      );
      expect(others).toEqual([]);
      const game = (await h.service.getGame(gameId))!;
      expect(game.variant).toBe(variant);
      const final = h.tg.inlineMessage(`inl-${variant}`)!;
      expect(final.caption).toMatch(/wins/);
      // Every inline edit used a file id; every cache upload was deleted again.
      for (const c of h.tg.callsOf("editMessageMedia"))
        expect(String(c.payload.media)).not.toContain("attach://");
      expect(h.tg.callsOf("sendPhoto").every((c) => Number(c.payload.chat_id) === CACHE_CHAT)).toBe(
        true,
      );
      expect(h.tg.chatMessages(CACHE_CHAT)).toEqual([]);
      expect((await h.service.chatSeries(null)).length).toBe(1);
      // Telegram refused nothing, and every press was answered in time.
      expect(h.tg.problems()).toEqual([]);
    }, 120_000);
  }

  it("with inline feedback the card becomes a challenge at once; without pictures it stays text", async ({
    h,
  }) => {
    const card = await sendCard(h, "ls", "inl-fb", true);
    const challenge = await challengeInInline(h.parts.deps, "inl-fb");
    expect(challenge?.status).toBe("pending");
    const live = h.tg.inlineMessage("inl-fb")!;
    expect(live.text).toContain("Alice challenges anyone");
    expect(card.photo).toBeNull();
    await h.press(USERS.alice, live, buttonNamed(live, /Accept/));
    expect(await gameInInline(h.parts.deps, "inl-fb")).toBeNull();
    await h.press(USERS.bob, live, buttonNamed(live, /Accept/));
    const game = (await gameInInline(h.parts.deps, "inl-fb"))!;
    expect(game.rules.head).toBe("sport");
    expect(h.tg.inlineMessage("inl-fb")!.text).toMatch(/to move|roll/);
    // A game in a card starts in it: Bob's press there (its id, the card's inline id) is the
    // dice's second part.
    const accepted = h.tg.callsOf("answerCallbackQuery").at(-1)!.payload.callback_query_id;
    expect(game.diceSalt).toBe(`press:${accepted}:inline:inl-fb`);
    expect(h.tg.inlineMessage("inl-fb")!.text).toContain("inline:inl-fb");
  });

  it("two people pressing Accept at once: one game", async ({ h }) => {
    const card = await sendCard(h, "lc", "inl-race", false);
    const accept = buttonNamed(card, /Accept/);
    await Promise.all([h.press(USERS.bob, card, accept), h.press(USERS.carol, card, accept)]);
    const game = (await gameInInline(h.parts.deps, "inl-race"))!;
    expect([USERS.bob.id, USERS.carol.id]).toContain(
      game.white.id === USERS.alice.id ? game.black.id : game.white.id,
    );
    expect(await h.service.getGame(game.id + 1)).toBeNull();
  });

  it("only the challenger may cancel the card", async ({ h }) => {
    const card = await sendCard(h, "ss", "inl-cancel", false);
    await h.press(USERS.bob, card, buttonNamed(card, /Cancel/));
    expect(h.tg.inlineMessage("inl-cancel")!.text).toContain("invites you");
    await h.press(USERS.alice, card, buttonNamed(card, /Cancel/));
    expect(h.tg.inlineMessage("inl-cancel")!.text).toMatch(/cancelled/);
  });

  it("a forged card button is refused: nobody can start a game in someone else's name", async ({
    h,
  }) => {
    // Carol's own card, pressed by Bob with doctored data naming Alice as the challenger.
    const card = await sendCard(h, "lc", "inl-forged", false, USERS.carol);
    const real = String((buttonNamed(card, /Accept/) as { callback_data: string }).callback_data);
    const [issued, seal] = real.split(":").slice(-2) as [string, string];
    expect(real).toBe(`i:lc:${USERS.carol.id}:en:at:${issued}:${seal}`);
    const later = (Number.parseInt(issued, 36) + 1).toString(36);
    for (const forged of [
      `i:lc:${USERS.alice.id}:en:at:${issued}:${seal}`,
      `i:ls:${USERS.carol.id}:en:at:${issued}:${seal}`,
      `i:lc:${USERS.carol.id}:en:at:${later}:${seal}`,
      `i:lc:${USERS.carol.id}:en:at:${issued}:${"x".repeat(seal.length)}`,
      `i:lc:${USERS.carol.id}:en:at:${seal}`,
      "i:zz:11:en:at",
    ]) {
      await h.pressData(USERS.bob, card, forged);
      expect(h.tg.callsOf("answerCallbackQuery").at(-1)!.payload.show_alert).toBe(true);
    }
    expect(await gameInInline(h.parts.deps, "inl-forged")).toBeNull();
    expect(await challengeInInline(h.parts.deps, "inl-forged")).toBeNull();
    // The real button still works.
    await h.press(USERS.bob, card, buttonNamed(card, /Accept/));
    expect(await gameInInline(h.parts.deps, "inl-forged")).not.toBeNull();
  });
});
