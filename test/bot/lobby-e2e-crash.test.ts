/**
 * The lobby across a crash. `/play anyone` replayed (the inbox hands back what a dying
 * process had not marked done): the seek it made, paired or not, is not made again, so one
 * command never pairs a person twice; one the process never got to is handled as new. A
 * lobby game's second board, posted after the game began, lost to a crash or a failed send:
 * the next maintenance tick posts it. A board pressed before the answer to its post came back
 * (a busy bot) is the player's own all the same.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Update } from "grammy/types";
import { describe, expect } from "vitest";
import { it } from "./fixtures.js";
import { buttons, type Harness, USERS } from "./harness.js";

const fileDb = () =>
  path.join(mkdtempSync(path.join(tmpdir(), "nardy-lobby-replay-")), "bot.sqlite");

/** An update Telegram delivered and the process stored, as polling stores it. */
async function stored(h: Harness, u: Update): Promise<Update> {
  expect(h.tg.deliver(u)).toBe(true);
  expect(await h.parts.feed!.admit([u])).toHaveLength(1);
  return u;
}

const seeksOf = (h: Harness, userId: number) =>
  h.database.sqlite
    .prepare("select status, game_id as gameId from seeks where user_id = ? order by id")
    .all(userId) as { status: string; gameId: number | null }[];

describe("the lobby when a process dies, or a call is slow", () => {
  it("a seek already paired is not made again: no second seek, no second game", async ({
    harness,
  }) => {
    const file = fileDb();
    const first = await harness({ path: file });
    await first.send(USERS.alice, "/play anyone short blitz", { chatId: USERS.alice.id });
    const bobs = await stored(
      first,
      first.tg.textUpdate(USERS.bob, USERS.bob.id, "/play anyone short blitz"),
    );
    // Handled (the seek paired, the game made), and the process died before marking it done.
    await first.parts.bot.handleUpdate(bobs);
    await first.settle();
    expect(await first.service.activeGamesAnywhere(USERS.bob.id)).toHaveLength(1);
    await first.close();

    const h = await harness({ path: file, tg: first.tg });
    // Carol seeks the same game: a second seek of Bob's would meet her.
    await h.send(USERS.carol, "/play anyone short blitz", { chatId: USERS.carol.id });
    const replays = await h.parts.feed!.replays();
    expect(replays.map((u) => u.update_id)).toEqual([bobs.update_id]);
    for (const u of replays) await h.parts.feed!.handle(u);
    await h.settle();
    expect(seeksOf(h, USERS.bob.id)).toEqual([{ status: "paired", gameId: expect.any(Number) }]);
    expect(await h.service.activeGamesAnywhere(USERS.bob.id)).toHaveLength(1);
    expect(await h.app.lobby.waitingOf(USERS.carol.id)).not.toBeNull();
    expect(h.tg.problems()).toEqual([]);
  });

  it("a seek still waiting is found, not doubled; one never handled is made at the replay", async ({
    harness,
  }) => {
    const file = fileDb();
    const first = await harness({ path: file });
    const alices = await stored(
      first,
      first.tg.textUpdate(USERS.alice, USERS.alice.id, "/play anyone long 3p"),
    );
    await first.parts.bot.handleUpdate(alices);
    await first.settle();
    // Stored, never handled: the process died first.
    const bobs = await stored(
      first,
      first.tg.textUpdate(USERS.bob, USERS.bob.id, "/play anyone long 3p"),
    );
    await first.close();

    const h = await harness({ path: file, tg: first.tg });
    for (const u of await h.parts.feed!.replays()) await h.parts.feed!.handle(u);
    await h.settle();
    expect(bobs.update_id).toBeGreaterThan(alices.update_id);
    // Alice's seek was found waiting (she is told so, with its Stop looking), then Bob's met it.
    expect(h.tg.chatMessages(USERS.alice.id).map((m) => m.text ?? "")).toContainEqual(
      expect.stringMatching(/already looking/),
    );
    expect(seeksOf(h, USERS.alice.id)).toEqual([{ status: "paired", gameId: expect.any(Number) }]);
    expect(seeksOf(h, USERS.bob.id)).toEqual(seeksOf(h, USERS.alice.id));
    expect(await h.service.activeGamesAnywhere(USERS.bob.id)).toHaveLength(1);
    expect(h.tg.problems()).toEqual([]);
  });

  it("a lobby game begun without its second board gets it at the next tick", async ({ h }) => {
    await h.send(USERS.alice, "/play anyone short blitz", { chatId: USERS.alice.id });
    // The second board's send fails (as a crash between the game's start and it would leave it).
    let photos = 0;
    h.tg.failNext(
      "sendPhoto",
      { error_code: 500, description: "Internal Server Error" },
      { match: () => ++photos === 2 },
    );
    await h.send(USERS.bob, "/play anyone short blitz", { chatId: USERS.bob.id });
    await h.settle();
    const game = (await h.service.activeGamesAnywhere(USERS.bob.id))[0]!;
    const boardOf = (userId: number) =>
      h.tg
        .chatMessages(userId)
        .find(
          (m) => m.photoId && m.keyboard.flat().some((b) => "web_app" in b || "callback_data" in b),
        );
    const without = [USERS.alice, USERS.bob].filter((u) => !boardOf(u.id));
    expect(without).toHaveLength(1);
    await h.tick();
    expect(boardOf(without[0]!.id)?.caption).toContain(`#${game.id}`);
    // Once: a later tick posts nothing more.
    const sent = h.tg.callsOf("sendPhoto").length;
    await h.tick();
    expect(h.tg.callsOf("sendPhoto").length).toBe(sent);
    expect(h.tg.problems()).toEqual([]);
  });

  it("a board pressed before its post's answer came back is the player's own", async ({ h }) => {
    await h.send(USERS.alice, "/play anyone short blitz", { chatId: USERS.alice.id });
    // The second board reaches its player; the bot has not heard back yet.
    let photos = 0;
    const held = h.tg.holdNext("sendPhoto", { match: () => ++photos === 2 });
    const sending = h.send(USERS.bob, "/play anyone short blitz", { chatId: USERS.bob.id });
    await held.reached;
    const game = (await h.service.activeGamesAnywhere(USERS.bob.id))[0]!;
    const heldTo = Number(h.tg.callsOf("sendPhoto")[1]!.payload.chat_id);
    const player = [USERS.alice, USERS.bob].find((u) => u.id === heldTo)!;
    const board = h.tg.chatMessages(player.id).find((m) => m.photoId)!;
    const button = buttons(board).find((b) => !/Undo|Claim/.test(b.text))!;
    const press = h.tg.pressUpdate(
      player,
      board,
      (button as { callback_data: string }).callback_data,
    );
    expect(h.tg.deliver(press.update)).toBe(true);
    await h.parts.bot.handleUpdate(h.tg.numbered(press.update));
    const answer = h.tg.answerOf(press.queryId)!;
    expect(answer.payload.text ?? "").not.toMatch(/another chat/);
    if (game.waitingFor === player.id)
      expect((await h.service.getGame(game.id))!.version).toBeGreaterThan(game.version);
    held.release();
    await sending;
    expect(h.tg.problems()).toEqual([]);
  });

  it("a lapse a dying process never told is told at the next start, once", async ({ harness }) => {
    const file = fileDb();
    let now = Date.UTC(2026, 11, 4, 12);
    const first = await harness({ path: file, now: () => now });
    await first.send(USERS.alice, "/play anyone long", { chatId: USERS.alice.id });
    now += 10 * 60_000;
    // The lapse is stored; its notice is lost on the network as the process dies.
    first.tg.dropNext("sendMessage");
    expect((await first.app.lobby.tick(now)).lapsed).toHaveLength(1);
    await first.settle();
    const lapsedNotes = (h: Harness) =>
      h.tg.chatMessages(USERS.alice.id).filter((m) => /search has lapsed/.test(m.text ?? ""));
    expect(lapsedNotes(first)).toEqual([]);
    await first.close();

    now += 30_000;
    const again = await harness({ path: file, now: () => now, tg: first.tg });
    again.app.lobbyKeeper.start();
    await again.app.lobbyKeeper.stop();
    await again.settle();
    expect(lapsedNotes(again)).toHaveLength(1);
    await again.close();

    // Told: a third start says nothing more.
    const third = await harness({ path: file, now: () => now, tg: first.tg });
    third.app.lobbyKeeper.start();
    await third.app.lobbyKeeper.stop();
    await third.settle();
    expect(lapsedNotes(third)).toHaveLength(1);
    expect(third.tg.problems()).toEqual([]);
  });
});
