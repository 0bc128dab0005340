import type { User } from "grammy/types";
import { describe, expect } from "vitest";
import type { StoredMessage } from "../../bench/testkit/index.js";
import { decode } from "../../src/bot/callback-data.js";
import { gameInInline } from "../../src/bot/inline-lookup.js";
import { replayGame } from "../../src/services/index.js";
import { it } from "./fixtures.js";
import { buttonNamed, buttons, GROUP, type Harness, USERS } from "./harness.js";

describe("presses at once", () => {
  it("a dialog step and a press elsewhere by the same person at once: the dialog keeps its step", async ({
    h,
  }) => {
    await h.send(USERS.bob, "/play");
    const challenge = h.lastMessage();
    await h.press(USERS.alice, challenge, buttonNamed(challenge, /Accept/));
    const board = h.lastMessage();
    await h.send(USERS.alice, "/new");
    const dialog = h.lastMessage();
    // Alice presses her dialog's first step and, at the same moment, something on the board.
    await h.send(USERS.alice, "/play short");
    const mine = h.lastMessage();
    await Promise.all([
      h.pressData(USERS.alice, board, `g:1:${(await h.service.getGame(1))!.version}:f`),
      h.press(USERS.alice, mine, buttonNamed(mine, /Cancel/)),
      h.press(USERS.alice, dialog, buttonNamed(dialog, "long nardy")),
      h.pressData(USERS.alice, board, `g:1:${(await h.service.getGame(1))!.version}:f`),
      h.press(USERS.alice, mine, buttonNamed(mine, /Cancel/)),
    ]);
    const step2 = h.tg.message(GROUP, dialog.messageId)!;
    expect(step2.text).toBe("Which rules?");
    // The next step's buttons work: the dialog did not lose its step.
    await h.press(USERS.alice, step2, buttonNamed(step2, "classic"));
    expect(h.tg.message(GROUP, dialog.messageId)!.text).toBe("How long is the match?");
    expect(h.tg.problems()).toEqual([]);
  });

  it("200 random and forged presses from five people, in concurrent batches: every one answered", async ({
    h,
  }) => {
    const harness = h;
    const { alice, bob, carol, olga, taras } = USERS;
    const people = [alice, bob, carol, olga, taras];

    // A game, two set-up dialogs (one waiting for a reply), a resignation question, an open
    // challenge, an inline card and a private /lang message, all open at once.
    await h.send(bob, "/play");
    const challenge = h.lastMessage();
    await h.press(alice, challenge, buttonNamed(challenge, /Accept/));
    const board = h.lastMessage();
    await h.send(carol, "/new");
    const carolDialog = h.lastMessage();
    await h.press(carol, carolDialog, buttonNamed(carolDialog, "long nardy"));
    await h.send(olga, "/new");
    const olgaDialog = h.lastMessage();
    for (const label of [/короткие/, /стандарт/i, /Бессрочная/, "Без часов", /@username/]) {
      const live = h.tg.message(GROUP, olgaDialog.messageId)!;
      await h.press(olga, live, buttonNamed(live, label));
    }
    await h.send(alice, "/resign");
    const resignQuestion = h.lastMessage();
    await h.send(taras, "/play short");
    const tarasChallenge = h.lastMessage();
    await h.handle({ inline_query: { id: "storm", from: alice, query: "", offset: "" } });
    const [card] = h.tg.callsOf("answerInlineQuery").at(-1)!.payload.results as {
      input_message_content: { message_text: string };
      reply_markup: { inline_keyboard: never[][] };
    }[];
    h.tg.addInlineMessage(
      "storm-card",
      card!.input_message_content.message_text,
      card!.reply_markup.inline_keyboard,
    );
    await h.send(carol, "/lang", { chatId: carol.id });
    const langMessage = h.lastMessage(carol.id);
    const messages: StoredMessage[] = [
      board,
      carolDialog,
      olgaDialog,
      resignQuestion,
      tarasChallenge,
      h.tg.inlineMessage("storm-card")!,
      langMessage,
    ];
    const live = (m: StoredMessage) =>
      m.inlineMessageId
        ? h!.tg.inlineMessage(m.inlineMessageId)!
        : h!.tg.message(m.chatId!, m.messageId)!;
    const eventsBefore = (await h.events(1)).length;
    expect(h.tg.problems()).toEqual([]);

    // mulberry32: a small seeded generator; STORM_SEED=n runs another storm.
    let seed = Number(process.env.STORM_SEED ?? 20240611);
    const rnd = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return (((t ^ (t >>> 14)) >>> 0) % 2 ** 32) % n;
    };
    const pick = <T>(xs: readonly T[]): T => xs[rnd(xs.length)]!;
    const ids = [...people.map((u) => u.id), 0, 999_999_999_999, -1];
    const forged = async (): Promise<string> => {
      const version = (await h!.service.getGame(1))!.version;
      const gameId = pick([1, 1, 1, 2, 3, 0, 77]);
      const v = pick([version, version, version - 1, version + 1, 0, 2 ** 53 - 1]);
      switch (rnd(8)) {
        case 0:
          return `g:${gameId}:${v}:${pick(["s:24:18:6", "s:13:7:6", "s:6:0:6", "u", "c", "r", "d", "t", "p", "ra", "rd", "w", "m", "f", "zz"])}`;
        case 1:
          return `r:${gameId}:${v}:${pick(ids)}:${pick("0123mwxad".split(""))}`;
        case 2:
          return `c:${pick([1, 2, 3, 99])}:${pick(["a", "d", "x"])}`;
        case 3:
          return `i:${pick(["lc", "ls", "ss", "zz"])}:${pick(ids)}:${pick(["en", "ru", "xx"])}:${pick(["a", "x"])}${pick(["p", "t"])}`;
        case 4:
          return `st:c:${pick(["0", "1"])}`;
        case 5:
          return `l:${pick(["en", "ru", "uk", "de"])}`;
        case 6:
          return `n:${pick(ids)}:${pick(["long", "short", "classic", "sport", "standard", "custom", "running", "p3", "open", "bot", "name", "friend", "x", "zzz"])}`;
        default: {
          const length = rnd(80);
          let text = "";
          for (let i = 0; i < length; i++) text += String.fromCodePoint(rnd(0x2000));
          return text;
        }
      }
    };
    /** A button someone can see now (often not theirs), or forged data. */
    const nextPress = async (): Promise<{ from: User; message: StoredMessage; data: string }> => {
      const message = live(pick(messages));
      // Only Carol is in her private chat.
      const from = message.chatId === carol.id ? carol : pick(people);
      const real = buttons(message).filter((b) => "callback_data" in b);
      const data =
        rnd(3) === 0 && real.length > 0
          ? (pick(real) as { callback_data: string }).callback_data
          : await forged();
      return { from, message, data };
    };

    const presses: { from: User; data: string }[] = [];
    for (let batch = 0; batch < 40; batch++) {
      const round = [];
      for (let i = 0; i < 5; i++) round.push(await nextPress());
      presses.push(...round);
      await Promise.all(round.map((p) => harness.pressData(p.from, p.message, p.data)));
    }
    expect(presses).toHaveLength(200);

    // Telegram refused nothing; every press was answered, exactly once.
    expect(h.tg.problems()).toEqual([]);
    expect(h.tg.unansweredQueries()).toEqual([]);

    // The game changed only by presses its players made on it, each a legal action: its
    // events replay to the stored state.
    const game = (await h.service.getGame(1))!;
    const events = await h.events(1);
    expect(replayGame(events)).toEqual(game.state);
    const seats = [game.white.id, game.black.id];
    for (const e of events.slice(eventsBefore)) {
      if (e.actorId === null) continue;
      expect(seats).toContain(e.actorId);
      const pressedOnGame = presses.some((p) => {
        const d = decode(p.data);
        return (
          p.from.id === e.actorId && (d?.type === "game" || d?.type === "resign") && d.gameId === 1
        );
      });
      expect(pressedOnGame).toBe(true);
    }
    // Every game the storm started is consistent too.
    for (let id = 2; await h.service.getGame(id); id++)
      expect(replayGame(await h.events(id))).toEqual((await h.service.getGame(id))!.state);

    // No message lost buttons it should show, or shows buttons of another kind.
    const kinds = (m: StoredMessage) =>
      new Set(
        buttons(live(m)).map((b) =>
          "callback_data" in b ? (decode(b.callback_data)?.type ?? "forged") : "link",
        ),
      );
    const boardNow = live(board);
    expect(boardNow.photo).not.toBeNull();
    const boardData = buttons(boardNow).map((b) =>
      decode((b as { callback_data: string }).callback_data),
    );
    expect(boardData.length).toBeGreaterThan(0);
    for (const d of boardData) expect(d).toMatchObject({ type: "game", gameId: 1 });
    if (game.status === "active")
      for (const d of boardData) expect(d).toMatchObject({ version: game.version });
    // A dialog's message shows its own buttons while the dialog is open, and at most the
    // buttons of the challenge it turned into afterwards.
    const open = new Set(
      (h.database.db.sql.$client.prepare("select key from dialogs").all() as { key: string }[]).map(
        (r) => r.key,
      ),
    );
    for (const [m, owner] of [
      [carolDialog, carol],
      [olgaDialog, olga],
    ] as const) {
      const shown = [...kinds(m)];
      if (open.has(`${GROUP}:${owner.id}`)) expect(shown).toEqual(["dialog"]);
      else expect(shown.every((k) => k === "challenge")).toBe(true);
    }
    expect([...kinds(resignQuestion)].every((k) => k === "resign")).toBe(true);
    const tarasOffer = (await h.service.getChallenge(2))!;
    expect([...kinds(tarasChallenge)]).toEqual(
      tarasOffer.status === "pending" ? ["challenge"] : [],
    );
    const inLang = live(langMessage);
    expect(buttons(inLang).length > 0 ? [...kinds(langMessage)] : [inLang.text]).toEqual(
      buttons(inLang).length > 0 ? ["language"] : [expect.stringMatching(/Language set|Язык|Мова/)],
    );

    // Nobody is stuck: Carol starts a set-up afresh and it moves.
    expect(await h.send(carol, "/new")).toBe(true);
    const fresh = h.lastMessage();
    const asked = fresh.text;
    await h.press(carol, fresh, buttons(fresh)[0]!);
    expect(h.tg.message(GROUP, fresh.messageId)!.text).not.toBe(asked);
    expect(h.tg.problems()).toEqual([]);
  }, 60_000);
});

describe("a press is about the message it shows", () => {
  const lastAnswer = (harness: Harness) =>
    harness.tg.callsOf("answerCallbackQuery").at(-1)!.payload;
  /** A copy of a message as it is now, to press later as a user's app still shows it. */
  const copy = (harness: Harness, m: StoredMessage) =>
    structuredClone(
      m.inlineMessageId
        ? harness.tg.inlineMessage(m.inlineMessageId)!
        : harness.tg.message(m.chatId!, m.messageId)!,
    );

  it("data forged onto another message acts at most for the presser, and edits nothing there", async ({
    h,
  }) => {
    await h.send(USERS.bob, "/play");
    const challenge = h.lastMessage();
    await h.press(USERS.alice, challenge, buttonNamed(challenge, /Accept/));
    const board = h.lastMessage();
    await h.send(USERS.carol, "/play short");
    const open = h.lastMessage();
    await h.send(USERS.carol, "/new");
    const dialog = h.lastMessage();
    const shown = () =>
      [board, open, dialog].map((m) => {
        const now = h!.tg.message(GROUP, m.messageId)!;
        return [now.text, now.caption, now.keyboard];
      });
    const before = shown();
    const version = (await h.service.getGame(1))!.version;
    const forged: [User, StoredMessage, string][] = [
      // Alice's "Not resigned" and "Yes, resign", pressed on Carol's challenge and the dialog.
      [USERS.alice, open, `r:1:${version}:${USERS.alice.id}:x`],
      [USERS.alice, dialog, `r:1:${version}:${USERS.alice.id}:m`],
      [USERS.alice, open, `r:1:${version}:${USERS.alice.id}:0`],
      // A language, a setting, a closed dialog, on the board.
      [USERS.bob, board, "l:ru"],
      [USERS.bob, board, "st:c:1"],
      [USERS.bob, board, `n:${USERS.bob.id}:long`],
      // The board's own buttons, on the challenge and on the dialog.
      [USERS.alice, open, `g:1:${version}:f`],
      [USERS.bob, dialog, `g:1:${version}:f`],
      [USERS.alice, dialog, `g:1:${version}:s:24:18:6`],
    ];
    for (const [who, m, data] of forged) await h.pressData(who, m, data);
    expect(shown()).toEqual(before);
    expect((await h.service.getGame(1))!.status).toBe("active");
    expect((await h.service.getChallenge(2))!.status).toBe("pending");
    // The dialog still works.
    await h.press(USERS.carol, dialog, buttonNamed(dialog, "long nardy"));
    expect(h.tg.message(GROUP, dialog.messageId)!.text).toBe("Which rules?");
    expect(h.tg.problems()).toEqual([]);
  });

  it("a challenge's Accept forged onto someone's inline card does not take that card over", async ({
    h,
  }) => {
    await h.send(USERS.carol, "/play short");
    // Alice's card, sent without inline feedback: the bot has not heard of it yet.
    await h.handle({ inline_query: { id: "q", from: USERS.alice, query: "", offset: "" } });
    const [result] = h.tg.callsOf("answerInlineQuery").at(-1)!.payload.results as {
      input_message_content: { message_text: string };
      reply_markup: { inline_keyboard: never[][] };
    }[];
    h.tg.addInlineMessage(
      "alice-card",
      result!.input_message_content.message_text,
      result!.reply_markup.inline_keyboard,
    );
    const card = h.tg.inlineMessage("alice-card")!;
    const text = card.text;
    await h.pressData(USERS.bob, card, "c:1:a");
    // Not a button of that message: refused, and no game starts, in the card or the group.
    expect(lastAnswer(h)).toMatchObject({
      show_alert: true,
      text: expect.stringMatching(/another chat/),
    });
    expect(await h.service.getGame(1)).toBeNull();
    expect((await h.service.getChallenge(1))!.status).toBe("pending");
    expect(h.tg.inlineMessage("alice-card")!.text).toBe(text);
    // Alice's card still works.
    await h.press(USERS.olga, card, buttonNamed(card, /Accept/));
    expect((await gameInInline(h.parts.deps, "alice-card"))!.id).toBe(1);
    // A card's Accept forged onto the inline game now starts no other game there.
    await h.pressData(USERS.taras, card, `i:lc:${USERS.bob.id}:en:at`);
    expect(lastAnswer(h)).toMatchObject({ show_alert: true });
    expect((await gameInInline(h.parts.deps, "alice-card"))!.id).toBe(1);
    expect(await h.service.getGame(2)).toBeNull();
    expect(h.tg.problems()).toEqual([]);
  });

  it("a double tap closes a question once", async ({ harness }) => {
    let now = 30_000_000;
    const h = await harness({ now: () => now, env: { CHALLENGE_TTL_MINUTES: "5" } });
    await h.send(USERS.bob, "/play");
    const challenge = h.lastMessage();
    await h.press(USERS.alice, challenge, buttonNamed(challenge, /Accept/));
    // Yes, resign.
    await h.send(USERS.alice, "/resign");
    const question = copy(h, h.lastMessage());
    const yes = buttonNamed(question, /Yes, resign/);
    await Promise.all([h.press(USERS.alice, question, yes), h.press(USERS.alice, question, yes)]);
    expect((await h.service.getGame(1))!.winnerId).toBe(USERS.bob.id);
    expect(h.tg.message(GROUP, question.messageId)!.text).toBe("Resigned.");
    // A language.
    await h.send(USERS.carol, "/lang");
    const lang = copy(h, h.lastMessage());
    const uk = buttonNamed(lang, "Українська");
    await Promise.all([h.press(USERS.carol, lang, uk), h.press(USERS.carol, lang, uk)]);
    expect(h.tg.message(GROUP, lang.messageId)!.keyboard).toEqual([]);
    // Accept on a challenge that has just expired.
    await h.send(USERS.bob, "/play short");
    const late = copy(h, h.lastMessage());
    now += 6 * 60_000;
    const accept = buttonNamed(late, /Accept/);
    await Promise.all([h.press(USERS.carol, late, accept), h.press(USERS.olga, late, accept)]);
    expect(h.tg.message(GROUP, late.messageId)!.text).toMatch(/Nobody accepted/);
    // The last step of a dialog: the challenge it made keeps its buttons.
    await h.send(USERS.carol, "/new");
    const dialog = h.lastMessage();
    for (const label of [/довгі нарди/, /класика/]) {
      const live = h.tg.message(GROUP, dialog.messageId)!;
      await h.press(USERS.carol, live, buttonNamed(live, label));
    }
    const match = copy(h, dialog);
    const running = buttons(match)[0]!;
    await h.press(USERS.carol, match, running);
    const clock = copy(h, dialog);
    const noClock = buttons(clock)[0]!;
    await h.press(USERS.carol, clock, noClock);
    const last = copy(h, dialog);
    const anyone = buttons(last)[0]!;
    await Promise.all([h.press(USERS.carol, last, anyone), h.press(USERS.carol, last, anyone)]);
    const made = h.tg.message(GROUP, dialog.messageId)!;
    expect(made.text).toMatch(/викликає/);
    expect(
      buttons(made).map((b) => decode((b as { callback_data: string }).callback_data)?.type),
    ).toEqual(["challenge", "challenge"]);
    expect(h.tg.problems()).toEqual([]);
  });

  it("a press while the dialog waits for a name does not ask again", async ({ h }) => {
    await h.send(USERS.alice, "/new");
    const dialog = h.lastMessage();
    for (const label of ["short nardy", "standard", "Running series", "No clock", /@username/]) {
      const live = h.tg.message(GROUP, dialog.messageId)!;
      await h.press(USERS.alice, live, buttonNamed(live, label));
    }
    const question = h.lastMessage();
    expect(question.text).toMatch(/Reply to this message/);
    await h.pressData(USERS.alice, dialog, `n:${USERS.alice.id}:open`);
    await h.pressData(USERS.alice, dialog, `n:${USERS.alice.id}:long`);
    expect(h.lastMessage().messageId).toBe(question.messageId);
    await h.send(USERS.alice, "nope!", { replyTo: question });
    const again = h.lastMessage();
    expect(again.text).toMatch(/not a username/);
    // The first question still takes the answer, as does the second.
    await h.send(USERS.alice, "@bob", { replyTo: question });
    expect((await h.service.getChallenge(1))!.target).toEqual({ userId: null, username: "bob" });
    expect(h.tg.problems()).toEqual([]);
  });
});
