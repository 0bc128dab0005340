import type { User } from "grammy/types";
import { describe, expect } from "vitest";
import { verifyRecord } from "../../src/services/records/verify.js";
import { finishedGame } from "./finished-game.js";
import { it } from "./fixtures.js";
import { buttonNamed, buttons, type Harness, USERS } from "./harness.js";

const lastAnswer = (harness: Harness) => harness.tg.callsOf("answerCallbackQuery").at(-1)!.payload;

/** Each language's labels and the record's caption for game #1, short nardy. */
const LANGUAGES: [User, { record: string; caption: RegExp; gone: string }][] = [
  [
    USERS.alice,
    {
      record: "⬇ Record",
      caption: /^⬇ The record of short nardy · standard · running series · #1\. Its last lines/,
      gone: "This game is no longer stored.",
    },
  ],
  [
    USERS.olga,
    {
      record: "⬇ Запись",
      caption: /^⬇ Запись партии короткие нарды · стандарт · бессрочная серия · #1\. В последних/,
      gone: "Эта партия больше не хранится.",
    },
  ],
  [
    USERS.taras,
    {
      record: "⬇ Запис",
      caption: /^⬇ Запис партії короткі нарди · стандарт · безстрокова серія · #1\. В останніх/,
      gone: "Ця партія більше не зберігається.",
    },
  ],
];

describe("the record of a finished game", () => {
  for (const [challenger, texts] of LANGUAGES) {
    it(`is a file under the board, in the game's language (${challenger.language_code})`, async ({
      h,
    }) => {
      const { game, board } = await finishedGame(h, challenger, USERS.bob, "/play short");
      expect(game.status).toBe("finished");
      await h.press(USERS.bob, board, buttonNamed(board, texts.record));
      const sent = h.tg.callsOf("sendDocument");
      expect(sent).toHaveLength(1);
      const file = h.lastMessage();
      expect(file.file).toMatchObject({ kind: "document", name: "nardy-1.mat" });
      expect(file.replyTo).toBe(board.messageId);
      expect(file.shown?.text).toMatch(texts.caption);
      const text = (file.file!.data as Buffer).toString("utf8");
      expect(text).toMatch(/^ 0 point match\n/);
      expect(verifyRecord(text)).toMatchObject({ ok: true });
      expect(h.tg.problems()).toEqual([]);
    });
  }

  it("long nardy gives a text record; only finished games have the button", async ({ h }) => {
    await h.send(USERS.carol, "/play");
    const live = h.lastMessage();
    await h.press(USERS.alice, live, buttons(live)[0]!);
    const active = h.lastMessage();
    expect(buttons(active).map((b) => b.text)).not.toContain("⬇ Record");
    const { board } = await finishedGame(h, USERS.alice, USERS.bob, "/play long");
    await h.press(USERS.alice, board, buttonNamed(board, "⬇ Record"));
    const file = h.lastMessage();
    expect(file.file).toMatchObject({ kind: "document", name: "nardy-2.txt" });
    expect((file.file!.data as Buffer).toString("utf8")).toMatch(
      /^nardy-bot game #2: long nardy\n/,
    );
    expect(h.tg.problems()).toEqual([]);
  });

  for (const [challenger, texts] of LANGUAGES) {
    it(`a game the database no longer holds says so (${challenger.language_code})`, async ({
      h,
    }) => {
      const { board } = await finishedGame(h, challenger, USERS.bob, "/play short");
      h.database.sqlite.exec(
        "delete from game_events where game_id = 1; delete from games where id = 1",
      );
      await h.press(challenger, board, buttonNamed(board, texts.record));
      expect(lastAnswer(h)).toMatchObject({ show_alert: true, text: texts.gone });
      expect(h.tg.callsOf("sendDocument")).toEqual([]);
      expect(h.tg.problems()).toEqual([]);
    });
  }
});
