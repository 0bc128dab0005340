import type { User } from "grammy/types";
import { describe, expect } from "vitest";
import { finishedGame, resignedEarly } from "./finished-game.js";
import { it } from "./fixtures.js";
import { buttonNamed, buttons, GROUP, type Harness, USERS } from "./harness.js";

const CHAT = { id: GROUP, type: "supergroup", title: "Nardy club" };
const ref = (u: User) => ({ id: u.id, firstName: u.first_name, languageCode: u.language_code });

/**
 * A long-nardy game between the two, resigned at once by `loser` (through the service, once
 * the bot has started it in its board).
 */
async function resignedGame(harness: Harness, challenger: User, accepter: User, loser: User) {
  // Written in the challenger's language, as the bot makes it.
  const c = await harness.parts.deps.messages.writtenIn(
    challenger.language_code ?? "en",
    async () =>
      harness.service.createChallenge({ challenger: ref(challenger), chat: CHAT, variant: "long" }),
  );
  if (!c.ok) throw new Error(c.error.message);
  const started = await harness.service.acceptChallenge(c.value.id, ref(accepter));
  if (!started.ok) throw new Error(started.error.message);
  await harness.settle();
  const g = (await harness.service.getGame(started.value.game.id))!;
  const r = await harness.service.act(g.id, loser.id, { type: "resign" }, g.version);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.game;
}

describe("/history", () => {
  for (const [user, none] of [
    [USERS.alice, "No finished games here yet. Start one with /play."],
    [USERS.olga, "Здесь ещё нет завершённых партий. Начните с /play."],
    [USERS.taras, "Тут ще немає завершених партій. Почніть з /play."],
  ] as const) {
    it(`says when the chat has no finished game (${user.language_code})`, async ({ h }) => {
      await h.send(user, "/history");
      expect(h.lastMessage().text).toBe(none);
      expect(h.tg.problems()).toEqual([]);
    });
  }

  for (const [user, title, result] of [
    [
      USERS.alice,
      "Finished games here, newest first",
      /⚪ (Alice — Bob ⚫ · 🏆 ⚫|Bob — Alice ⚫ · 🏆 ⚪) Bob wins an? (oin|mars): \+\d/,
    ],
    [
      USERS.olga,
      "Завершённые партии здесь, сначала последние",
      /⚪ (Ольга — Bob ⚫ · 🏆 ⚫|Bob — Ольга ⚫ · 🏆 ⚪) Bob выигрывает: (оин|марс), \+\d/,
    ],
    [
      USERS.taras,
      "Завершені партії тут, спершу останні",
      /⚪ (Тарас — Bob ⚫ · 🏆 ⚫|Bob — Тарас ⚫ · 🏆 ⚪) Bob виграє: (оін|марс), \+\d/,
    ],
  ] as const) {
    it(`lists the last ten finished games, newest first, with their buttons (${user.language_code})`, async ({
      h,
    }) => {
      for (let i = 0; i < 11; i++) await resignedGame(h, user, USERS.bob, user);
      // A game still going is not history.
      await h.send(USERS.carol, "/play");
      await h.press(USERS.alice, h.lastMessage(), buttons(h.lastMessage())[0]!);
      await h.settle();
      await h.send(user, "/history");
      const list = h.lastMessage();
      expect(list.text!.split("\n")[0]).toBe(`<b>${title}</b>`);
      const numbers = [...list.text!.matchAll(/<b>#(\d+)<\/b> · (\d{4}-\d\d-\d\d) · /g)];
      expect(numbers.map((m) => Number(m[1]))).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
      expect(list.shown!.text).toMatch(result);
      expect(list.keyboard![0]!.map((b) => b.text)).toEqual(["📊 #11", "🎞 #11", "⬇ #11"]);
      expect(list.keyboard).toHaveLength(10);
      expect(h.tg.problems()).toEqual([]);
    });
  }

  it("a game picked from the list sends its record", async ({ h }) => {
    const { game } = await finishedGame(h, USERS.alice, USERS.bob, "/play short");
    await h.send(USERS.carol, "/history");
    const list = h.lastMessage();
    await h.press(USERS.carol, list, buttonNamed(list, `⬇ #${game.id}`));
    const file = h.lastMessage();
    expect(file.file).toMatchObject({ kind: "document", name: `nardy-${game.id}.mat` });
    expect(file.replyTo).toBe(list.messageId);
    expect(h.tg.problems()).toEqual([]);
  });

  it("a game picked from the list sends its analysis and its replay", async ({ h }) => {
    // Any finished game: one resigned early keeps its analysis quick.
    const game = await resignedEarly(h, USERS.alice, USERS.bob, "/play short", 24);
    await h.send(USERS.carol, "/history");
    const list = h.lastMessage();
    await h.press(USERS.carol, list, buttonNamed(list, `📊 #${game.id}`));
    const report = h.tg.chatMessages(GROUP).find((m) => m.shown?.text.startsWith("📊 Analysis of"));
    expect(report?.replyTo).toBe(list.messageId);
    await h.press(USERS.carol, list, buttonNamed(list, `🎞 #${game.id}`));
    const replay = h.lastMessage();
    expect(replay.file).toMatchObject({ kind: "animation", name: `nardy-${game.id}.gif` });
    expect(replay.replyTo).toBe(list.messageId);
    expect(h.tg.problems()).toEqual([]);
  });

  for (const [user, gone] of [
    [USERS.alice, "This game is no longer stored."],
    [USERS.olga, "Эта партия больше не хранится."],
    [USERS.taras, "Ця партія більше не зберігається."],
  ] as const) {
    it(`each button of a game the database no longer holds says so (${user.language_code})`, async ({
      h,
    }) => {
      const { game } = await finishedGame(h, user, USERS.bob, "/play short");
      await h.send(user, "/history");
      const list = h.lastMessage();
      h.database.sqlite.exec(
        `delete from game_events where game_id = ${game.id}; delete from games where id = ${game.id}`,
      );
      const sent = h.tg.calls.length;
      for (const icon of ["📊", "🎞", "⬇"]) {
        await h.press(user, list, buttonNamed(list, `${icon} #${game.id}`));
        const answer = h.tg.callsOf("answerCallbackQuery").at(-1)!.payload;
        expect(answer).toMatchObject({ show_alert: true, text: gone });
      }
      const after = h.tg.calls.slice(sent).map((c) => c.method);
      expect(after).toEqual(["answerCallbackQuery", "answerCallbackQuery", "answerCallbackQuery"]);
    });
  }
});
