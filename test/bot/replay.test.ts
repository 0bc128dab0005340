import type { User } from "grammy/types";
import { describe, expect } from "vitest";
import { gameInInline } from "../../src/bot/inline-lookup.js";
import { finishedGame, playToEnd } from "./finished-game.js";
import { it } from "./fixtures.js";
import { buttonNamed, buttons, type Harness, USERS } from "./harness.js";
import { sendCard } from "./inline-cards.js";

const CACHE_CHAT = -100_999;
const REVIEW_BUTTONS = ["🔁 Next game", "📊 Analysis", "🎞 Replay", "⬇ Record"];

const lastAnswer = (harness: Harness) => harness.tg.callsOf("answerCallbackQuery").at(-1)!.payload;

const LANGUAGES: [User, { replay: string; making: string; caption: RegExp }][] = [
  [
    USERS.alice,
    {
      replay: "🎞 Replay",
      making: "🎞 Drawing the replay…",
      caption:
        /^🎞 Replay of long nardy · classic · running series · #1: ⚪ (Alice — Bob|Bob — Alice) ⚫\. 🏆 [⚪⚫] \S+ wins an? (oin|mars): \+\d$/,
    },
  ],
  [
    USERS.olga,
    {
      replay: "🎞 Повтор",
      making: "🎞 Рисую повтор…",
      caption:
        /^🎞 Повтор партии длинные нарды · классика · бессрочная серия · #1: ⚪ (Ольга — Bob|Bob — Ольга) ⚫\. 🏆 [⚪⚫] \S+ выигрывает: (оин|марс), \+\d$/,
    },
  ],
  [
    USERS.taras,
    {
      replay: "🎞 Повтор",
      making: "🎞 Малюю повтор…",
      caption:
        /^🎞 Повтор партії довгі нарди · класика · безстрокова серія · #1: ⚪ (Тарас — Bob|Bob — Тарас) ⚫\. 🏆 [⚪⚫] \S+ виграє: (оін|марс), \+\d$/,
    },
  ],
];

describe("the replay of a finished game", () => {
  for (const [challenger, texts] of LANGUAGES) {
    it(`is one animation under the board, drawn once (${challenger.language_code})`, async ({
      harness,
    }) => {
      let now = Date.UTC(2026, 5, 1);
      const h = await harness({ now: () => now });
      const { game, board } = await finishedGame(h, challenger, USERS.bob, "/play");
      await h.press(challenger, board, buttonNamed(board, texts.replay));
      expect(lastAnswer(h)).toMatchObject({ text: texts.making });
      const sent = h.lastMessage();
      expect(sent.file).toMatchObject({ kind: "animation", name: `nardy-${game.id}.gif` });
      expect(sent.replyTo).toBe(board.messageId);
      expect(sent.shown?.text).toMatch(texts.caption);
      // One frame per turn, with the opening and the final panel (the stand-in counts them).
      const turns = (await h.events(game.id)).filter((e) => e.type === "roll").length;
      const frames = Number(/^GIF:(\d+):/.exec((sent.file!.data as Buffer).toString())![1]);
      expect(frames).toBeGreaterThanOrEqual(turns + 1);
      // Asked again in the hour: it is above, nothing sent.
      now += 5 * 60_000;
      await h.press(USERS.alice, board, buttonNamed(board, texts.replay));
      expect(lastAnswer(h).text).toMatch(/5/);
      expect(h.tg.callsOf("sendAnimation")).toHaveLength(1);
      // Later: the stored file id, no second drawing or upload.
      now += 60 * 60_000;
      await h.press(USERS.alice, board, buttonNamed(board, texts.replay));
      expect(h.tg.callsOf("sendAnimation")).toHaveLength(2);
      const again = h.tg.callsOf("sendAnimation")[1]!;
      expect(again.payload.animation).toBe(sent.file!.fileId);
      expect(again.files).toEqual({});
      expect(h.tg.problems()).toEqual([]);
    });
  }

  it("a double tap sends it once: the second press shares the first one's send", async ({ h }) => {
    const { board } = await finishedGame(h, USERS.alice, USERS.bob, "/play short");
    await Promise.all([
      h.press(USERS.alice, board, buttonNamed(board, "🎞 Replay")),
      h.press(USERS.alice, board, buttonNamed(board, "🎞 Replay")),
    ]);
    expect(h.tg.callsOf("sendAnimation")).toHaveLength(1);
    expect(
      h.tg
        .callsOf("answerCallbackQuery")
        .slice(-2)
        .map((c) => c.payload.text)
        .sort(),
    ).toEqual(["🎞 Drawing the replay…", "🎞 This replay is on its way already."]);
    expect(h.tg.problems()).toEqual([]);
  });

  it("an inline game's own message becomes the replay, uploaded through the cache chat", async ({
    harness,
  }) => {
    const h = await harness({ env: { BOARD_CACHE_CHAT_ID: String(CACHE_CHAT) } });
    const card = await sendCard(h, "ss", "inl-replay", false);
    await h.press(USERS.bob, card, buttonNamed(card, /Accept/));
    await playToEnd(h, (await gameInInline(h.parts.deps, "inl-replay"))!);
    const final = h.tg.inlineMessage("inl-replay")!;
    expect(buttons(final).map((b) => b.text)).toEqual(REVIEW_BUTTONS);
    await h.press(USERS.alice, final, buttonNamed(final, "🎞 Replay"));
    const upload = h.tg.callsOf("sendAnimation");
    expect(upload).toHaveLength(1);
    expect(Number(upload[0]!.payload.chat_id)).toBe(CACHE_CHAT);
    expect(h.tg.chatMessages(CACHE_CHAT)).toEqual([]);
    const shown = h.tg.inlineMessage("inl-replay")!;
    expect(shown.file).toMatchObject({ kind: "animation" });
    expect(shown.caption).toMatch(/wins/);
    expect(buttons(shown).map((b) => b.text)).toEqual(REVIEW_BUTTONS);
    expect(h.tg.problems()).toEqual([]);
  });

  it("without a cache chat an inline replay goes through the presser's private chat", async ({
    h,
  }) => {
    const card = await sendCard(h, "lc", "inl-private", false);
    await h.press(USERS.bob, card, buttonNamed(card, /Accept/));
    await playToEnd(h, (await gameInInline(h.parts.deps, "inl-private"))!);
    const final = h.tg.inlineMessage("inl-private")!;
    // Bob never wrote to the bot: it cannot reach him.
    await h.press(USERS.bob, final, buttonNamed(final, "🎞 Replay"));
    expect(lastAnswer(h)).toMatchObject({
      show_alert: true,
      text: "To see the replay of this game, start a private chat with me and press again.",
    });
    await h.send(USERS.bob, "/start", { chatId: USERS.bob.id });
    await h.press(USERS.bob, final, buttonNamed(final, "🎞 Replay"));
    expect(h.lastMessage(USERS.bob.id).file).toMatchObject({ kind: "animation" });
    expect(h.tg.inlineMessage("inl-private")!.file).toMatchObject({ kind: "animation" });
    // Problems: only the refused sendChatAction probe to a chat Bob never opened.
    expect(h.tg.problems().filter((p) => !p.includes("sendChatAction"))).toEqual([]);
  });

  it("a game the database no longer holds says so", async ({ h }) => {
    const { board } = await finishedGame(h, USERS.alice, USERS.bob, "/play short");
    h.database.sqlite.exec(
      "delete from game_events where game_id = 1; delete from games where id = 1",
    );
    await h.press(USERS.alice, board, buttonNamed(board, "🎞 Replay"));
    expect(lastAnswer(h)).toMatchObject({
      show_alert: true,
      text: "This game is no longer stored.",
    });
    expect(h.tg.callsOf("sendAnimation")).toEqual([]);
  });
});
