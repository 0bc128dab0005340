/**
 * A game's message always ends up showing what the database holds, whatever happened on the
 * way: a restart between storing a game and posting its board, a board left behind its game,
 * a press answer that fails or whose reply is lost, a press on a board whose posting has not
 * returned yet.
 */

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect } from "vitest";
import { type StoredMessage, TG } from "../../bench/testkit/index.js";
import { memoryFrontEnd } from "../../bench/testkit/memory-front-end.js";
import { openDatabase } from "../../src/db/index.js";
import { turnView } from "../../src/engine/index.js";
import { GameService, type GameView, type ServiceResult } from "../../src/services/index.js";
import { FULL_SAMPLES } from "../helpers/samples.js";
import { it, type MakeHarness } from "./fixtures.js";
import { buttonNamed, buttons, GROUP, type Harness, USERS, userById } from "./harness.js";

async function harnessOn(make: MakeHarness, file: string, tg?: Harness["tg"]) {
  return make({ path: file, ...(tg ? { tg } : {}) });
}
const dbFile = () => path.join(mkdtempSync(path.join(tmpdir(), "nardy-boards-")), "bot.sqlite");
const dataOf = (m: StoredMessage) =>
  buttons(m).map((b) => ("callback_data" in b ? b.callback_data : ""));
const unwrapOk = (r: ServiceResult<{ game: GameView }>): GameView => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value.game;
};
const photosIn = (h: Harness) => h.tg.chatMessages(GROUP).filter((m) => m.photo !== null);

/** The game's own board shows its stored version: every button carries it. */
async function expectCurrent(h: Harness, gameId: number) {
  const game = (await h.service.getGame(gameId))!;
  expect(game.message?.kind).toBe("chat");
  const ref = game.message as { chatId: number; messageId: number };
  const board = h.tg.message(ref.chatId, ref.messageId)!;
  expect(dataOf(board).length).toBeGreaterThan(0);
  for (const d of dataOf(board)) expect(d).toContain(`g:${gameId}:${game.version}:`);
  return board;
}

describe("a restart", () => {
  it("starts a game stored just before the process stopped in a message of its own, once; the copy it never recorded has no buttons", async ({
    harness: make,
  }) => {
    const file = dbFile();
    const first = await harnessOn(make, file);
    await first.send(USERS.alice, "/play");
    const challenge = first.lastMessage();
    // The game's first message reaches the chat, but the process dies before Telegram's
    // reply arrives: the game has not started, no die has fallen, nothing can be pressed.
    const hold = first.tg.holdNext("sendPhoto");
    void first.press(USERS.bob, challenge, buttonNamed(challenge, /Accept/));
    await hold.reached;
    const orphan = first.lastMessage();
    expect(buttons(orphan)).toEqual([]);
    expect(await first.service.getGame(1)).toMatchObject({ starting: true, diceSalt: null });
    await first.close();

    const h = await harnessOn(make, file, first.tg);
    await h.tick();
    const board = await expectCurrent(h, 1);
    expect(board.messageId).not.toBe(orphan.messageId);
    expect(board.replyTo).toBe(challenge.messageId);
    // Started: its second part is the press that accepted it (its id, the card's place).
    expect((await h.service.getGame(1))!.diceSalt).toMatch(
      new RegExp(`^press:\\d+:${GROUP}:\\d+:\\d+$`),
    );
    expect(buttons(h.tg.message(GROUP, orphan.messageId)!)).toEqual([]);
    // Further ticks send nothing: the board is current.
    const calls = h.tg.calls.length;
    await h.tick();
    expect(h.tg.calls.slice(calls)).toEqual([]);
    expect(h.tg.problems()).toEqual([]);
  });

  it("a first message Telegram refuses is tried again at the next tick; the game starts once it goes through", async ({
    harness: make,
  }) => {
    const h = await harnessOn(make, dbFile());
    await h.send(USERS.alice, "/play");
    const challenge = h.lastMessage();
    // Refused for every try that follows the press (the accept and the new game each ask).
    for (let i = 0; i < 2; i++)
      h.tg.failNext("sendPhoto", {
        error_code: 400,
        description: "Bad Request: not enough rights to send photos to the chat",
      });
    await h.press(USERS.bob, challenge, buttonNamed(challenge, /Accept/));
    expect(photosIn(h)).toEqual([]);
    expect(await h.service.getGame(1)).toMatchObject({ starting: true, diceSalt: null });
    await h.tick();
    await expectCurrent(h, 1);
    // Started: its second part is the press that accepted it (its id, the card's place).
    expect((await h.service.getGame(1))!.diceSalt).toMatch(
      new RegExp(`^press:\\d+:${GROUP}:\\d+:\\d+$`),
    );
    expect(photosIn(h)).toHaveLength(1);
  });

  it("brings a board behind its game up to date without anyone pressing", async ({
    harness: make,
  }) => {
    const file = dbFile();
    const first = await harnessOn(make, file);
    await first.send(USERS.alice, "/play short");
    const challenge = first.lastMessage();
    await first.press(USERS.bob, challenge, buttonNamed(challenge, /Accept/));
    await first.close();
    // Moves stored by a process that stopped before showing them.
    const db = openDatabase(file);
    const svc = new GameService(db.db, memoryFrontEnd());
    let game = (await svc.getGame(1))!;
    const before = game.version;
    for (let i = 0; i < 4 && game.waitingFor; i++) {
      const next = turnView(game.state)?.nextSteps[0];
      const action = next ? ({ type: "step", ...next } as const) : ({ type: "roll" } as const);
      game = unwrapOk(await svc.act(game.id, game.waitingFor, action, game.version));
    }
    db.close();
    expect(game.version).toBeGreaterThan(before);

    const h = await harnessOn(make, file, first.tg);
    await h.tick();
    await expectCurrent(h, 1);
    expect(photosIn(h)).toHaveLength(1);
    expect(h.tg.problems()).toEqual([]);
  });
});

/** Alice's /play accepted by Bob on a new database: game 1's board and its version. */
async function firstGameBoard(make: MakeHarness) {
  const h = await harnessOn(make, dbFile());
  await h.send(USERS.alice, "/play");
  const challenge = h.lastMessage();
  await h.press(USERS.bob, challenge, buttonNamed(challenge, /Accept/));
  return { h, board: h.lastMessage(), before: (await h.service.getGame(1))!.version };
}

describe("answering and showing are independent", () => {
  it("a press whose answer Telegram refuses still moves the board", async ({ harness: make }) => {
    const { h, board, before } = await firstGameBoard(make);
    h.tg.failNext("answerCallbackQuery", { error_code: 400, description: TG.queryInvalid });
    await h.press(userById((await h.service.getGame(1))!.waitingFor!), board, buttons(board)[0]!);
    expect((await h.service.getGame(1))!.version).toBeGreaterThan(before);
    await expectCurrent(h, 1);
  });

  // Auto-retry's real backoff after the lost reply: the slow suite only.
  it.runIf(FULL_SAMPLES)(
    "a press whose answer's reply is lost still moves the board",
    async ({ harness: make }) => {
      const { h, board, before } = await firstGameBoard(make);
      const hold = h.tg.holdNext("answerCallbackQuery");
      const pressing = h.press(
        userById((await h.service.getGame(1))!.waitingFor!),
        board,
        buttons(board)[0]!,
      );
      await hold.reached;
      hold.release(true);
      await pressing;
      expect((await h.service.getGame(1))!.version).toBeGreaterThan(before);
      await expectCurrent(h, 1);
    },
    30_000,
  );
});

describe("one game, one message", () => {
  for (const how of ["Accept", "Next game"] as const)
    it(`after ${how}: one message, without buttons until the game starts in it; a press while its opening is on the way`, async ({
      harness: make,
    }) => {
      const h = await harnessOn(make, dbFile());
      await h.send(USERS.alice, "/play");
      const challenge = h.lastMessage();
      let source = challenge;
      let label = /Accept/;
      let gameId = 1;
      if (how === "Next game") {
        await h.press(USERS.bob, challenge, buttonNamed(challenge, /Accept/));
        const board = h.lastMessage();
        await h.send(USERS.alice, "/resign");
        const question = h.lastMessage();
        await h.press(USERS.alice, question, buttonNamed(question, /Yes, resign/));
        source = h.tg.message(GROUP, board.messageId)!;
        label = /Next game/;
        gameId = 2;
      }
      const photos = photosIn(h).length;
      // The first message is on its way: it shows the commitment and no button.
      const posting = h.tg.holdNext("sendPhoto");
      // Then the opening drawn with its place and date arrives with the buttons, and a press
      // comes before Telegram's reply to that edit.
      const opening = h.tg.holdNext("editMessageMedia");
      const starting = h.press(USERS.bob, source, buttonNamed(source, label));
      await posting.reached;
      const board = h.lastMessage();
      expect(board.photo).not.toBeNull();
      expect(buttons(board)).toEqual([]);
      expect(await h.service.getGame(gameId)).toMatchObject({ starting: true, waitingFor: null });
      posting.release();
      await opening.reached;
      const shown = h.tg.message(GROUP, board.messageId)!;
      const mover = userById((await h.service.getGame(gameId))!.waitingFor!);
      const pressing = h.press(mover, shown, buttons(shown)[0]!);
      opening.release();
      await Promise.all([starting, pressing]);
      expect(photosIn(h)).toHaveLength(photos + 1);
      const game = (await h.service.getGame(gameId))!;
      expect(game.message).toEqual({ kind: "chat", chatId: GROUP, messageId: board.messageId });
      expect(game.diceSalt).toMatch(new RegExp(`^press:\\d+:${GROUP}:\\d+:\\d+$`));
      await expectCurrent(h, gameId);
      expect(h.tg.problems()).toEqual([]);
    });

  it("a press on a board posted again (the old one was deleted) while that posting has not returned yet", async ({
    harness: make,
  }) => {
    const { h, board } = await firstGameBoard(make);
    h.tg.deleteMessage(GROUP, board.messageId);
    const hold = h.tg.holdNext("sendPhoto");
    const moving = h.press(
      userById((await h.service.getGame(1))!.waitingFor!),
      board,
      buttons(board)[0]!,
    );
    await hold.reached;
    const reposted = h.lastMessage();
    expect(reposted.messageId).toBeGreaterThan(board.messageId);
    // The board the game is leaving is still the recorded one when this press is read.
    const calls = h.tg.calls.length;
    const pressing = h.press(
      userById((await h.service.getGame(1))!.waitingFor!),
      reposted,
      buttons(reposted)[0]!,
    );
    // The press is applied and answered before the posting's reply comes back.
    while (!h.tg.calls.slice(calls).some((c) => c.method === "answerCallbackQuery"))
      await new Promise((r) => setTimeout(r, 5));
    hold.release();
    await Promise.all([moving, pressing]);
    expect(photosIn(h).map((m) => m.messageId)).toEqual([reposted.messageId]);
    expect((await h.service.getGame(1))!.message).toEqual({
      kind: "chat",
      chatId: GROUP,
      messageId: reposted.messageId,
    });
    await expectCurrent(h, 1);
    // The one refusal is the edit of the deleted board that set all this off.
    expect(h.tg.problems()).toEqual([
      expect.stringMatching(
        new RegExp(
          `^rejected editMessageMedia .*message to edit not found.*"message_id":"${board.messageId}"`,
        ),
      ),
    ]);
  });
});
