import { afterEach, describe, expect, it } from "vitest";
import { botOpponents, vsBotStarter } from "../../src/bot/vs-bot-game.js";
import { BOT_INFO } from "./fake-telegram.js";
import { buttonNamed, buttons, createHarness, GROUP, type Harness, USERS } from "./harness.js";

let h: Harness | null = null;
afterEach(() => {
  h?.close();
  h = null;
});

/** Alice presses buttons whenever the game waits for her; the bot answers in between. */
async function playAgainstBot(harness: Harness, command: string, chatId = GROUP) {
  await harness.send(USERS.alice, command, { chatId });
  const bot = botOpponents.get(harness.parts)!;
  await bot.settled();
  const board = harness.lastMessage(chatId);
  expect(board.photo).not.toBeNull();
  const gameId = harness.service.activeGames(chatId, USERS.alice.id)[0]?.id ?? 1;
  let presses = 0;
  for (;;) {
    await bot.settled();
    const game = harness.service.getGame(gameId)!;
    if (game.state.phase === "over") return { game, board };
    expect(game.waitingFor).toBe(USERS.alice.id);
    const live = harness.tg.message(chatId, board.messageId)!;
    const choices = buttons(live).filter((b) => !/Drop|Claim/.test(b.text));
    await harness.press(USERS.alice, live, choices[presses % choices.length]!);
    if (++presses > 2000) throw new Error("the game does not end");
  }
}

describe("playing the bot itself", () => {
  for (const [variant, command] of [
    ["long", "/play bot"],
    ["short", "/play short bot"],
  ] as const) {
    it(`a full game of ${variant} nardy against the bot`, async () => {
      h = await createHarness({ vsBot: vsBotStarter(0, "medium") });
      const { game, board } = await playAgainstBot(h, command);
      expect(game.variant).toBe(variant);
      expect([game.white.id, game.black.id]).toContain(BOT_INFO.id);
      const botMoves = h.service.gameEvents(game.id).filter((e) => e.actorId === BOT_INFO.id);
      expect(botMoves.length).toBeGreaterThan(5);
      const final = h.tg.message(GROUP, board.messageId)!;
      expect(final.caption).toMatch(/wins/);
    }, 180_000);
  }

  it("in a private chat, through the set-up dialog", async () => {
    h = await createHarness({ vsBot: vsBotStarter(0, "easy") });
    const chat = USERS.alice.id;
    await h.send(USERS.alice, "/new", { chatId: chat });
    const dialog = h.lastMessage(chat);
    const choose = async (label: RegExp | string) => {
      const live = h!.tg.message(chat, dialog.messageId)!;
      await h!.press(USERS.alice, live, buttonNamed(live, label));
    };
    await choose("short nardy");
    await choose("standard");
    await choose("Running series");
    await choose("The bot");
    await botOpponents.get(h.parts)!.settled();
    const board = h.lastMessage(chat);
    expect(board.photo).not.toBeNull();
    const game = h.service.activeGames(chat, USERS.alice.id)[0]!;
    expect(game.waitingFor).toBe(USERS.alice.id);
  });
});
