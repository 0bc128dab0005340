import { afterEach, describe, expect, it } from "vitest";
import { buttonNamed, buttons, createHarness, type Harness, USERS } from "./harness.js";
import { sendCard } from "./inline-cards.js";

const CACHE_CHAT = -100_999;

let h: Harness | null = null;
afterEach(() => {
  h?.close();
  h = null;
});

const lastAnswer = (harness: Harness) => harness.tg.callsOf("answerCallbackQuery").at(-1)!.payload;

describe("inline cards at their edges", () => {
  it("a picture card that became a challenge expires through its caption and loses its buttons", async () => {
    let now = 20_000_000;
    h = await createHarness({
      now: () => now,
      env: { BOARD_CACHE_CHAT_ID: String(CACHE_CHAT), CHALLENGE_TTL_MINUTES: "5" },
    });
    const card = await sendCard(h, "lc", "pic-1", true, USERS.alice);
    expect(card.photo).toMatch(/^photo-/);
    const challenge = h.service.challengeForInlineMessage("pic-1")!;
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
    expect(h.service.getChallenge(challenge.id)!.status).toBe("expired");
    expect(h.tg.callsOf("editMessageText")).toEqual([]);
    expect(h.tg.problems()).toEqual([]);
  });

  it("a picture card found expired by a press is closed through its caption too", async () => {
    let now = 20_000_000;
    h = await createHarness({
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
    expect(h.service.gameForInlineMessage("pic-2")).toBeNull();
    expect(h.tg.problems()).toEqual([]);
  });

  it("after the sender cancels a card sent without feedback, its old Accept starts nothing", async () => {
    h = await createHarness();
    const card = await sendCard(h, "ls", "plain-1", false, USERS.alice);
    expect(h.service.challengeForInlineMessage("plain-1")).toBeNull();
    const stale = structuredClone(card);
    await h.press(USERS.alice, card, buttonNamed(card, /Cancel/));
    const cancelled = h.tg.inlineMessage("plain-1")!;
    expect(cancelled.text).toMatch(/Alice cancelled the challenge/);
    expect(buttons(cancelled)).toEqual([]);
    // Bob's app still showed the card: his Accept is answered with an alert, and no game starts.
    await h.press(USERS.bob, stale, buttonNamed(stale, /Accept/));
    expect(lastAnswer(h)).toMatchObject({ show_alert: true, text: "This challenge is closed." });
    expect(h.service.gameForInlineMessage("plain-1")).toBeNull();
    expect(h.service.getGame(1)).toBeNull();
    // Nor does a second Cancel, or Alice's own Accept, do anything.
    await h.press(USERS.alice, stale, buttonNamed(stale, /Cancel/));
    expect(lastAnswer(h)).toMatchObject({ show_alert: true });
    expect(h.tg.inlineMessage("plain-1")!.text).toBe(cancelled.text);
    expect(h.tg.problems()).toEqual([]);
  });

  it("a Ukrainian card accepted by a Russian speaker: the game speaks Ukrainian", async () => {
    h = await createHarness({ env: { BOARD_CACHE_CHAT_ID: String(CACHE_CHAT) } });
    const card = await sendCard(h, "lc", "uk-1", false, USERS.taras);
    expect(card.caption).toMatch(/Тарас/);
    // The card speaks its sender's language.
    const accept = buttonNamed(card, "✅ Прийняти");
    await h.press(USERS.olga, card, accept);
    const game = h.service.gameForInlineMessage("uk-1")!;
    expect(game.locale).toBe("uk");
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
