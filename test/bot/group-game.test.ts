import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect } from "vitest";
import type { StoredMessage } from "../../bench/testkit/index.js";
import { decode } from "../../src/bot/callback-data.js";
import { renderBoardPng } from "../../src/render/png.js";
import { FULL_SAMPLES } from "../helpers/samples.js";
import { it } from "./fixtures.js";
import {
  buttonNamed,
  buttons,
  fakeRender,
  GROUP,
  type Harness,
  USERS,
  userById,
} from "./harness.js";

const EDITS = [
  "editMessageMedia",
  "editMessageCaption",
  "editMessageText",
  "editMessageReplyMarkup",
];

/** Challenge in the group and accept; returns the board message. */
async function startGame(harness: Harness, command: string): Promise<StoredMessage> {
  await harness.send(USERS.alice, command);
  const challenge = harness.lastMessage();
  await harness.press(USERS.bob, challenge, buttonNamed(challenge, /Accept/));
  const board = harness.lastMessage();
  expect(board.photo).not.toBeNull();
  return board;
}

/**
 * Plays until the game ends, always pressing a button the bot sent, as the player it waits
 * for. Checks after every press: the query was answered and at most one edit was made.
 */
async function playToTheEnd(harness: Harness, board: StoredMessage, pick: (n: number) => number) {
  const gameId = Number(
    /^g:(\d+):/.exec(
      String(buttons(board)[0] && (buttons(board)[0] as { callback_data: string }).callback_data),
    )?.[1],
  );
  let presses = 0;
  for (;;) {
    const game = (await harness.service.getGame(gameId))!;
    if (game.state.phase === "over") return { game, presses };
    const who = userById(game.waitingFor!);
    const choices = buttons(board).filter((b) => !/Drop|Claim/.test(b.text));
    expect(choices.length).toBeGreaterThan(0);
    const before = harness.tg.calls.length;
    await harness.press(who, board, choices[pick(choices.length)]!);
    const calls = harness.tg.calls.slice(before);
    expect(calls.filter((c) => c.method === "answerCallbackQuery")).toHaveLength(1);
    expect(calls.filter((c) => EDITS.includes(c.method)).length).toBeLessThanOrEqual(1);
    presses++;
    if (presses > 3000) throw new Error("the game does not end");
  }
}

/** Alice offers the smallest resignation on this board and Bob accepts it. */
async function resigned(harness: Harness, board: StoredMessage) {
  const gameId = (await harness.service.activeGames(GROUP, USERS.alice.id))[0]!.id;
  await harness.send(USERS.alice, "/resign");
  const confirm = harness.lastMessage();
  await harness.press(USERS.alice, confirm, buttons(confirm)[0]!);
  const live = harness.tg.message(GROUP, board.messageId)!;
  await harness.press(USERS.bob, live, buttonNamed(live, /Accept/));
  return (await harness.service.getGame(gameId))!;
}

let seed = 7;
const pick = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};

describe("a whole game in a group, by button presses only", () => {
  it("long nardy from /play to the final caption, with the real board picture", async ({
    harness,
  }) => {
    // The real picture for the first board (the game's first message, then its opening) and
    // the final one; the cheap stand-in in between.
    let drawn = 0;
    const h = await harness({
      render: (view) =>
        drawn++ < 2 || view.toMove === null ? renderBoardPng(view) : fakeRender(view),
    });
    const board = await startGame(h, "/play");
    const meta = await sharp(board.photo as Buffer).metadata();
    expect(meta.format).toBe("png");
    const { game, presses } = await playToTheEnd(h, board, pick);
    expect(presses).toBeGreaterThan(20);
    expect(game.state.result).not.toBeNull();
    const final = h.tg.message(GROUP, board.messageId)!;
    expect(final.caption).toMatch(/wins/);
    expect(final.caption).toContain(game.diceSeed!);
    expect((await sharp(final.photo as Buffer).metadata()).format).toBe("png");
    expect(buttons(final).map((b) => b.text)).toContain("🔁 Next game");
    // Telegram refused nothing, and every press was answered in time.
    expect(h.tg.problems()).toEqual([]);
  }, 120_000);

  it("short nardy with the cube, then the next game of the series", async ({ h }) => {
    const board = await startGame(h, "/play short");
    const first = await playToTheEnd(h, board, pick);
    expect(first.game.variant).toBe("short");
    const final = h.tg.message(GROUP, board.messageId)!;
    const winner = userById(first.game.winnerId!);
    await h.press(winner, final, buttonNamed(final, /Next game/));
    const next = h.lastMessage();
    expect(next.messageId).not.toBe(board.messageId);
    expect(next.photo).not.toBeNull();
    // The slow suite plays the second game out; `npm test` ends it by an accepted resignation.
    const second = FULL_SAMPLES
      ? (await playToTheEnd(h, next, pick)).game
      : await resigned(h, next);
    expect(second.state.phase).toBe("over");
    expect(second.seriesId).toBe(first.game.seriesId);
    await h.send(USERS.alice, "/score");
    expect(h.lastMessage().text).toMatch(/Alice <b>\d+ : \d+<\/b> Bob|Bob <b>\d+ : \d+<\/b> Alice/);
    await h.send(USERS.alice, "/top");
    expect(h.lastMessage().text).toMatch(/rating \d{4}/);
    // Telegram refused nothing, and every press was answered in time.
    expect(h.tg.problems()).toEqual([]);
  }, 120_000);
});

describe("only the right press changes a game", () => {
  it("someone else gets an alert and nothing changes", async ({ h }) => {
    const board = await startGame(h, "/play");
    const game = (await h.service.getGame(1))!;
    const mover = userById(game.waitingFor!);
    const other = mover.id === USERS.alice.id ? USERS.bob : USERS.alice;
    const before = h.tg.calls.length;
    await h.press(other, board, buttons(board)[0]!);
    const answer = h.tg.calls.slice(before).find((c) => c.method === "answerCallbackQuery")!;
    expect(answer.payload.show_alert).toBe(true);
    expect(String(answer.payload.text)).toContain(mover.first_name);
    await h.press(USERS.carol, board, buttons(board)[0]!);
    expect((await h.service.getGame(1))!.version).toBe(game.version);
  });

  it("a press on an older board: out of date, and the live board is refreshed", async ({ h }) => {
    const board = await startGame(h, "/play");
    const old = structuredClone(board);
    const mover = userById((await h.service.getGame(1))!.waitingFor!);
    await h.press(mover, board, buttons(board)[0]!);
    const version = (await h.service.getGame(1))!.version;
    const before = h.tg.calls.length;
    await h.press(userById((await h.service.getGame(1))!.waitingFor!), old, buttons(old)[0]!);
    const calls = h.tg.calls.slice(before);
    expect(String(calls.find((c) => c.method === "answerCallbackQuery")!.payload.text)).toMatch(
      /out of date/,
    );
    expect((await h.service.getGame(1))!.version).toBe(version);
  });

  it("forged callback data is rejected without a change", async ({ h }) => {
    const board = await startGame(h, "/play");
    const version = (await h.service.getGame(1))!.version;
    const forged = [
      "g:1:999:s:24:18:6",
      "g:1:1:s:1:24:6",
      "g:x",
      "c:1:z",
      "\u0000\u00ff",
      "g:1:1:s:25:0:7",
      "g:99:1:r",
      "x".repeat(64),
    ];
    const mover = userById((await h.service.getGame(1))!.waitingFor!);
    for (const data of forged) {
      const before = h.tg.calls.length;
      await h.pressData(mover, board, data);
      const answers = h.tg.calls.slice(before).filter((c) => c.method === "answerCallbackQuery");
      expect(answers).toHaveLength(1);
    }
    expect((await h.service.getGame(1))!.version).toBe(version);
  });

  it("two presses at once: exactly one applies", async ({ h }) => {
    const board = await startGame(h, "/play");
    const game = (await h.service.getGame(1))!;
    const mover = userById(game.waitingFor!);
    const b = buttons(board)[0]!;
    await Promise.all([h.press(mover, board, b), h.press(mover, board, b)]);
    // One press: a single step, or a whole play of several.
    const p = decode("callback_data" in b ? b.callback_data : undefined);
    const command = p?.type === "game" ? p.command : null;
    const steps = command?.kind === "play" ? command.steps.length : 1;
    const events = (await h.events(1)).filter((e) => e.actorId === mover.id && e.type !== "start");
    expect(events.length).toBe(steps);
    const answers = h.tg.callsOf("answerCallbackQuery").slice(-2);
    expect(answers.filter((a) => /out of date/.test(String(a.payload.text)))).toHaveLength(1);
  });

  it("nobody can challenge themselves or a bot", async ({ h }) => {
    await h.send(USERS.alice, "/play @alice");
    expect(h.lastMessage().text).toMatch(/yourself/);
    await h.send(USERS.alice, "/play @helper_bot");
    expect(h.lastMessage().text).toMatch(/cannot challenge a bot/);
  });

  it("a targeted challenge: only that person may accept", async ({ h }) => {
    await h.send(USERS.alice, "/play @bob long");
    const challenge = h.lastMessage();
    expect(challenge.text).toContain("Alice challenges @bob");
    await h.press(USERS.carol, challenge, buttonNamed(challenge, /Accept/));
    expect(await h.service.getGame(1)).toBeNull();
    await h.press(USERS.bob, challenge, buttonNamed(challenge, /Accept/));
    expect(await h.service.getGame(1)).not.toBeNull();
  });
});

describe("restarts", () => {
  it("a new bot on the same database file continues the game where it stopped", async ({
    harness,
  }) => {
    const dir = mkdtempSync(path.join(tmpdir(), "nardy-"));
    const file = path.join(dir, "game.sqlite");
    const first = await harness({ path: file });
    const board = await startGame(first, "/play");
    const mover = userById((await first.service.getGame(1))!.waitingFor!);
    await first.press(mover, board, buttons(board)[0]!);
    const version = (await first.service.getGame(1))!.version;
    await first.close();

    const h = await harness({ path: file, tg: first.tg });
    const live = h.tg.message(GROUP, board.messageId)!;
    expect((await h.service.getGame(1))!.version).toBe(version);
    const { game } = await playToTheEnd(h, live, pick);
    expect(game.state.phase).toBe("over");
    // Telegram refused nothing, and every press was answered in time.
    expect(h.tg.problems()).toEqual([]);
  }, 60_000);
});

describe("resigning", () => {
  it("/resign in long nardy: confirm, then scored from the position", async ({ h }) => {
    await startGame(h, "/play");
    await h.send(USERS.alice, "/resign");
    const confirm = h.lastMessage();
    expect(confirm.text).toMatch(/Resign the game against Bob/);
    await h.press(USERS.alice, confirm, buttonNamed(confirm, /Yes, resign/));
    const game = (await h.service.getGame(1))!;
    expect(game.state.result).toMatchObject({
      winner: game.white.id === USERS.bob.id ? "white" : "black",
      reason: "resign",
    });
  });

  it("/resign in short nardy: an offer the opponent accepts on the board", async ({ h }) => {
    const board = await startGame(h, "/play short");
    await h.send(USERS.bob, "/resign");
    const confirm = h.lastMessage();
    await h.press(USERS.bob, confirm, buttonNamed(confirm, /gammon/i));
    const live = h.tg.message(GROUP, board.messageId)!;
    expect(live.caption).toMatch(/offers to resign/);
    await h.press(USERS.alice, live, buttonNamed(live, /Accept/));
    const game = (await h.service.getGame(1))!;
    expect(game.state.result).toMatchObject({ kind: "gammon", reason: "resign" });
  });

  it("/resign without a game says so", async ({ h }) => {
    await h.send(USERS.carol, "/resign");
    expect(h.lastMessage().text).toMatch(/no game/);
  });
});

describe("languages", () => {
  it("a Russian-speaking challenger gets a Russian game", async ({ h }) => {
    await h.send(USERS.olga, "/play");
    const challenge = h.lastMessage();
    expect(challenge.text).toMatch(/[а-я]/);
    await h.press(USERS.bob, challenge, buttons(challenge)[0]!);
    expect(h.lastMessage().caption).toMatch(/[а-я]/);
  });

  it("/lang changes the language of the replies", async ({ h }) => {
    await h.send(USERS.alice, "/lang");
    const pickLang = h.lastMessage();
    await h.press(USERS.alice, pickLang, buttonNamed(pickLang, "Українська"));
    await h.send(USERS.alice, "/help");
    expect(h.lastMessage().text).toMatch(/[іїє]/);
  });
});

describe("a private chat with the bot", () => {
  it("/play there offers to send a challenge card through inline mode", async ({ h }) => {
    await h.send(USERS.alice, "/play", { chatId: USERS.alice.id });
    const reply = h.lastMessage(USERS.alice.id);
    expect(reply.text).toContain("/play bot");
    expect(buttons(reply)[0]).toMatchObject({ switch_inline_query: "" });
    expect(await h.service.getChallenge(1)).toBeNull();
  });
});
