import { describe, expect } from "vitest";
import type { StoredMessage } from "../../bench/testkit/index.js";
import { it } from "./fixtures.js";
import { buttonNamed, buttons, GROUP, type Harness, USERS, userById } from "./harness.js";

const GROUP2 = -100_300;

const lastAnswer = (harness: Harness) => harness.tg.callsOf("answerCallbackQuery").at(-1)!.payload;

/** `challenger` challenges in `chatId`, `accepter` accepts: the board. */
async function start(
  harness: Harness,
  command: string,
  challenger = USERS.alice,
  accepter = USERS.bob,
  chatId = GROUP,
): Promise<StoredMessage> {
  await harness.send(challenger, command, { chatId });
  const challenge = harness.lastMessage(chatId);
  await harness.press(accepter, challenge, buttonNamed(challenge, /Accept/));
  const board = harness.lastMessage(chatId);
  expect(board.photo).not.toBeNull();
  return board;
}

/** The game's stored state and its event count, to see that nothing changed. */
const snapshot = async (harness: Harness, gameId: number) => ({
  version: (await harness.service.getGame(gameId))!.version,
  status: (await harness.service.getGame(gameId))!.status,
  events: (await harness.events(gameId)).length,
});

describe("a question's buttons answer only the person who asked", () => {
  it("long nardy: Bob pressing Alice's 'Yes, resign' gets an alert; Alice's press resigns", async ({
    h,
  }) => {
    await start(h, "/play");
    await h.send(USERS.alice, "/resign");
    const question = h.lastMessage();
    expect(question.text).toMatch(/Resign the game against Bob/);
    const before = await snapshot(h, 1);
    await h.press(USERS.bob, question, buttonNamed(question, "🏳 Yes, resign"));
    expect(lastAnswer(h)).toMatchObject({ show_alert: true, text: "Only Alice can answer this." });
    expect(await snapshot(h, 1)).toEqual(before);
    expect(h.tg.message(GROUP, question.messageId)!.text).toBe(question.text);
    // Nor may Bob cancel it.
    await h.press(USERS.bob, question, buttonNamed(question, "Cancel"));
    expect(lastAnswer(h)).toMatchObject({ show_alert: true, text: "Only Alice can answer this." });
    expect(h.tg.message(GROUP, question.messageId)!.text).toBe(question.text);

    await h.press(USERS.alice, question, buttonNamed(question, "🏳 Yes, resign"));
    const game = (await h.service.getGame(1))!;
    expect(game.status).not.toBe("active");
    expect(game.state.result).toMatchObject({ reason: "resign" });
    expect(game.winnerId).toBe(USERS.bob.id);
    expect(h.tg.message(GROUP, question.messageId)!.text).toBe("Resigned.");
    expect(buttons(h.tg.message(GROUP, question.messageId)!)).toEqual([]);
    expect(h.tg.problems()).toEqual([]);
  });

  it("short nardy: the offer buttons are the asker's; Alice's offer goes to the board", async ({
    h,
  }) => {
    const board = await start(h, "/play short");
    await h.send(USERS.alice, "/resign");
    const question = h.lastMessage();
    expect(question.text).toMatch(/Offer Bob your resignation/);
    const before = await snapshot(h, 1);
    for (const label of ["a single game", "a gammon", "a backgammon"]) {
      await h.press(USERS.bob, question, buttonNamed(question, label));
      expect(lastAnswer(h)).toMatchObject({
        show_alert: true,
        text: "Only Alice can answer this.",
      });
      await h.press(USERS.carol, question, buttonNamed(question, label));
      expect(lastAnswer(h)).toMatchObject({
        show_alert: true,
        text: "Only Alice can answer this.",
      });
    }
    expect(await snapshot(h, 1)).toEqual(before);
    await h.press(USERS.alice, question, buttonNamed(question, "a gammon"));
    const game = (await h.service.getGame(1))!;
    expect(game.state.phase).toBe("resign");
    expect(game.waitingFor).toBe(USERS.bob.id);
    expect(h.tg.message(GROUP, board.messageId)!.caption).toMatch(/offers to resign/);
    expect(h.tg.problems()).toEqual([]);
  });

  it("the game picker: only Alice picks; a pick asks her about that game", async ({ h }) => {
    await start(h, "/play", USERS.alice, USERS.bob);
    await start(h, "/play short", USERS.carol, USERS.alice);
    await h.send(USERS.alice, "/resign");
    const picker = h.lastMessage();
    expect(picker.text).toBe("Which game do you resign?");
    const rows = buttons(picker);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.text).toMatch(
      /^Bob · long nardy · classic · running series · #1 · 0:0 · started/,
    );
    expect(rows[1]!.text).toMatch(
      /^Carol · short nardy · standard · running series · #2 · 0:0 · started/,
    );
    await h.press(USERS.carol, picker, rows[1]!);
    expect(lastAnswer(h)).toMatchObject({ show_alert: true, text: "Only Alice can answer this." });
    expect(h.tg.message(GROUP, picker.messageId)!.text).toBe("Which game do you resign?");
    await h.press(USERS.alice, picker, rows[1]!);
    const question = h.tg.message(GROUP, picker.messageId)!;
    expect(question.text).toMatch(/Offer Carol your resignation/);
    expect(question.text).toContain("#2");
    await h.press(USERS.carol, question, buttonNamed(question, "a single game"));
    expect((await h.service.getGame(2))!.state.phase).not.toBe("resign");
    await h.press(USERS.alice, question, buttonNamed(question, "a single game"));
    expect((await h.service.getGame(2))!.state.phase).toBe("resign");
    expect((await h.service.getGame(1))!.status).toBe("active");
    expect(h.tg.problems()).toEqual([]);
  });

  it("in a private chat, /resign lists Alice's games in every chat", async ({ h }) => {
    await start(h, "/play", USERS.alice, USERS.bob, GROUP);
    await start(h, "/play", USERS.carol, USERS.alice, GROUP2);
    await start(h, "/play", USERS.bob, USERS.carol, GROUP2);
    // In a group: only that group's games.
    await h.send(USERS.alice, "/resign", { chatId: GROUP2 });
    expect(h.lastMessage(GROUP2).text).toMatch(/Resign the game against Carol/);
    const chat = USERS.alice.id;
    await h.send(USERS.alice, "/resign", { chatId: chat });
    const picker = h.lastMessage(chat);
    expect(buttons(picker).map((b) => b.text.split(" · ")[0])).toEqual(["Bob", "Carol"]);
    await h.press(USERS.alice, picker, buttons(picker)[1]!);
    const question = h.tg.message(chat, picker.messageId)!;
    expect(question.text).toMatch(/Resign the game against Carol/);
    await h.press(USERS.alice, question, buttonNamed(question, "🏳 Yes, resign"));
    expect((await h.service.getGame(2))!.winnerId).toBe(USERS.carol.id);
    expect((await h.service.getGame(1))!.status).toBe("active");
    expect((await h.service.getGame(3))!.status).toBe("active");
    expect(userById((await h.service.getGame(2))!.winnerId!)).toBe(USERS.carol);
    expect(h.tg.problems()).toEqual([]);
  });
});
