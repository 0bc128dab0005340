import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect } from "vitest";
import { BOT_INFO } from "../../bench/testkit/index.js";
import { chooseAction } from "../../src/ai/index.js";
import { it } from "./fixtures.js";
import { buttonNamed, buttons, GROUP, type Harness, startAgainstBot, USERS } from "./harness.js";

/** Alice presses buttons whenever the game waits for her; the bot answers in between. */
async function playAgainstBot(harness: Harness, command: string, chatId = GROUP) {
  await harness.send(USERS.alice, command, { chatId });
  const board = await startAgainstBot(harness, chatId);
  expect(board.photo).not.toBeNull();
  const gameId = (await harness.service.activeGames(chatId, USERS.alice.id))[0]?.id ?? 1;
  let presses = 0;
  for (;;) {
    const game = (await harness.service.getGame(gameId))!;
    if (game.state.phase === "over") return { game, board };
    expect(game.waitingFor).toBe(USERS.alice.id);
    const live = harness.tg.message(chatId, board.messageId)!;
    // After every turn of the bot's, the board shows the position the database holds.
    for (const b of buttons(live))
      expect("callback_data" in b && b.callback_data).toContain(`g:${gameId}:${game.version}:`);
    // Undo could cycle with a step for ever under this fixed choice rule.
    const choices = buttons(live).filter((b) => !/Drop|Claim|Undo/.test(b.text));
    await harness.press(USERS.alice, live, choices[presses % choices.length]!);
    if (++presses > 2000) throw new Error("the game does not end");
  }
}

/** The group's board as each send and edit left it: its caption and its game buttons. */
function boardCalls(harness: Harness) {
  const json = (v: unknown) => (typeof v === "string" ? (JSON.parse(v) as unknown) : v);
  return harness.tg.calls
    .filter((c) => /^(sendPhoto|editMessageMedia|editMessageCaption)$/.test(c.method))
    .filter((c) => c.payload.chat_id === GROUP || c.payload.chat_id === String(GROUP))
    .map((c) => {
      const media = json(c.payload.media) as { caption?: string } | undefined;
      const markup = json(c.payload.reply_markup) as
        | { inline_keyboard: { callback_data?: string }[][] }
        | undefined;
      const gameButtons = (markup?.inline_keyboard ?? [])
        .flat()
        .map((b) => b.callback_data ?? "")
        .filter((d) => d.startsWith("g:") && !d.includes(":claim"));
      return { caption: String(media?.caption ?? c.payload.caption ?? ""), gameButtons };
    });
}

describe("playing the bot itself", () => {
  for (const [variant, command] of [
    ["long", "/play bot"],
    ["short", "/play short bot"],
  ] as const) {
    it(`a full game of ${variant} nardy against the bot`, async ({ harness }) => {
      // A pause before the bot moves, so its board shows its turn whatever the dice.
      const h = await harness({ computer: { delayMs: 30, level: "medium" } });
      const { game, board } = await playAgainstBot(h, command);
      expect(game.variant).toBe(variant);
      expect([game.white.id, game.black.id]).toContain(BOT_INFO.id);
      const botMoves = (await h.events(game.id)).filter((e) => e.actorId === BOT_INFO.id);
      expect(botMoves.length).toBeGreaterThan(5);
      const final = h.tg.message(GROUP, board.messageId)!;
      expect(final.caption).toMatch(/wins/);
      // While the bot is to act, its board shows none of the bot's buttons: nobody else may
      // press them.
      const botTurns = boardCalls(h).filter((c) =>
        c.caption.includes(`${BOT_INFO.first_name} to move`),
      );
      expect(botTurns.length).toBeGreaterThan(0);
      for (const c of botTurns) expect(c.gameButtons).toEqual([]);
      const aliceTurns = boardCalls(h).filter((c) => c.caption.includes("Alice to move"));
      expect(aliceTurns.length).toBeGreaterThan(0);
      for (const c of aliceTurns) expect(c.gameButtons).not.toEqual([]);
      // Telegram refused nothing, and every press was answered in time.
      expect(h.tg.problems()).toEqual([]);
    }, 180_000);
  }

  it("in a private chat, through the set-up dialog", async ({ harness }) => {
    const h = await harness({ computer: { delayMs: 0, level: "easy" } });
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
    await choose("No clock");
    await choose("The bot");
    const board = await startAgainstBot(h, chat);
    expect(board.photo).not.toBeNull();
    const game = (await h.service.activeGames(chat, USERS.alice.id))[0]!;
    expect(game.waitingFor).toBe(USERS.alice.id);
    // Telegram refused nothing, and every press was answered in time.
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("the bot after a restart", () => {
  it("takes up a turn it had not played at the first maintenance tick, and is not reminded", async ({
    harness,
  }) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "nardy-bot-")), "bot.sqlite");
    const first = await harness({ path: file });
    const me = { id: BOT_INFO.id, firstName: BOT_INFO.first_name, username: BOT_INFO.username };
    const alice = { id: USERS.alice.id, firstName: USERS.alice.first_name };
    const chat = { id: GROUP, type: "supergroup", title: "Nardy club" };
    const made = await first.service.createChallenge({
      challenger: alice,
      chat,
      target: { user: me },
      variant: "short",
    });
    if (!made.ok) throw new Error(made.error.message);
    const started = await first.service.acceptChallenge(made.value.id, me);
    if (!started.ok) throw new Error(started.error.message);
    // The bot starts the game in its board; Alice plays until the game waits for the bot, as
    // if the process then stopped.
    await first.settle();
    let game = (await first.service.getGame(started.value.game.id))!;
    while (game.waitingFor === alice.id) {
      for (const action of chooseAction(game.state, { player: "pipcount" })!.actions) {
        const r = await first.service.act(game.id, alice.id, action, game.version);
        if (!r.ok) throw new Error(r.error.message);
        game = r.value.game;
      }
    }
    expect(game.waitingFor).toBe(me.id);
    const versionAtStop = game.version;
    await first.close();

    // A pause before the bot's move, and a tick long after: the bot is due a reminder but
    // gets none, since it is the bot.
    const h = await harness({ path: file, tg: first.tg, computer: { delayMs: 5, level: "easy" } });
    const sentBefore = h.tg.callsOf("sendMessage").length;
    await h.tick(Date.now() + 30 * 24 * 3_600_000);
    expect(h.tg.callsOf("sendMessage").slice(sentBefore)).toEqual([]);
    const after = (await h.service.getGame(game.id))!;
    expect(after.version).toBeGreaterThan(versionAtStop);
    expect(after.waitingFor).not.toBe(me.id);
    const botActs = (await h.events(game.id)).filter((e) => e.actorId === me.id);
    expect(botActs.length).toBeGreaterThan(0);
  });
});
