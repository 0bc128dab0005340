import type { User } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { chooseAction } from "../../src/ai/index.js";
import { sampled } from "../helpers/samples.js";
import { BOT_INFO } from "./fake-telegram.js";
import { finishedGame, resignAfter, resignedEarly } from "./finished-game.js";
import { buttonNamed, buttons, createHarness, GROUP, type Harness, USERS } from "./harness.js";
import { sendCard } from "./inline-cards.js";

let h: Harness | null = null;
afterEach(() => {
  h?.close();
  h = null;
});

const answers = (harness: Harness) =>
  harness.tg.callsOf("answerCallbackQuery").map((c) => c.payload);

interface Texts {
  button: string;
  making: string;
  running: string;
  progress: RegExp;
  report: RegExp;
  decision: RegExp;
  /** A cube or resignation decision's caption. */
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
      progress: /^📊 Analysing short nardy · standard · running series · #1: (25|50|75)%$/,
      report: new RegExp(
        String.raw`^📊 Analysis of short nardy · standard · running series · #1\n\n` +
          String.raw`⚪ \S+\ndecisions: ${n}, errors: ${n}, blunders: ${n}; equity lost: \d\.\d{3} \(\d\.\d{3} per decision\); luck: ${eq}(?:\nof them cube and resignations: ${n} decisions, ${n} errors, \d\.\d{3} lost)?\n\n` +
          String.raw`⚫ \S+\ndecisions: ${n}, errors: ${n}, blunders: ${n}; equity lost: \d\.\d{3} \(\d\.\d{3} per decision\); luck: ${eq}(?:\nof them cube and resignations: ${n} decisions, ${n} errors, \d\.\d{3} lost)?\n\n` +
          String.raw`(\S+ \S+ played better|Both played alike); [⚪⚫] \S+ had the better dice\.$`,
      ),
      decision: new RegExp(
        String.raw`^[⚪⚫] \S+, turn ${n}, roll \d-\d: played .+ \(${eq}\), best .+ \(${eq}\); lost \d\.\d{3}$`,
      ),
      cube: new RegExp(
        String.raw`^[⚪⚫] \S+, turn ${n}, cube ${n}: [a-z ]+ \(${eq}\), best [a-z ]+ \(${eq}\); lost \d\.\d{3} per cube$`,
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
      progress: /^📊 Разбор короткие нарды · стандарт · бессрочная серия · #1: (25|50|75)%$/,
      report: new RegExp(
        String.raw`^📊 Разбор короткие нарды · стандарт · бессрочная серия · #1\n\n` +
          String.raw`⚪ \S+\nрешений: ${n}, ошибок: ${n}, грубых: ${n}; потеряно эквити: \d\.\d{3} \(\d\.\d{3} на решение\); удача: ${eq}(?:\nиз них куб и сдачи: решений ${n}, ошибок ${n}, потеряно \d\.\d{3})?\n\n` +
          String.raw`⚫ \S+\nрешений: ${n}, ошибок: ${n}, грубых: ${n}; потеряно эквити: \d\.\d{3} \(\d\.\d{3} на решение\); удача: ${eq}(?:\nиз них куб и сдачи: решений ${n}, ошибок ${n}, потеряно \d\.\d{3})?\n\n` +
          String.raw`(\S+ \S+ сыграл\(а\) лучше|Оба сыграли одинаково); [⚪⚫] \S+ везло с кубиками больше\.$`,
      ),
      decision: new RegExp(
        String.raw`^[⚪⚫] \S+, ход ${n}, бросок \d-\d: сыграно .+ \(${eq}\), лучше .+ \(${eq}\); потеря \d\.\d{3}$`,
      ),
      cube: new RegExp(
        String.raw`^[⚪⚫] \S+, ход ${n}, куб ${n}: [а-я ]+ \(${eq}\), лучше [а-я ]+ \(${eq}\); потеря \d\.\d{3} на куб$`,
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
      progress: /^📊 Розбір короткі нарди · стандарт · безстрокова серія · #1: (25|50|75)%$/,
      report: new RegExp(
        String.raw`^📊 Розбір короткі нарди · стандарт · безстрокова серія · #1\n\n` +
          String.raw`⚪ \S+\nрішень: ${n}, помилок: ${n}, грубих: ${n}; втрачено еквіті: \d\.\d{3} \(\d\.\d{3} на рішення\); удача: ${eq}(?:\nз них куб і здачі: рішень ${n}, помилок ${n}, втрачено \d\.\d{3})?\n\n` +
          String.raw`⚫ \S+\nрішень: ${n}, помилок: ${n}, грубих: ${n}; втрачено еквіті: \d\.\d{3} \(\d\.\d{3} на рішення\); удача: ${eq}(?:\nз них куб і здачі: рішень ${n}, помилок ${n}, втрачено \d\.\d{3})?\n\n` +
          String.raw`(\S+ \S+ зіграв\(ла\) краще|Обидва зіграли однаково); [⚪⚫] \S+ щастило з кубиками більше\.$`,
      ),
      decision: new RegExp(
        String.raw`^[⚪⚫] \S+, хід ${n}, кидок \d-\d: зіграно .+ \(${eq}\), краще .+ \(${eq}\); втрата \d\.\d{3}$`,
      ),
      cube: new RegExp(
        String.raw`^[⚪⚫] \S+, хід ${n}, куб ${n}: [а-яіїє' ]+ \(${eq}\), краще [а-яіїє' ]+ \(${eq}\); втрата \d\.\d{3} на куб$`,
      ),
      none: "Тут ще немає завершених партій для розбору. Почніть з /play.",
      gone: "Ця партія більше не зберігається.",
    },
  ],
];

describe("the analysis of a finished game", () => {
  // Each language analyses whole games: `npm test` runs the first, the slow suite all three.
  const languages = sampled(LANGUAGES, LANGUAGES.slice(0, 1));
  for (const [challenger, texts] of languages) {
    const lang = challenger.language_code;

    it(`is a progress message turned into the report, then the costliest plays (${lang})`, async () => {
      h = await createHarness();
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
      // The press that started it was answered before the progress message went out.
      const methods = h.tg.calls.slice(callsBefore).map((c) => c.method);
      expect(methods.indexOf("answerCallbackQuery")).toBeLessThan(methods.indexOf("sendMessage"));
      const posted = h.tg.chatMessages(GROUP).slice(before);
      const report = posted[0]!;
      expect(report.replyTo).toBe(board.messageId);
      expect(report.shown?.text).toMatch(texts.report);
      // The progress message was edited in place on its way to the report.
      const edits = h.tg
        .callsOf("editMessageText")
        .filter((c) => c.payload.message_id === report.messageId);
      for (const e of edits.slice(0, -1)) expect(e.payload.text).toMatch(texts.progress);
      expect(edits.length).toBeGreaterThanOrEqual(2);
      // Up to three pictures a player, each with its play, the best play and both equities.
      const pictures = posted.slice(1);
      expect(pictures.length).toBeGreaterThan(0);
      expect(pictures.length).toBeLessThanOrEqual(6);
      for (const p of pictures) {
        if (texts.cube.test(p.shown?.text ?? "")) {
          // A cube decision: the one position, drawn as a board.
          expect((p.photo as Buffer).toString()).toMatch(/^PNG:/);
          continue;
        }
        expect(p.shown?.text).toMatch(texts.decision);
        // Two boards: after the play made, marked as a move, and after the best, in the other mark.
        const { played, best } = JSON.parse((p.photo as Buffer).toString());
        expect(played.lastMove.steps.length).toBeGreaterThan(0);
        expect(best.currentSteps.length).toBeGreaterThan(0);
        expect(best.lastMove).toBeNull();
        expect(played.board).not.toEqual(best.board);
        expect(played.dice).toEqual(best.dice);
        const roll = /(\d)-(\d)/.exec(p.shown!.text)!;
        expect(played.dice.values.slice(0, 2)).toEqual([Number(roll[1]), Number(roll[2])]);
      }
      // Stored with the game: asked again, the report comes at once, with no new analysis.
      const editsSoFar = h.tg.callsOf("editMessageText").length;
      await h.press(USERS.bob, board, buttonNamed(board, texts.button));
      const again = h.tg.chatMessages(GROUP).slice(before + posted.length);
      expect(again[0]!.shown?.text).toBe(report.shown?.text);
      expect(again.length).toBe(posted.length);
      expect(h.tg.callsOf("editMessageText").length).toBe(editsSoFar);
      expect(h.tg.problems()).toEqual([]);
    });

    it(`/analysis takes the chat's last finished game, and says when there is none (${lang})`, async () => {
      h = await createHarness();
      await h.send(challenger, "/analysis");
      expect(h.lastMessage().text).toBe(texts.none);
      // A game resigned early: the command's own analysis, quicker than a whole game's.
      await resignedEarly(h, challenger, USERS.bob, "/play short", 24);
      await h.send(challenger, "/analysis");
      const report = h.tg.chatMessages(GROUP).find((m) => texts.report.test(m.shown?.text ?? ""));
      expect(report).toBeDefined();
      expect(h.tg.problems()).toEqual([]);
    });

    it(`a game the database no longer holds says so (${lang})`, async () => {
      h = await createHarness();
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
  it("a double dropped on the second turn: both decisions weighed, each costly one pictured", async () => {
    h = await createHarness();
    await h.send(USERS.alice, "/play short");
    const challenge = h.lastMessage();
    await h.press(USERS.bob, challenge, buttonNamed(challenge, /Accept/));
    const board = h.lastMessage();
    let game = h.service.activeGames(GROUP, USERS.bob.id)[0]!;
    // The first turn, played through the service; then the other side may double.
    const first = game.waitingFor;
    while (game.waitingFor === first) {
      const move = chooseAction(game.state, { player: "pipcount" })!;
      const r = h.service.act(game.id, first!, move.actions[0]!, game.version);
      if (!r.ok) throw new Error(r.error.message);
      game = r.value.game;
    }
    await h.settle();
    const doubler = game.waitingFor === USERS.alice.id ? USERS.alice : USERS.bob;
    const taker = doubler === USERS.alice ? USERS.bob : USERS.alice;
    await h.press(doubler, board, buttonNamed(h.tg.message(GROUP, board.messageId)!, /Double/));
    await h.press(taker, board, buttonNamed(h.tg.message(GROUP, board.messageId)!, /Drop/));
    expect(h.service.getGame(game.id)!.state.result?.reason).toBe("drop");
    const before = h.tg.chatMessages(GROUP).length;
    const final = h.tg.message(GROUP, board.messageId)!;
    await h.press(taker, final, buttonNamed(final, "📊 Analysis"));
    const posted = h.tg.chatMessages(GROUP).slice(before);
    expect(posted[0]!.shown?.text).toMatch(
      /of them cube and resignations: 1 decisions, 1 errors, \d\.\d{3} lost/,
    );
    const captions = posted.slice(1).map((p) => p.shown?.text ?? "");
    const name = (u: User) => u.first_name;
    expect(captions).toContainEqual(
      expect.stringMatching(
        new RegExp(`${name(taker)}, turn 2, cube 1: dropped \\(−1\\.000\\), best took`),
      ),
    );
    expect(h.tg.problems()).toEqual([]);
  });
});

describe("an inline game's analysis and record", () => {
  it("open the player's private chat with the bot, where Start brings them", async () => {
    h = await createHarness();
    const card = await sendCard(h, "ss", "inl-review", false);
    await h.press(USERS.bob, card, buttonNamed(card, /Accept/));
    // Resigned early: its analysis is as real as a whole game's, and quicker.
    const game = await resignAfter(h, h.service.gameForInlineMessage("inl-review")!, 24);
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
    const inPrivate = h.tg.chatMessages(USERS.bob.id);
    expect(inPrivate.some((m) => /^📊 Analysis of short nardy/.test(m.shown?.text ?? ""))).toBe(
      true,
    );
    await h.send(USERS.bob, `/start f${game.id}`, { chatId: USERS.bob.id });
    expect(h.lastMessage(USERS.bob.id).file).toMatchObject({ kind: "document" });
    // A forged start parameter for someone else's game is refused.
    await h.send(USERS.carol, `/start a${game.id}`, { chatId: USERS.carol.id });
    expect(h.lastMessage(USERS.carol.id).text).toMatch(/Only the two players/);
    expect(h.tg.problems()).toEqual([]);
  });
});
