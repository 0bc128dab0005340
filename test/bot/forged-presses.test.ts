import type { User } from "grammy/types";
import { describe, expect } from "vitest";
import type { StoredMessage } from "../../bench/testkit/index.js";
import { gameInInline } from "../../src/bot/inline-lookup.js";
import { resignAfter, resignedEarly } from "./finished-game.js";
import { it } from "./fixtures.js";
import { buttonNamed, buttons, GROUP, type Harness, USERS } from "./harness.js";
import { sendCard } from "./inline-cards.js";

/**
 * Button data copied off one chat's message and pressed on a bot message elsewhere (another
 * group, a private chat, an inline message): a modified client can send any data from any
 * message it sees. Each kind of button acts only from the message it belongs to, or is
 * refused with a clear answer and changes nothing.
 */

const OTHER = -100_300;
const eve: User = {
  id: 101,
  is_bot: false,
  first_name: "Eve",
  username: "eve",
  language_code: "en",
};

const lastAnswer = (h: Harness) => h.tg.callsOf("answerCallbackQuery").at(-1)!.payload;

/** A bot message in Eve's own group and one in her private chat, to press on. */
async function evesMessages(h: Harness): Promise<{ group: StoredMessage; own: StoredMessage }> {
  await h.send(eve, "/score", { chatId: OTHER });
  await h.send(eve, "/start", { chatId: eve.id });
  return { group: h.lastMessage(OTHER), own: h.lastMessage(eve.id) };
}

/** Calls since `from` that send or edit anything. */
const writesSince = (h: Harness, from: number) =>
  h.tg.calls.slice(from).filter((c) => /^(send|edit|delete)/.test(c.method));

describe("review buttons (analysis, replay, record)", () => {
  it("serve the game's chat, its players and its members; nobody else, from anywhere", async ({
    harness,
  }) => {
    const h = await harness();
    const game = await resignedEarly(h, USERS.alice, USERS.bob, "/play short", 6);
    h.tg.makeOutsider(eve.id, GROUP);
    const { group, own } = await evesMessages(h);
    const mark = h.tg.calls.length;
    for (const m of [group, own])
      for (const item of ["f", "a", "p"]) {
        await h.pressData(eve, m, `v:${game.id}:${item}`);
        expect(lastAnswer(h)).toMatchObject({
          show_alert: true,
          text: expect.stringMatching(/another chat/),
        });
      }
    // Nothing was sent anywhere: no record, no analysis, no replay.
    expect(writesSince(h, mark)).toEqual([]);
    // Telegram was asked whether Eve is in the game's group, and nothing else about her.
    const asked = h.tg.callsOf("getChatMember").map((c) => Number(c.payload.chat_id));
    expect(new Set(asked)).toEqual(new Set([GROUP]));

    // A player asks from her private chat: the record comes there.
    await h.send(USERS.alice, "/start", { chatId: USERS.alice.id });
    await h.pressData(USERS.alice, h.lastMessage(USERS.alice.id), `v:${game.id}:f`);
    expect(h.lastMessage(USERS.alice.id).file).toMatchObject({ kind: "document" });
    // A member of the game's group, from another group: the record comes there.
    await h.send(USERS.carol, "/score", { chatId: OTHER });
    await h.pressData(USERS.carol, h.lastMessage(OTHER), `v:${game.id}:f`);
    expect(h.lastMessage(OTHER).file).toMatchObject({ kind: "document" });
    // Anyone in the game's own chat, from /history: no question asked.
    const before = h.tg.callsOf("getChatMember").length;
    await h.send(eve, "/history");
    const history = h.lastMessage();
    await h.press(eve, history, buttonNamed(history, /⬇/));
    expect(h.lastMessage().file).toMatchObject({ kind: "document" });
    expect(h.tg.callsOf("getChatMember")).toHaveLength(before);
    expect(h.tg.problems()).toEqual([]);
  });

  it("an inline game's replay works only on its own inline message", async ({ harness }) => {
    const h = await harness({ env: { BOARD_CACHE_CHAT_ID: "-100999" } });
    const card = await sendCard(h, "ss", "inl-game", false);
    await h.press(USERS.bob, card, buttonNamed(card, /Accept/));
    const game = await resignAfter(h, (await gameInInline(h.parts.deps, "inl-game"))!, 4);
    // Carol's own card elsewhere: the replay's data pressed there, even by a player of the
    // game, does not turn her card into someone else's animation.
    const other = await sendCard(h, "lc", "carols-card", false, USERS.carol);
    const shown = structuredClone(h.tg.inlineMessage("carols-card")!);
    for (const who of [USERS.bob, eve]) {
      await h.pressData(who, other, `v:${game.id}:p`);
      expect(lastAnswer(h)).toMatchObject({
        show_alert: true,
        text: expect.stringMatching(/another chat/),
      });
    }
    expect(h.tg.inlineMessage("carols-card")).toEqual(shown);
    expect(
      h.tg.callsOf("editMessageMedia").filter((c) => c.payload.inline_message_id === "carols-card"),
    ).toEqual([]);
    // On the game's own message it works.
    const live = h.tg.inlineMessage("inl-game")!;
    await h.press(eve, live, buttonNamed(live, /Replay/));
    expect(h.tg.inlineMessage("inl-game")!.file).toMatchObject({ kind: "animation" });
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("challenge buttons", () => {
  it("take presses only from the challenge's own card", async ({ harness }) => {
    const h = await harness();
    await h.send(USERS.carol, "/play short");
    const card = h.lastMessage();
    const { group, own } = await evesMessages(h);
    const mark = h.tg.calls.length;
    for (const m of [group, own]) {
      await h.pressData(eve, m, "c:1:a");
      expect(lastAnswer(h)).toMatchObject({
        show_alert: true,
        text: expect.stringMatching(/another chat/),
      });
    }
    // Carol cannot call it off from her private chat either.
    await h.send(USERS.carol, "/start", { chatId: USERS.carol.id });
    await h.pressData(USERS.carol, h.lastMessage(USERS.carol.id), "c:1:x");
    expect(lastAnswer(h)).toMatchObject({
      show_alert: true,
      text: expect.stringMatching(/another chat/),
    });
    // Another bot message of the same group is not the card either.
    await h.send(USERS.bob, "/score");
    await h.pressData(USERS.bob, h.lastMessage(), "c:1:a");
    expect(lastAnswer(h)).toMatchObject({
      show_alert: true,
      text: "This button is no longer active.",
    });
    expect((await h.service.getChallenge(1))!.status).toBe("pending");
    expect(await h.service.activeGamesAnywhere(eve.id)).toEqual([]);
    expect(writesSince(h, mark).filter((c) => c.method !== "sendMessage")).toEqual([]);
    // The card itself still works.
    await h.press(USERS.bob, card, buttonNamed(card, /Accept/));
    expect((await h.service.getChallenge(1))!.status).toBe("accepted");
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("board buttons", () => {
  it("act only from the game's chat, even for its players", async ({ harness }) => {
    const h = await harness();
    await h.send(USERS.alice, "/play short");
    const challenge = h.lastMessage();
    await h.press(USERS.bob, challenge, buttonNamed(challenge, /Accept/));
    const board = h.lastMessage();
    const game = (await h.service.getGame(1))!;
    const mover = game.waitingFor === USERS.alice.id ? USERS.alice : USERS.bob;
    const first = buttons(board).find(
      (b) => "callback_data" in b && /^g:1:/.test(b.callback_data!),
    )!;
    const data = (first as { callback_data: string }).callback_data;
    const { group, own } = await evesMessages(h);
    await h.send(mover, "/start", { chatId: mover.id });
    const mark = h.tg.calls.length;
    for (const [who, m] of [
      [eve, group],
      [eve, own],
      [mover, h.lastMessage(mover.id)],
    ] as const) {
      for (const d of [data, `g:1:${game.version}:f`, `g:1:${game.version}:w`]) {
        await h.pressData(who, m, d);
        expect(lastAnswer(h)).toMatchObject({
          show_alert: true,
          text: expect.stringMatching(/another chat/),
        });
      }
    }
    expect((await h.service.getGame(1))!.version).toBe(game.version);
    expect(writesSince(h, mark)).toEqual([]);
    // On the board, the same button plays.
    await h.press(mover, board, first);
    expect((await h.service.getGame(1))!.version).toBeGreaterThan(game.version);
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("resignation questions", () => {
  it("answer only their asker, and only on the question itself", async ({ harness }) => {
    const h = await harness();
    await h.send(USERS.alice, "/play");
    const challenge = h.lastMessage();
    await h.press(USERS.bob, challenge, buttonNamed(challenge, /Accept/));
    const version = (await h.service.getGame(1))!.version;
    const { group, own } = await evesMessages(h);
    await h.send(USERS.alice, "/start", { chatId: USERS.alice.id });
    const alices = h.lastMessage(USERS.alice.id);
    const mark = h.tg.calls.length;
    // Alice's "Yes, resign" pressed by Eve; Eve's own "resign" for a game she does not play.
    for (const m of [group, own]) {
      await h.pressData(eve, m, `r:1:${version}:${USERS.alice.id}:0`);
      expect(lastAnswer(h)).toMatchObject({
        show_alert: true,
        text: expect.stringMatching(/Alice/),
      });
      await h.pressData(eve, m, `r:1:${version}:${eve.id}:0`);
      expect(lastAnswer(h)).toMatchObject({
        show_alert: true,
        text: "This button is no longer active.",
      });
    }
    // Alice's own data, on a message that is not her question.
    await h.pressData(USERS.alice, alices, `r:1:${version}:${USERS.alice.id}:0`);
    expect(lastAnswer(h)).toMatchObject({
      show_alert: true,
      text: "This button is no longer active.",
    });
    expect((await h.service.getGame(1))!).toMatchObject({ status: "active", version });
    expect(writesSince(h, mark)).toEqual([]);
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("set-up dialog buttons", () => {
  it("move only their owner's dialog, on its own message", async ({ harness }) => {
    const h = await harness();
    await h.send(USERS.alice, "/new");
    const dialog = h.lastMessage();
    const { group, own } = await evesMessages(h);
    await h.send(USERS.alice, "/start", { chatId: USERS.alice.id });
    await h.send(USERS.alice, "/score", { chatId: OTHER });
    const mark = h.tg.calls.length;
    for (const m of [group, own]) {
      await h.pressData(eve, m, `n:${USERS.alice.id}:long`);
      expect(lastAnswer(h)).toMatchObject({
        show_alert: true,
        text: expect.stringMatching(/someone else/),
      });
    }
    for (const m of [h.lastMessage(OTHER), h.lastMessage(USERS.alice.id)]) {
      await h.pressData(USERS.alice, m, `n:${USERS.alice.id}:long`);
      expect(lastAnswer(h)).toMatchObject({
        show_alert: true,
        text: expect.stringMatching(/closed/),
      });
    }
    expect(writesSince(h, mark)).toEqual([]);
    expect(h.tg.message(GROUP, dialog.messageId)!.text).toBe("Which game?");
    await h.press(USERS.alice, dialog, buttonNamed(dialog, "long nardy"));
    expect(h.tg.message(GROUP, dialog.messageId)!.text).toBe("Which rules?");
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("settings and language buttons", () => {
  it("act only from a /settings or /lang message", async ({ harness }) => {
    const h = await harness();
    h.tg.makeAdmin(eve.id, OTHER);
    const { group, own } = await evesMessages(h);
    const mark = h.tg.calls.length;
    for (const m of [group, own]) {
      await h.pressData(eve, m, "st:c:1");
      expect(lastAnswer(h)).toMatchObject({
        show_alert: true,
        text: "This button is no longer active.",
      });
      await h.pressData(eve, m, "l:ru");
      expect(lastAnswer(h)).toMatchObject({
        show_alert: true,
        text: "This button is no longer active.",
      });
    }
    expect(writesSince(h, mark)).toEqual([]);
    for (const chat of [GROUP, OTHER, eve.id])
      expect(await h.service.chatConfirmTurns(chat)).toBe(false);
    expect(await h.service.playerLocale(eve.id)).toBeNull();
    // From their own messages they work.
    await h.send(eve, "/settings", { chatId: OTHER });
    const settings = h.lastMessage(OTHER);
    await h.press(eve, settings, buttons(settings)[0]!);
    expect(await h.service.chatConfirmTurns(OTHER)).toBe(true);
    await h.send(eve, "/lang", { chatId: eve.id });
    const lang = h.lastMessage(eve.id);
    await h.press(eve, lang, buttonNamed(lang, "Русский"));
    expect(await h.service.playerLocale(eve.id)).toBe("ru");
    expect(h.tg.problems()).toEqual([]);
  });
});
