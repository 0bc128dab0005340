import type { InlineKeyboardButton, User } from "grammy/types";
import { describe, expect } from "vitest";
import { BOT_INFO, type StoredMessage } from "../../bench/testkit/index.js";
import { gameInInline } from "../../src/bot/inline-lookup.js";
import { remainingPlays } from "../../src/engine/index.js";
import {
  buttonNamed,
  buttons,
  GROUP,
  groupGame,
  type Harness,
  links,
  USERS,
  userById,
} from "../bot/harness.js";
import { sendCard } from "../bot/inline-cards.js";
import { it } from "./fixtures.js";

const WEB = { WEBAPP_URL: "https://nardy.example.org/board", WEBAPP_SHORT_NAME: "board" };

/** The message's 🎮 button, whatever its kind. */
const openBoard = (m: StoredMessage): InlineKeyboardButton | undefined =>
  m.keyboard.flat().find((b) => b.text === "🎮 Open board");

/** Edits of the group's board so far. */
const boardEdits = (h: Harness, board: StoredMessage) =>
  h.tg.calls.filter(
    (c) =>
      c.method.startsWith("editMessage") &&
      Number(c.payload.chat_id) === GROUP &&
      Number(c.payload.message_id) === board.messageId,
  ).length;

describe("🎮 Open board under a game's board", () => {
  it("is not there without the board page's settings", async ({ harness }) => {
    const h = await harness();
    const { board } = await groupGame(h);
    expect(openBoard(board)).toBeUndefined();
    expect(links(board).map((b) => b.text)).toEqual(["▶ Play in private chat"]);
  });

  it("links a group's board to the Mini App, a private chat's board opens it in place", async ({
    harness,
  }) => {
    const h = await harness({ env: WEB, computer: {} });
    const { gameId, board } = await groupGame(h);
    // web_app buttons are refused in groups: the link opens the Mini App with the game's id.
    expect(openBoard(board)).toEqual({
      text: "🎮 Open board",
      url: `https://t.me/${BOT_INFO.username}/board?startapp=g${gameId}`,
    });
    expect(board.keyboard.at(-1)!.map((b) => b.text)).toEqual([
      "🎮 Open board",
      "▶ Play in private chat",
    ]);
    // A player's own board, in private, opens the page itself.
    const start = new URL(links(board).find((b) => /Play in/.test(b.text))!.url).searchParams;
    await h.send(USERS.alice, `/start ${start.get("start")}`, { chatId: USERS.alice.id });
    expect(openBoard(h.lastMessage(USERS.alice.id))).toEqual({
      text: "🎮 Open board",
      web_app: { url: `https://nardy.example.org/board?g=${gameId}` },
    });
    // A game against the bot in a private chat: the page, in place, too.
    await h.send(USERS.carol, "/play bot", { chatId: USERS.carol.id });
    const card = h.lastMessage(USERS.carol.id);
    await h.press(USERS.carol, card, buttonNamed(card, /🎲/));
    const own = (await h.service.activeGames(USERS.carol.id, USERS.carol.id))[0]!;
    expect(openBoard(h.lastMessage(USERS.carol.id))).toEqual({
      text: "🎮 Open board",
      web_app: { url: `https://nardy.example.org/board?g=${own.id}` },
    });
    expect(h.tg.problems()).toEqual([]);
  });

  it("links an inline game's board to the Mini App, and stays once the game is over", async ({
    harness,
    web,
  }) => {
    const h = await harness({ env: WEB });
    const card = await sendCard(h, "ss", "inl-1", true);
    await h.press(USERS.bob, card, buttonNamed(card, /Accept/));
    const game = (await gameInInline(h.parts.deps, "inl-1"))!;
    const inline = h.tg.inlineMessage("inl-1")!;
    expect(openBoard(inline)).toEqual({
      text: "🎮 Open board",
      url: `https://t.me/${BOT_INFO.username}/board?startapp=g${game.id}`,
    });
    // Resigned and accepted: the finished board keeps its way to the replay in the page.
    const page = await web(h);
    const offerBy: User = userById(game.white.id);
    await page.as(offerBy).act(game.id, game.version, { type: "resign", kind: "single" });
    const offered = (await h.service.getGame(game.id))!;
    await page.as(userById(offered.waitingFor!)).act(game.id, offered.version, {
      type: "accept-resign",
    });
    await h.settle();
    expect((await h.service.getGame(game.id))!.status).toBe("finished");
    expect(openBoard(h.tg.inlineMessage("inl-1")!)).toBeDefined();
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("a turn played in the page", () => {
  it("costs the group's board one edit, roll and steps together; meanwhile the board is for onlookers", async ({
    harness,
    web,
  }) => {
    const h = await harness({ env: WEB });
    const w = await web(h);
    const { gameId, board } = await groupGame(h);
    const pageOf = (userId: number) => w.as(userById(userId));
    const play = async () => {
      const g = (await h.service.getGame(gameId))!;
      const steps = remainingPlays(g.state)[0]!.steps.map(({ from, to, die }) => ({
        from,
        to,
        die,
      }));
      expect(
        (await pageOf(g.waitingFor!).act(gameId, g.version, { type: "play", steps })).status,
      ).toBe(200);
    };
    // The opening's mover plays from the page; the other player is left to roll or double.
    await play();
    await h.settle();
    const second = (await h.service.getGame(gameId))!;
    expect(second.state.phase).toBe("roll");
    const before = boardEdits(h, board);
    const roll = await pageOf(second.waitingFor!).act(gameId, second.version, { type: "roll" });
    expect(roll.status).toBe(200);
    await h.settle();
    // Rolled in the page: the chat's board waits for the turn's end.
    expect(boardEdits(h, board)).toBe(before);
    expect(await h.parts.deps.privateBoards.playsHere(gameId, second.waitingFor!)).toBe(true);
    const rolled = (await h.service.getGame(gameId))!;
    if (rolled.state.phase === "move") await play();
    await h.settle();
    expect(boardEdits(h, board)).toBe(before + 1);
    const shown = h.tg.message(GROUP, board.messageId)!;
    expect(shown.caption).toContain(
      `${(await h.service.getGame(gameId))!.state.lastMove!.dice.join("-")}`,
    );
    expect(h.tg.problems()).toEqual([]);
  });

  it("a press on the chat's board brings the player back there: its steps show at once", async ({
    harness,
    web,
  }) => {
    const h = await harness({ env: WEB });
    const w = await web(h);
    const { gameId, board } = await groupGame(h);
    const g = (await h.service.getGame(gameId))!;
    const mover = userById(g.waitingFor!);
    // Something done in the page, then a step pressed on the group's board.
    await w.as(mover).boot(gameId);
    const steps = remainingPlays(g.state)[0]!.steps;
    expect(steps.length).toBeGreaterThan(0);
    h.parts.deps.privateBoards.note(gameId, mover.id, "page");
    const live = h.tg.message(GROUP, board.messageId)!;
    const before = boardEdits(h, board);
    await h.press(mover, live, buttons(live).find((b) => !/Claim|Undo/.test(b.text))!);
    expect(await h.parts.deps.privateBoards.playsHere(gameId, mover.id)).toBe(false);
    expect(boardEdits(h, board)).toBe(before + 1);
  });
});
