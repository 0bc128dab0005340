import type { User } from "grammy/types";
import { describe, expect } from "vitest";
import { BOT_INFO } from "../../bench/testkit/index.js";
import { chooseAction } from "../../src/ai/index.js";
import { gameInInline } from "../../src/bot/inline-lookup.js";
import type { BoardView } from "../../src/render/view.js";
import { analyseGame } from "../../src/services/index.js";
import { sampled } from "../helpers/samples.js";
import { finishedGame, resignAfter, resignedEarly } from "./finished-game.js";
import { it } from "./fixtures.js";
import { buttonNamed, buttons, GROUP, type Harness, USERS } from "./harness.js";
import { sendCard } from "./inline-cards.js";

const answers = (harness: Harness) =>
  harness.tg.callsOf("answerCallbackQuery").map((c) => c.payload);

interface Texts {
  button: string;
  making: string;
  running: string;
  /** A second press within the hour: where the analysis is. */
  posted: string;
  /** /analysis again within the hour: a reply to the post. */
  above: string;
  report: RegExp;
  /** The line above the numbered decisions. */
  pictured: string;
  /** A checker play's line, in full or short. */
  decision: RegExp;
  /** A cube or resignation decision's line, in full or short. */
  cube: RegExp;
  none: string;
  gone: string;
}

const n = String.raw`\d+`;
const eq = String.raw`[+−]\d\.\d{3}`;

const LANGUAGES: [User, Texts][] = [
  [
    USERS.alice,
    {
      button: "📊 Analysis",
      making: "📊 Analysing every decision…",
      running: "📊 This game is being analysed already.",
      posted: "📊 This game's analysis was posted here 20 min ago: it is above.",
      above: "📊 This game's analysis is in the message this replies to.",
      report: new RegExp(
        String.raw`^📊 Analysis of short nardy · standard · running series · #1\n\n` +
          String.raw`⚪ \S+\ndecisions: ${n}, errors: ${n}, blunders: ${n}; equity lost: \d\.\d{3} \(\d\.\d{3} per decision\); luck: ${eq}(?:\nof them cube and resignations: ${n} decisions, ${n} errors, \d\.\d{3} lost)?\n\n` +
          String.raw`⚫ \S+\ndecisions: ${n}, errors: ${n}, blunders: ${n}; equity lost: \d\.\d{3} \(\d\.\d{3} per decision\); luck: ${eq}(?:\nof them cube and resignations: ${n} decisions, ${n} errors, \d\.\d{3} lost)?\n\n` +
          String.raw`(\S+ \S+ played better|Both played alike); [⚪⚫] \S+ had the better dice\.$`,
      ),
      pictured: "In the picture, the play made on the left, the best on the right:",
      decision: new RegExp(
        String.raw`^[⚪⚫] turn ${n}, (roll \d-\d: played .+ \(${eq}\), best .+ \(${eq}\); |\d-\d: .+, best .+; |\d-\d: )lost \d\.\d{3}$`,
      ),
      cube: new RegExp(
        String.raw`^[⚪⚫] turn ${n}, cube ${n}: ([a-z ]+ \(${eq}\), best [a-z ]+ \(${eq}\); lost \d\.\d{3} per cube|([a-z ]+, best [a-z ]+; )?lost \d\.\d{3})$`,
      ),
      none: "No finished game here yet to analyse. Start one with /play.",
      gone: "This game is no longer stored.",
    },
  ],
  [
    USERS.olga,
    {
      button: "📊 Анализ",
      making: "📊 Разбираю каждое решение…",
      running: "📊 Эта партия уже разбирается.",
      posted: "📊 Разбор этой партии уже был здесь 20 мин. назад — он выше.",
      above: "📊 Разбор этой партии — в сообщении, на которое это отвечает.",
      report: new RegExp(
        String.raw`^📊 Разбор короткие нарды · стандарт · бессрочная серия · #1\n\n` +
          String.raw`⚪ \S+\nрешений: ${n}, ошибок: ${n}, грубых: ${n}; потеряно эквити: \d\.\d{3} \(\d\.\d{3} на решение\); удача: ${eq}(?:\nиз них куб и сдачи: решений ${n}, ошибок ${n}, потеряно \d\.\d{3})?\n\n` +
          String.raw`⚫ \S+\nрешений: ${n}, ошибок: ${n}, грубых: ${n}; потеряно эквити: \d\.\d{3} \(\d\.\d{3} на решение\); удача: ${eq}(?:\nиз них куб и сдачи: решений ${n}, ошибок ${n}, потеряно \d\.\d{3})?\n\n` +
          String.raw`(\S+ \S+ сыграл\(а\) лучше|Оба сыграли одинаково); [⚪⚫] \S+ бросал\(а\) кубики удачнее\.$`,
      ),
      pictured: "На картинке слева сыгранный ход, справа лучший:",
      decision: new RegExp(
        String.raw`^[⚪⚫] ход ${n}, (бросок \d-\d: сыграно .+ \(${eq}\), лучше .+ \(${eq}\); |\d-\d: .+, лучше .+; |\d-\d: )потеря \d\.\d{3}$`,
      ),
      cube: new RegExp(
        String.raw`^[⚪⚫] ход ${n}, куб ${n}: ([а-я ]+ \(${eq}\), лучше [а-я ]+ \(${eq}\); потеря \d\.\d{3} на куб|([а-я ]+, лучше [а-я ]+; )?потеря \d\.\d{3})$`,
      ),
      none: "Здесь ещё нет завершённых партий для разбора. Начните с /play.",
      gone: "Эта партия больше не хранится.",
    },
  ],
  [
    USERS.taras,
    {
      button: "📊 Аналіз",
      making: "📊 Розбираю кожне рішення…",
      running: "📊 Ця партія вже розбирається.",
      posted: "📊 Розбір цієї партії вже був тут 20 хв тому — він вище.",
      above: "📊 Розбір цієї партії — у повідомленні, на яке це відповідає.",
      report: new RegExp(
        String.raw`^📊 Розбір короткі нарди · стандарт · безстрокова серія · #1\n\n` +
          String.raw`⚪ \S+\nрішень: ${n}, помилок: ${n}, грубих: ${n}; втрачено еквіті: \d\.\d{3} \(\d\.\d{3} на рішення\); удача: ${eq}(?:\nз них куб і здачі: рішень ${n}, помилок ${n}, втрачено \d\.\d{3})?\n\n` +
          String.raw`⚫ \S+\nрішень: ${n}, помилок: ${n}, грубих: ${n}; втрачено еквіті: \d\.\d{3} \(\d\.\d{3} на рішення\); удача: ${eq}(?:\nз них куб і здачі: рішень ${n}, помилок ${n}, втрачено \d\.\d{3})?\n\n` +
          String.raw`(\S+ \S+ зіграв\(ла\) краще|Обидва зіграли однаково); [⚪⚫] \S+ кидав\(ла\) кубики вдаліше\.$`,
      ),
      pictured: "На картинці ліворуч зіграний хід, праворуч найкращий:",
      decision: new RegExp(
        String.raw`^[⚪⚫] хід ${n}, (кидок \d-\d: зіграно .+ \(${eq}\), краще .+ \(${eq}\); |\d-\d: .+, краще .+; |\d-\d: )втрата \d\.\d{3}$`,
      ),
      cube: new RegExp(
        String.raw`^[⚪⚫] хід ${n}, куб ${n}: ([а-яіїє' ]+ \(${eq}\), краще [а-яіїє' ]+ \(${eq}\); втрата \d\.\d{3} на куб|([а-яіїє' ]+, краще [а-яіїє' ]+; )?втрата \d\.\d{3})$`,
      ),
      none: "Тут ще немає завершених партій для розбору. Почніть з /play.",
      gone: "Ця партія більше не зберігається.",
    },
  ],
];

/** The post's text: the report, then the numbered decisions it pictures. */
function readPost(text: string, texts: Texts): { report: string; lines: string[] } {
  const [report, list] = text.split(`\n\n${texts.pictured}\n`);
  return {
    report: report!,
    lines: (list?.split("\n") ?? []).map((line, i) => {
      expect(line.startsWith(`${i + 1}. `)).toBe(true);
      return line.slice(`${i + 1}. `.length);
    }),
  };
}

describe("the analysis of a finished game", () => {
  // Each language analyses whole games: `npm test` runs the first, the slow suite all three.
  const languages = sampled(LANGUAGES, LANGUAGES.slice(0, 1));
  for (const [challenger, texts] of languages) {
    const lang = challenger.language_code;

    it(`is one message: a picture of the costliest decisions, the report its caption (${lang})`, async ({
      harness,
    }) => {
      let clock = Date.now();
      let analysed = 0;
      const h = await harness({
        now: () => clock,
        analyse: (timeline, progress) => {
          analysed++;
          return analyseGame(timeline, progress);
        },
      });
      const { board } = await finishedGame(h, challenger, USERS.bob, "/play short");
      const before = h.tg.chatMessages(GROUP).length;
      const callsBefore = h.tg.calls.length;
      // Two presses at once: one analysis; the second hears that it is running.
      await Promise.all([
        h.press(challenger, board, buttonNamed(board, texts.button)),
        h.press(challenger, board, buttonNamed(board, texts.button)),
      ]);
      await h.settle();
      expect(
        answers(h)
          .slice(-2)
          .map((a) => a.text)
          .sort(),
      ).toEqual([texts.making, texts.running].sort());
      // The press that started it was answered before the post went out.
      const methods = h.tg.calls.slice(callsBefore).map((c) => c.method);
      expect(methods.indexOf("answerCallbackQuery")).toBeLessThan(methods.indexOf("sendPhoto"));
      // One message in the group, and nothing edited.
      const posted = h.tg.chatMessages(GROUP).slice(before);
      expect(posted).toHaveLength(1);
      expect(methods.filter((m) => m.startsWith("edit"))).toEqual([]);
      const post = posted[0]!;
      expect(post.replyTo).toBe(board.messageId);
      const { report, lines } = readPost(post.shown!.text, texts);
      expect(report).toMatch(texts.report);
      // Up to three decisions a player, a row of the picture each, numbered as in the caption.
      const rows = JSON.parse((post.photo as Buffer).toString()) as BoardView[][];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThanOrEqual(6);
      expect(lines).toHaveLength(rows.length);
      for (const [i, row] of rows.entries()) {
        const line = lines[i]!;
        if (texts.cube.test(line)) {
          // A cube decision: the one position, with the cube.
          expect(row).toHaveLength(1);
          expect(row[0]!.cube).not.toBeNull();
          continue;
        }
        expect(line).toMatch(texts.decision);
        // Two boards: after the play made, marked as a move, and after the best, in the other mark.
        const [played, best] = row as [BoardView, BoardView];
        expect(played.lastMove!.steps.length).toBeGreaterThan(0);
        expect(best.currentSteps.length).toBeGreaterThan(0);
        expect(best.lastMove).toBeNull();
        expect(played.board).not.toEqual(best.board);
        expect(played.dice).toEqual(best.dice);
        const roll = /(\d)-(\d)/.exec(line)!;
        expect(played.dice!.values.slice(0, 2)).toEqual([Number(roll[1]), Number(roll[2])]);
      }
      expect(analysed).toBe(1);

      // Pressed again within the hour: pointed to, not posted again.
      clock += 20 * 60_000;
      const sent = h.tg.chatMessages(GROUP).length;
      await h.press(challenger, board, buttonNamed(board, texts.button));
      expect(answers(h).at(-1)?.text).toBe(texts.posted);
      expect(h.tg.chatMessages(GROUP)).toHaveLength(sent);

      // An hour on, it is posted again from the stored analysis: the same text, no new analysis.
      clock += 41 * 60_000;
      await h.press(challenger, board, buttonNamed(board, texts.button));
      const again = h.tg.chatMessages(GROUP).slice(sent);
      expect(again).toHaveLength(1);
      expect(again[0]!.shown?.text).toBe(post.shown?.text);
      expect(analysed).toBe(1);
      expect(h.tg.problems()).toEqual([]);
    });

    it(`/analysis takes the chat's last finished game, and says when there is none (${lang})`, async ({
      h,
    }) => {
      await h.send(challenger, "/analysis");
      expect(h.lastMessage().text).toBe(texts.none);
      // A game resigned early: the command's own analysis, quicker than a whole game's.
      await resignedEarly(h, challenger, USERS.bob, "/play short", 24);
      await h.send(challenger, "/analysis");
      const post = h.lastMessage();
      expect(readPost(post.shown!.text, texts).report).toMatch(texts.report);
      // Asked again: a reply to that post, which leads to it.
      await h.send(challenger, "/analysis");
      expect(h.lastMessage()).toMatchObject({ text: texts.above, replyTo: post.messageId });
      expect(h.tg.problems()).toEqual([]);
    });

    it(`a game the database no longer holds says so (${lang})`, async ({ h }) => {
      const { board } = await finishedGame(h, challenger, USERS.bob, "/play short");
      h.database.sqlite.exec(
        "delete from game_events where game_id = 1; delete from games where id = 1",
      );
      await h.press(challenger, board, buttonNamed(board, texts.button));
      expect(answers(h).at(-1)).toMatchObject({ show_alert: true, text: texts.gone });
    });
  }
});

describe("the analysis of cube decisions", () => {
  it("a double dropped on the second turn: both decisions weighed, each costly one pictured", async ({
    h,
  }) => {
    await h.send(USERS.alice, "/play short");
    const challenge = h.lastMessage();
    await h.press(USERS.bob, challenge, buttonNamed(challenge, /Accept/));
    const board = h.lastMessage();
    let game = (await h.service.activeGames(GROUP, USERS.bob.id))[0]!;
    // The first turn, played through the service; then the other side may double.
    const first = game.waitingFor;
    while (game.waitingFor === first) {
      const move = chooseAction(game.state, { player: "pipcount" })!;
      const r = await h.service.act(game.id, first!, move.actions[0]!, game.version);
      if (!r.ok) throw new Error(r.error.message);
      game = r.value.game;
    }
    await h.settle();
    const doubler = game.waitingFor === USERS.alice.id ? USERS.alice : USERS.bob;
    const taker = doubler === USERS.alice ? USERS.bob : USERS.alice;
    await h.press(doubler, board, buttonNamed(h.tg.message(GROUP, board.messageId)!, /Double/));
    await h.press(taker, board, buttonNamed(h.tg.message(GROUP, board.messageId)!, /Drop/));
    expect((await h.service.getGame(game.id))!.state.result?.reason).toBe("drop");
    const before = h.tg.chatMessages(GROUP).length;
    const final = h.tg.message(GROUP, board.messageId)!;
    await h.press(taker, final, buttonNamed(final, "📊 Analysis"));
    const posted = h.tg.chatMessages(GROUP).slice(before);
    expect(posted).toHaveLength(1);
    const caption = posted[0]!.shown!.text;
    expect(caption).toMatch(/of them cube and resignations: 1 decisions, 1 errors, \d\.\d{3} lost/);
    const side = game.white.id === taker.id ? "⚪" : "⚫";
    const drop = new RegExp(
      `^(\\d)\\. ${side} turn 2, cube 1: dropped \\(−1\\.000\\), best took`,
      "m",
    ).exec(caption);
    expect(drop).not.toBeNull();
    // Its row of the picture: the position, with the cube.
    const rows = JSON.parse((posted[0]!.photo as Buffer).toString()) as BoardView[][];
    const row = rows[Number(drop![1]) - 1]!;
    expect(row).toHaveLength(1);
    expect(row[0]!.cube).toMatchObject({ value: 1 });
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("an inline game's analysis and record", () => {
  it("open the player's private chat with the bot, where Start brings them", async ({ h }) => {
    const card = await sendCard(h, "ss", "inl-review", false);
    await h.press(USERS.bob, card, buttonNamed(card, /Accept/));
    // Resigned early: its analysis is as real as a whole game's, and quicker.
    const game = await resignAfter(h, (await gameInInline(h.parts.deps, "inl-review"))!, 24);
    const final = h.tg.inlineMessage("inl-review")!;
    expect(buttons(final).map((b) => b.text)).toContain("📊 Analysis");
    // Someone else who sees the game: an alert, nothing opens.
    await h.press(USERS.carol, final, buttonNamed(final, "📊 Analysis"));
    expect(answers(h).at(-1)).toMatchObject({
      show_alert: true,
      text: expect.stringMatching(/Only the two players/),
    });
    await h.press(USERS.bob, final, buttonNamed(final, "📊 Analysis"));
    expect(answers(h).at(-1)).toEqual(
      expect.objectContaining({ url: `https://t.me/${BOT_INFO.username}?start=a${game.id}` }),
    );
    await h.press(USERS.bob, final, buttonNamed(final, "⬇ Record"));
    expect(answers(h).at(-1)).toEqual(
      expect.objectContaining({ url: `https://t.me/${BOT_INFO.username}?start=f${game.id}` }),
    );
    // Start in the private chat: the report, then the file.
    await h.send(USERS.bob, `/start a${game.id}`, { chatId: USERS.bob.id });
    expect(h.lastMessage(USERS.bob.id).shown?.text).toMatch(/^📊 Analysis of short nardy/);
    await h.send(USERS.bob, `/start f${game.id}`, { chatId: USERS.bob.id });
    expect(h.lastMessage(USERS.bob.id).file).toMatchObject({ kind: "document" });
    // A forged start parameter for someone else's game is refused.
    await h.send(USERS.carol, `/start a${game.id}`, { chatId: USERS.carol.id });
    expect(h.lastMessage(USERS.carol.id).text).toMatch(/Only the two players/);
    expect(h.tg.problems()).toEqual([]);
  });
});
