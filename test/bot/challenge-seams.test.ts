import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect } from "vitest";
import type { StoredMessage } from "../../bench/testkit/index.js";
import { plainText } from "../../bench/testkit/index.js";
import { gameInInline } from "../../src/bot/inline-lookup.js";
import { it } from "./fixtures.js";
import { buttonNamed, buttons, GROUP, type Harness, USERS } from "./harness.js";

const lastAnswer = (harness: Harness) => harness.tg.callsOf("answerCallbackQuery").at(-1)!.payload;
const texts = (m: Parameters<typeof buttons>[0]) => buttons(m).map((b) => b.text);

describe("challenge buttons", () => {
  it("a press that finds a challenge expired closes its card: Accept, Decline and Cancel alike", async ({
    harness,
  }) => {
    let now = 10_000_000;
    const h = await harness({ now: () => now, env: { CHALLENGE_TTL_MINUTES: "5" } });
    await h.send(USERS.alice, "/play");
    const forAccept = h.lastMessage();
    await h.send(USERS.alice, "/play @bob short");
    const forDecline = h.lastMessage();
    await h.send(USERS.carol, "/play long sport");
    const forCancel = h.lastMessage();
    now += 6 * 60_000;
    // No maintenance tick has run: the press itself finds the challenge expired.
    for (const [who, message, label] of [
      [USERS.bob, forAccept, /Accept/],
      [USERS.bob, forDecline, /Decline/],
      [USERS.carol, forCancel, /Cancel/],
    ] as const) {
      await h.press(who, message, buttonNamed(message, label));
      expect(lastAnswer(h)).toMatchObject({
        show_alert: true,
        text: "This challenge has expired.",
      });
      const live = h.tg.message(GROUP, message.messageId)!;
      expect(live.text).toMatch(/Nobody accepted .*'s challenge to .* in time/);
      expect(buttons(live)).toEqual([]);
    }
    expect(await h.service.getGame(1)).toBeNull();
    expect(
      await Promise.all([1, 2, 3].map(async (id) => (await h!.service.getChallenge(id))!.status)),
    ).toEqual(["expired", "expired", "expired"]);
    // The sweep afterwards has nothing left to do, and sends nothing.
    const calls = h.tg.calls.length;
    await h.tick(now);
    expect(h.tg.calls.slice(calls).map((c) => c.method)).toEqual([]);
    expect(h.tg.problems()).toEqual([]);
  });

  it("an open challenge offers Accept and Cancel; only the challenger cancels", async ({ h }) => {
    await h.send(USERS.alice, "/play");
    const open = h.lastMessage();
    expect(texts(open)).toEqual(["✅ Accept", "Cancel challenge"]);
    await h.press(USERS.bob, open, buttonNamed(open, /Cancel/));
    expect(lastAnswer(h)).toMatchObject({
      show_alert: true,
      text: "Only the challenger can cancel it.",
    });
    expect((await h.service.getChallenge(1))!.status).toBe("pending");
    // A forged Decline on an open challenge: nobody can decline it.
    await h.pressData(USERS.bob, open, "c:1:d");
    expect(lastAnswer(h)).toMatchObject({ show_alert: true });
    expect((await h.service.getChallenge(1))!.status).toBe("pending");
    await h.press(USERS.alice, open, buttonNamed(open, /Cancel/));
    const live = h.tg.message(GROUP, open.messageId)!;
    expect(live.text).toMatch(/Alice cancelled the challenge/);
    expect(buttons(live)).toEqual([]);
    expect(h.tg.problems()).toEqual([]);
  });

  it("a targeted challenge offers Decline too, and only the target may decline", async ({ h }) => {
    await h.send(USERS.alice, "/play @bob");
    const targeted = h.lastMessage();
    expect(texts(targeted)).toEqual(["✅ Accept", "❌ Decline", "Cancel challenge"]);
    for (const who of [USERS.carol, USERS.alice]) {
      await h.press(who, targeted, buttonNamed(targeted, /Decline/));
      expect(lastAnswer(h)).toMatchObject({ show_alert: true });
      expect((await h.service.getChallenge(1))!.status).toBe("pending");
      expect(texts(h.tg.message(GROUP, targeted.messageId)!)).toEqual(texts(targeted));
    }
    await h.press(USERS.carol, targeted, buttonNamed(targeted, /Accept/));
    expect(lastAnswer(h)).toMatchObject({
      show_alert: true,
      text: "This challenge is for someone else.",
    });
    await h.press(USERS.bob, targeted, buttonNamed(targeted, /Decline/));
    const live = h.tg.message(GROUP, targeted.messageId)!;
    expect(live.text).toMatch(/Bob declined the challenge/);
    expect(buttons(live)).toEqual([]);
    expect((await h.service.getChallenge(1))!.status).toBe("declined");
    expect(h.tg.problems()).toEqual([]);
  });

  it("two games between the same pair in one chat can be told apart", async ({ h }) => {
    await h.send(USERS.alice, "/play long sport");
    const sport = h.lastMessage();
    await h.send(USERS.alice, "/play");
    const classic = h.lastMessage();
    await h.press(USERS.carol, sport, buttonNamed(sport, /Accept/));
    const sportBoard = h.lastMessage();
    await h.press(USERS.carol, classic, buttonNamed(classic, /Accept/));
    const classicBoard = h.lastMessage();
    expect(sportBoard.messageId).not.toBe(classicBoard.messageId);
    const games = await h.service.activeGames(GROUP, USERS.alice.id);
    expect(games.map((g) => g.id)).toEqual([1, 2]);
    expect(games.map((g) => g.rules.head)).toEqual(["sport", "classic"]);
    // Each board answers its own challenge, and its caption names its rules and number.
    expect(sportBoard.replyTo).toBe(sport.messageId);
    expect(classicBoard.replyTo).toBe(classic.messageId);
    expect(sportBoard.caption).toContain("long nardy · sport · to 5 points · #1");
    expect(classicBoard.caption).toContain("long nardy · classic · running series · #2");

    await h.send(USERS.carol, "/resign");
    const picker = h.lastMessage();
    expect(texts(picker)).toHaveLength(2);
    const [first, second] = texts(picker);
    expect(first).toMatch(
      /^Alice · long nardy · sport · to 5 points · #1 · 0:0 · started 0 minutes ago$/,
    );
    expect(second).toMatch(
      /^Alice · long nardy · classic · running series · #2 · 0:0 · started 0 minutes ago$/,
    );
    await h.press(USERS.carol, picker, buttons(picker)[1]!);
    const question = h.tg.message(GROUP, picker.messageId)!;
    expect(question.text).toContain("#2");
    await h.press(USERS.carol, question, buttonNamed(question, /Yes, resign/));
    expect((await h.service.getGame(2))!.winnerId).toBe(USERS.alice.id);
    expect((await h.service.getGame(1))!.status).toBe("active");
    expect(h.tg.problems()).toEqual([]);
  });

  it("a card shared from a private chat: expired or taken, a press closes that copy too", async ({
    harness,
  }) => {
    let now = 10_000_000;
    const h = await harness({ now: () => now, env: { CHALLENGE_TTL_MINUTES: "5" } });
    const chat = USERS.alice.id;
    /** Alice shares the card of her dialog's challenge (its button's query) as an inline message. */
    const shareCard = async (dialog: StoredMessage, inlineMessageId: string) => {
      const share = buttons(h!.tg.message(chat, dialog.messageId)!)[0] as {
        switch_inline_query: string;
      };
      await h!.handle({
        inline_query: {
          id: `iq-${inlineMessageId}`,
          from: USERS.alice,
          query: share.switch_inline_query,
          offset: "",
        },
      });
      const [result] = h!.tg.callsOf("answerInlineQuery").at(-1)!.payload.results as {
        input_message_content: { message_text: string };
        reply_markup: { inline_keyboard: never[][] };
      }[];
      h!.tg.addInlineMessage(
        inlineMessageId,
        result!.input_message_content.message_text,
        result!.reply_markup.inline_keyboard,
      );
      return h!.tg.inlineMessage(inlineMessageId)!;
    };
    const setUp = async () => {
      await h!.send(USERS.alice, "/new", { chatId: chat });
      const dialog = h!.lastMessage(chat);
      for (const label of ["long nardy", "classic", "Running series", "No clock", /friend/]) {
        const live = h!.tg.message(chat, dialog.messageId)!;
        await h!.press(USERS.alice, live, buttonNamed(live, label));
      }
      return dialog;
    };

    // Shared twice; Bob takes one copy, Carol's press on the other closes hers.
    const first = await setUp();
    // First a doctored inline message with the challenge's data but not the bot's seal: the
    // press is refused, and no game starts, there or anywhere.
    const sealed = (await shareCard(first, "copy-0")).keyboard[0]![0] as { callback_data: string };
    const unsealed = sealed.callback_data.replace(/:[A-Za-z0-9_-]{10}$/, "");
    expect(unsealed).toMatch(/^c:\d+:a$/);
    h.tg.addInlineMessage("forged", "Play me", [[{ text: "Accept", callback_data: unsealed }]]);
    await h.pressData(USERS.bob, h.tg.inlineMessage("forged")!, unsealed);
    expect(lastAnswer(h)).toMatchObject({
      show_alert: true,
      text: expect.stringMatching(/another chat/),
    });
    expect(await h.service.activeGamesAnywhere(USERS.bob.id)).toEqual([]);
    const copyA = await shareCard(first, "copy-a");
    const copyB = await shareCard(first, "copy-b");
    await h.press(USERS.bob, copyA, buttonNamed(copyA, /Accept/));
    expect(await gameInInline(h.parts.deps, "copy-a")).not.toBeNull();
    // Alice's own card says where the game is: in the card she shared, not below it.
    const own = h.tg.message(chat, first.messageId)!.text!;
    expect(own).toMatch(
      /are playing: the board is in the challenge card, in the chat you sent it to/,
    );
    expect(own).not.toMatch(/below/);
    await h.press(USERS.carol, copyB, buttonNamed(copyB, /Accept/));
    expect(lastAnswer(h)).toMatchObject({ show_alert: true });
    const closedB = h.tg.inlineMessage("copy-b")!;
    expect(closedB.text).toMatch(/Alice's challenge to long nardy .* is closed/);
    expect(buttons(closedB)).toEqual([]);

    // Another, shared and left to expire: the press closes the card and the private message.
    const second = await setUp();
    const copyC = await shareCard(second, "copy-c");
    now += 6 * 60_000;
    await h.press(USERS.carol, copyC, buttonNamed(copyC, /Accept/));
    expect(lastAnswer(h)).toMatchObject({ show_alert: true, text: "This challenge has expired." });
    for (const m of [h.tg.inlineMessage("copy-c")!, h.tg.message(chat, second.messageId)!]) {
      expect(m.text).toMatch(/Nobody accepted Alice's challenge/);
      expect(buttons(m)).toEqual([]);
    }
    expect(await gameInInline(h.parts.deps, "copy-c")).toBeNull();
    expect(h.tg.problems()).toEqual([]);
  });

  it("Accept pressed before /play has stored its card: the card pressed closes", async ({ h }) => {
    // Telegram has posted the card, but its reply is still on the way to the bot.
    const hold = h.tg.holdNext("sendMessage");
    const posting = h.send(USERS.alice, "/play");
    await hold.reached;
    const card = h.lastMessage();
    expect((await h.service.getChallenge(1))!.message).toBeNull();
    await h.press(USERS.bob, card, buttonNamed(card, /Accept/));
    hold.release();
    await posting;
    const live = h.tg.message(GROUP, card.messageId)!;
    expect(live.text).toMatch(/Alice and Bob are playing|Bob and Alice are playing/);
    expect(buttons(live)).toEqual([]);
    expect(await h.service.getChallenge(1)).toMatchObject({ status: "accepted" });
    expect(await h.parts.deps.messages.cardClosed(1)).toBe(true);
    // The board follows, under the card.
    expect(h.lastMessage().photo).not.toBeNull();
    expect(h.tg.problems()).toEqual([]);
  });

  it("a card a restart left open after its challenge was accepted is closed at start-up", async ({
    harness,
  }) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "nardy-bot-")), "bot.sqlite");
    const first = await harness({ path: file });
    await first.send(USERS.alice, "/play");
    const card = first.lastMessage();
    await first.send(USERS.carol, "/play bot");
    // Accepted, and the process stopped before the card was edited.
    const bob = { id: USERS.bob.id, firstName: USERS.bob.first_name, username: USERS.bob.username };
    expect((await first.service.acceptChallenge(1, bob)).ok).toBe(true);
    expect(buttons(first.tg.message(GROUP, card.messageId)!).length).toBeGreaterThan(0);
    await first.close();

    let h = await harness({ path: file, tg: first.tg });
    const mark = h.tg.calls.length;
    await h.tick();
    const live = h.tg.message(GROUP, card.messageId)!;
    expect(live.text).toMatch(/are playing\. The board is below\./);
    expect(buttons(live)).toEqual([]);
    expect(await h.parts.deps.messages.cardClosed(1)).toBe(true);
    // Only that card was edited (not the game against the computer's command, say); a
    // later tick, or start, finds nothing more to close.
    const edits = () => h!.tg.calls.slice(mark).filter((c) => c.method === "editMessageText");
    expect(edits().map((c) => c.payload.message_id)).toEqual([card.messageId]);
    await h.close();
    h = await harness({ path: file, tg: first.tg });
    await h.tick();
    expect(edits()).toHaveLength(1);
    expect(h.tg.problems()).toEqual([]);
  });

  it("an unknown word after /play is named back, escaped, whatever it holds", async ({
    harness,
  }) => {
    const h = await harness();
    try {
      for (const word of ["<b>", "@x<y", "R&D", "dance"]) {
        await h.send(USERS.alice, `/play ${word}`);
        expect(plainText(h.lastMessage().text ?? "")).toContain(`“${word}”`);
      }
      expect(await h.service.getChallenge(1)).toBeNull();
      expect(h.tg.problems()).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
