import { createHash, createHmac } from "node:crypto";
import { describe, expect } from "vitest";
import { challengeInInline, gameInInline } from "../../src/bot/inline-lookup.js";
import { it } from "./fixtures.js";
import { buttonNamed, buttons, type Harness, USERS } from "./harness.js";
import { sendCard } from "./inline-cards.js";

const CACHE_CHAT = -100_999;

const lastAnswer = (harness: Harness) => harness.tg.callsOf("answerCallbackQuery").at(-1)!.payload;

describe("inline cards at their edges", () => {
  it("a picture card that became a challenge expires through its caption and loses its buttons", async ({
    harness,
  }) => {
    let now = 20_000_000;
    const h = await harness({
      now: () => now,
      env: { BOARD_CACHE_CHAT_ID: String(CACHE_CHAT), CHALLENGE_TTL_MINUTES: "5" },
    });
    const card = await sendCard(h, "lc", "pic-1", true, USERS.alice);
    expect(card.photo).toMatch(/^photo-/);
    const challenge = (await challengeInInline(h.parts.deps, "pic-1"))!;
    expect(challenge).toMatchObject({ status: "pending", cardPhoto: true });
    const shown = h.tg.inlineMessage("pic-1")!;
    expect(shown.caption).toContain("Alice challenges anyone");
    expect(buttons(shown).length).toBeGreaterThan(0);
    now += 6 * 60_000;
    await h.tick(now);
    const expired = h.tg.inlineMessage("pic-1")!;
    expect(expired.photo).toBe(card.photo);
    expect(expired.caption).toMatch(/Nobody accepted Alice's challenge/);
    expect(buttons(expired)).toEqual([]);
    expect((await h.service.getChallenge(challenge.id))!.status).toBe("expired");
    expect(h.tg.callsOf("editMessageText")).toEqual([]);
    expect(h.tg.problems()).toEqual([]);
  });

  it("a picture card found expired by a press is closed through its caption too", async ({
    harness,
  }) => {
    let now = 20_000_000;
    const h = await harness({
      now: () => now,
      env: { BOARD_CACHE_CHAT_ID: String(CACHE_CHAT), CHALLENGE_TTL_MINUTES: "5" },
    });
    const card = await sendCard(h, "ss", "pic-2", true, USERS.alice);
    now += 6 * 60_000;
    await h.press(USERS.bob, card, buttonNamed(card, /Accept/));
    expect(lastAnswer(h)).toMatchObject({ show_alert: true, text: "This challenge has expired." });
    const expired = h.tg.inlineMessage("pic-2")!;
    expect(expired.caption).toMatch(/Nobody accepted Alice's challenge/);
    expect(buttons(expired)).toEqual([]);
    expect(await gameInInline(h.parts.deps, "pic-2")).toBeNull();
    expect(h.tg.problems()).toEqual([]);
  });

  it("after the sender cancels a card sent without feedback, its old Accept starts nothing", async ({
    h,
  }) => {
    const card = await sendCard(h, "ls", "plain-1", false, USERS.alice);
    expect(await challengeInInline(h.parts.deps, "plain-1")).toBeNull();
    const stale = structuredClone(card);
    await h.press(USERS.alice, card, buttonNamed(card, /Cancel/));
    const cancelled = h.tg.inlineMessage("plain-1")!;
    expect(cancelled.text).toMatch(/Alice cancelled the challenge/);
    expect(buttons(cancelled)).toEqual([]);
    // Bob's app still showed the card: his Accept is answered with an alert, and no game starts.
    await h.press(USERS.bob, stale, buttonNamed(stale, /Accept/));
    expect(lastAnswer(h)).toMatchObject({ show_alert: true, text: "This challenge is closed." });
    expect(await gameInInline(h.parts.deps, "plain-1")).toBeNull();
    expect(await h.service.getGame(1)).toBeNull();
    // Nor does a second Cancel, or Alice's own Accept, do anything.
    await h.press(USERS.alice, stale, buttonNamed(stale, /Cancel/));
    expect(lastAnswer(h)).toMatchObject({ show_alert: true });
    expect(h.tg.inlineMessage("plain-1")!.text).toBe(cancelled.text);
    expect(h.tg.problems()).toEqual([]);
  });

  it("a Ukrainian card accepted by a Russian speaker: the game speaks Ukrainian", async ({
    harness,
  }) => {
    const h = await harness({ env: { BOARD_CACHE_CHAT_ID: String(CACHE_CHAT) } });
    const card = await sendCard(h, "lc", "uk-1", false, USERS.taras);
    expect(card.caption).toMatch(/Тарас/);
    // The card speaks its sender's language.
    const accept = buttonNamed(card, "✅ Прийняти");
    await h.press(USERS.olga, card, accept);
    const game = (await gameInInline(h.parts.deps, "uk-1"))!;
    expect(await h.parts.deps.messages.gameLocale(game.id)).toBe("uk");
    const board = h.tg.inlineMessage("uk-1")!;
    expect(board.caption).toContain("довгі нарди");
    expect(board.caption).not.toMatch(/длинные нарды|long nardy/);
    // An alert about the board speaks the presser's own language.
    const waitingOlga = game.waitingFor === USERS.olga.id;
    const other = waitingOlga ? USERS.taras : USERS.olga;
    await h.press(other, board, buttons(board)[0]!);
    expect(lastAnswer(h)).toMatchObject({
      show_alert: true,
      text: waitingOlga ? "Зараз ходить Ольга." : "Сейчас ходит Тарас.",
    });
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("a card's data is good for one challenge, in one message, for a while", () => {
  /** The data of a card's button as the bot offered it (before any edit of the card). */
  const offered = (harness: Harness, offer: string, label: RegExp): string => {
    const answer = harness.tg.callsOf("answerInlineQuery").at(-1)!;
    const results = answer.payload.results as {
      id: string;
      reply_markup: { inline_keyboard: { text: string; callback_data: string }[][] };
    }[];
    const card = results.find((r) => r.id.startsWith(offer))!;
    return card.reply_markup.inline_keyboard.flat().find((b) => label.test(b.text))!.callback_data;
  };

  for (const feedback of [true, false])
    it(`copied onto another inline message it starts nothing (inline feedback ${feedback ? "on" : "off"})`, async ({
      h,
    }) => {
      const card = await sendCard(h, "lc", "alices", feedback, USERS.alice);
      const accept = offered(h, "lc", /Accept/);
      const cancel = offered(h, "lc", /Cancel/);
      expect(accept).toMatch(/^i:lc:/);
      // Without feedback the card becomes a challenge at its first press, here Bob's Accept.
      if (!feedback) await h.press(USERS.bob, card, buttonNamed(card, /Accept/));
      const first = (await challengeInInline(h.parts.deps, "alices"))!;
      // Carol's own card elsewhere: Alice's data pressed there, by Carol and by Alice.
      const carols = await sendCard(h, "ss", "carols", false, USERS.carol);
      const shown = structuredClone(carols);
      for (const [who, data] of [
        [USERS.carol, accept],
        [USERS.alice, cancel],
      ] as const) {
        await h.pressData(who, carols, data);
        expect(lastAnswer(h)).toMatchObject({
          show_alert: true,
          text: "This card has already started a challenge in another message; here it does nothing.",
        });
      }
      expect(await challengeInInline(h.parts.deps, "carols")).toBeNull();
      expect(await gameInInline(h.parts.deps, "carols")).toBeNull();
      expect(h.tg.inlineMessage("carols")).toEqual(shown);
      expect(await h.service.getChallenge(first.id + 1)).toBeNull();
      // On a message holding a challenge of another card, it is not that card's button either.
      const fresh = await sendCard(h, "ls", "olgas", true, USERS.olga);
      await h.pressData(USERS.bob, fresh, accept);
      expect(lastAnswer(h)).toMatchObject({ show_alert: true, text: /another chat/ });
      expect((await challengeInInline(h.parts.deps, "olgas"))!.status).toBe("pending");
      // Alice's card itself plays on.
      const live = h.tg.inlineMessage("alices")!;
      if (feedback) await h.press(USERS.bob, live, buttonNamed(live, /Accept/));
      expect(await gameInInline(h.parts.deps, "alices")).not.toBeNull();
      expect(h.tg.problems()).toEqual([]);
    });

  it("a card starts its challenge within the challenge time of being offered, and not after", async ({
    harness,
  }) => {
    let now = 30_000_000;
    const h = await harness({ now: () => now, env: { CHALLENGE_TTL_MINUTES: "60" } });
    const late = await sendCard(h, "ss", "late", false, USERS.alice);
    const timely = await sendCard(h, "lc", "timely", false, USERS.alice);
    expect(late.text).toMatch(/open for 60 min/);
    now += 59 * 60_000;
    await h.press(USERS.bob, timely, buttonNamed(timely, /Accept/));
    expect(await gameInInline(h.parts.deps, "timely")).not.toBeNull();
    now += 2 * 60_000;
    await h.press(USERS.carol, late, buttonNamed(late, /Accept/));
    expect(lastAnswer(h)).toMatchObject({ show_alert: true, text: "This challenge has expired." });
    expect(await challengeInInline(h.parts.deps, "late")).toBeNull();
    expect(await gameInInline(h.parts.deps, "late")).toBeNull();
    expect(h.tg.problems()).toEqual([]);
  });

  it("a card sent before cards carried their issue time is refused, its seal good or not", async ({
    h,
  }) => {
    const carols = await sendCard(h, "ss", "carols-old", false, USERS.carol);
    // The old seal: the same key, over the offer, challenger, language and picture flag only.
    const key = createHash("sha256")
      .update(`inline card seal\n${h.parts.deps.config.token}`)
      .digest();
    const seal = createHmac("sha256", key).update(`lc:${USERS.alice.id}:en:0`).digest("base64url");
    await h.pressData(USERS.bob, carols, `i:lc:${USERS.alice.id}:en:at:${seal.slice(0, 10)}`);
    expect(lastAnswer(h)).toMatchObject({
      show_alert: true,
      text: "This button is no longer active.",
    });
    expect(await challengeInInline(h.parts.deps, "carols-old")).toBeNull();
    expect(await h.service.activeGamesAnywhere(USERS.alice.id)).toEqual([]);
    expect(h.tg.problems()).toEqual([]);
  });
});
