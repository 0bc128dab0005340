import { createHash } from "node:crypto";
import { describe, expect } from "vitest";
import { BOT_INFO, type StoredMessage } from "../../bench/testkit/index.js";
import { diceOfEvents } from "../helpers/dice.js";
import { sampled } from "../helpers/samples.js";
import { playerDice } from "../services/player-dice.js";
import { it } from "./fixtures.js";
import { buttonNamed, buttons, GROUP, type Harness, USERS, userById } from "./harness.js";

const sha256 = (hex: string) => createHash("sha256").update(Buffer.from(hex, "hex")).digest("hex");
const commitmentIn = (text: string | null | undefined) =>
  /dice commitment \(SHA-256\): <code>([0-9a-f]{64})<\/code>/.exec(text ?? "")?.[1];
const secondPartIn = (text: string | null | undefined) =>
  /dice second part: <code>([^<]+)<\/code>/.exec(text ?? "")?.[1];
const plain = (m: StoredMessage) => m.text ?? m.caption ?? "";

async function playOut(harness: Harness, board: StoredMessage, gameId: number) {
  for (let presses = 0; presses < 3000; presses++) {
    const game = (await harness.service.getGame(gameId))!;
    if (game.state.phase === "over") return;
    const live = harness.tg.message(board.chatId!, board.messageId)!;
    const choices = buttons(live).filter((b) => !/Drop|Claim|Undo|Double/.test(b.text));
    await harness.press(userById(game.waitingFor!), live, choices[presses % choices.length]!);
  }
  throw new Error("the game does not end");
}

/**
 * The press that starts a game, and what the chat saw of its first message: posted with the
 * commitment and no die, then (once Telegram gave it its number and date) edited to show the
 * opening drawn from the seed and that number and date.
 */
async function startBy(harness: Harness, press: () => Promise<unknown>) {
  const before = harness.tg.calls.length;
  await press();
  const calls = harness.tg.calls.slice(before);
  const posts = calls.filter((c) => c.method === "sendPhoto");
  expect(posts).toHaveLength(1);
  const post = posts[0]!;
  const sent = (post.answer as { result: { message_id: number; date: number } }).result;
  const opening = calls.findIndex((c) => c.method === "editMessageMedia");
  expect(opening).toBeGreaterThan(calls.indexOf(post));
  const answered = calls.find((c) => c.method === "answerCallbackQuery")!;
  const pressId = String(answered.payload.callback_query_id);
  return {
    caption: String(post.payload.caption),
    markup: post.payload.reply_markup,
    sent,
    pressId,
  };
}

/**
 * The second part a press fixed: its id (Telegram's), with the pressed message's chat, id and
 * date; nothing of the message the bot posts after it.
 */
function pressPart(pressId: string, pressed: StoredMessage, sent: { message_id: number }) {
  const part = `press:${pressId}:${pressed.chatId}:${pressed.messageId}:`;
  return {
    matches: (salt: string | null) => {
      expect(salt).toMatch(new RegExp(`^${part.replace(/[-:]/g, "\\$&")}\\d+$`));
      expect(salt).not.toContain(`:${sent.message_id}:`);
    },
  };
}

describe("the dice come from a committed seed and the press that starts the game", () => {
  // The same flow for both games: `npm test` runs the short one, the slow suite both.
  const commands = ["/play", "/play short"];
  for (const command of sampled(commands, commands.slice(1)))
    it(`${command}: the hash first; the press fixes the second part; the end reveals the seed, and the next game's hash`, async ({
      h,
    }) => {
      await h.send(USERS.alice, command);
      const challenge = h.lastMessage();
      const committed = commitmentIn(challenge.text);
      expect(committed).toMatch(/^[0-9a-f]{64}$/);

      const challengeAt = challenge;
      const first = await startBy(h, () =>
        h!.press(USERS.bob, challengeAt, buttonNamed(challengeAt, /Accept/)),
      );
      // Its first message shows the same hash and no die, and offers nothing to press.
      expect(commitmentIn(first.caption)).toBe(committed);
      expect(first.caption).not.toMatch(/lot: /);
      expect(JSON.parse(String(first.markup ?? '{"inline_keyboard":[]}'))).toEqual({
        inline_keyboard: [],
      });
      // The accepted challenge keeps the hash in the chat.
      expect(commitmentIn(h.tg.message(challenge.chatId!, challenge.messageId)!.text)).toBe(
        committed,
      );
      const board = h.lastMessage();
      expect(board.messageId).toBe(first.sent.message_id);
      const secondPart = (await h.service.getGame(1))!.diceSalt!;
      pressPart(first.pressId, challengeAt, first.sent).matches(secondPart);
      expect(commitmentIn(board.caption)).toBe(committed);
      expect(secondPartIn(board.caption)).toBe(secondPart);
      expect(board.caption).toMatch(/lot: /);

      await playOut(h, board, 1);
      const game = (await h.service.getGame(1))!;
      const final = plain(h.tg.message(board.chatId!, board.messageId)!);
      const seed = /dice seed: <code>([0-9a-f]{64})<\/code>/.exec(final)?.[1];
      expect(seed).toBeDefined();
      expect(sha256(seed!)).toBe(committed);
      expect(secondPartIn(final)).toBe(secondPart);
      // Every die the players saw comes from the seed and the second part, in order; from
      // the seed alone they would be others.
      const shown = diceOfEvents(await h.events(game.id));
      expect(shown).toEqual(playerDice(seed!, shown.length, secondPart).dice);
      expect(shown).not.toEqual(playerDice(seed!, shown.length, null).dice);

      // The next game's seed is drawn already: its hash is on the final board.
      const next = /next game's dice commitment \(SHA-256\): <code>([0-9a-f]{64})<\/code>/.exec(
        final,
      )?.[1];
      expect(next).toMatch(/^[0-9a-f]{64}$/);
      const live = h.tg.message(board.chatId!, board.messageId)!;
      const second = await startBy(h, () =>
        h!.press(USERS.alice, live, buttonNamed(live, /Next game/)),
      );
      expect(commitmentIn(second.caption)).toBe(next);
      const rematch = (await h.service.getGame(2))!;
      expect(rematch.diceCommitment).toBe(next);
      pressPart(second.pressId, live, second.sent).matches(rematch.diceSalt);
      expect(commitmentIn(h.lastMessage().caption)).toBe(next);
      expect(h.tg.problems()).toEqual([]);
    }, 120_000);
});

describe("against the bot, the challenger's 🎲 starts the game after its hash is shown", () => {
  it("/play bot: a card with the hash; only the challenger starts it; the press fixes the second part", async ({
    harness,
  }) => {
    const h = await harness({ computer: { delayMs: 0, level: "easy" } });
    await h.send(USERS.alice, "/play bot");
    const card = h.lastMessage();
    const committed = commitmentIn(card.text);
    expect(committed).toMatch(/^[0-9a-f]{64}$/);
    expect(buttons(card).map((b) => b.text)).toEqual(["🎲 Start", "Cancel challenge"]);
    // Nothing is drawn yet: no game, no board.
    expect(await h.service.activeGames(GROUP, USERS.alice.id)).toEqual([]);
    expect(h.tg.callsOf("sendPhoto")).toEqual([]);

    // Someone else's press starts nothing.
    await h.press(USERS.bob, card, buttonNamed(card, /🎲/));
    expect(h.tg.callsOf("answerCallbackQuery").at(-1)!.payload.text).toBe(
      "This challenge is for someone else.",
    );
    expect(await h.service.activeGames(GROUP, USERS.alice.id)).toEqual([]);

    const first = await startBy(h, () => h!.press(USERS.alice, card, buttonNamed(card, /🎲/)));
    expect(commitmentIn(first.caption)).toBe(committed);
    const game = (await h.service.activeGames(GROUP, USERS.alice.id))[0]!;
    expect(game.diceCommitment).toBe(committed);
    pressPart(first.pressId, card, first.sent).matches(game.diceSalt);
    expect([game.white.id, game.black.id]).toContain(BOT_INFO.id);
    const closed = h.tg.message(GROUP, card.messageId)!;
    expect(buttons(closed)).toEqual([]);
    expect(commitmentIn(closed.text)).toBe(committed);
    expect(h.tg.problems()).toEqual([]);
  });

  it("/play bot, then Cancel: the card closes and no game starts", async ({ harness }) => {
    const h = await harness({ computer: { delayMs: 0, level: "easy" } });
    await h.send(USERS.alice, "/play short bot");
    const card = h.lastMessage();
    await h.press(USERS.alice, card, buttonNamed(card, /Cancel/));
    expect(buttons(h.tg.message(GROUP, card.messageId)!)).toEqual([]);
    expect(await h.service.activeGames(GROUP, USERS.alice.id)).toEqual([]);
    expect(h.tg.problems()).toEqual([]);
  });
});
