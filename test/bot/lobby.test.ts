/**
 * The lobby through the fake Bot API: seeking in a private chat, paired with a stranger
 * seeking the same game, each playing on their own board, the game rated by FIBS's formula.
 */
import { describe, expect } from "vitest";
import { SeeksRepo } from "../../src/db/seeks-repo.js";
import { MessageStore } from "../../src/db/telegram/message-store.js";
import { encodePositionId } from "../../src/engine/index.js";
import { NEXT_GAME_DELAY_MS } from "../../src/services/lobby/lobby.js";
import { verifyRecord } from "../../src/services/records/verify.js";
import { it } from "./fixtures.js";
import { buttonNamed, buttons, GROUP, type Harness, USERS } from "./harness.js";

const inPrivate = (h: Harness, user: (typeof USERS)["alice"], text: string) =>
  h.send(user, text, { chatId: user.id });

/** A player's own board: the last photo with buttons in their private chat. */
const boardOf = (h: Harness, userId: number) =>
  h.tg
    .chatMessages(userId)
    .filter((m) => m.photoId && buttons(m).length > 0)
    .at(-1);

/** The player the game waits for offers a single game, and the other takes it. */
async function moverResigns(h: Harness, gameId: number): Promise<void> {
  const g = (await h.service.getGame(gameId))!;
  const resigner = g.waitingFor!;
  const offer = await h.service.act(
    gameId,
    resigner,
    { type: "resign", kind: "single" },
    g.version,
  );
  if (!offer.ok) throw new Error(offer.error.message);
  const winner = resigner === g.white.id ? g.black.id : g.white.id;
  const taken = await h.service.act(
    gameId,
    winner,
    { type: "accept-resign" },
    offer.value.game.version,
  );
  if (!taken.ok) throw new Error(taken.error.message);
}

describe("the lobby", () => {
  it("two strangers seeking the same game are paired; each gets their board in private; the result is rated", async ({
    h,
  }) => {
    await inPrivate(h, USERS.alice, "/play anyone short blitz");
    const waiting = h.lastMessage(USERS.alice.id);
    expect(waiting.text).toMatch(/^🔎 Looking for an opponent: short nardy .* · ⏱ blitz/);
    expect(buttons(waiting).map((b) => b.text)).toEqual(["✖️ Stop looking"]);
    // A different clock does not meet it.
    await inPrivate(h, USERS.carol, "/play anyone short normal");
    expect(h.lastMessage(USERS.carol.id).text).toMatch(/Looking for an opponent/);
    await inPrivate(h, USERS.bob, "/play anyone short blitz");
    await h.settle();
    const told = (id: number) =>
      h.tg.chatMessages(id).find((m) => /Opponent found/.test(m.text ?? ""));
    expect(told(USERS.alice.id)?.text).toBe(
      "🎲 Opponent found: Bob (rating 1500). Your board follows; the game is rated.",
    );
    expect(told(USERS.bob.id)?.text).toMatch(/Opponent found: Alice \(rating 1500\)/);
    // Paired, the search's ✖️ Stop looking is gone; Carol, still looking, keeps hers.
    const messageOf = (id: number, messageId: number) =>
      h.tg.chatMessages(id).find((m) => m.messageId === messageId)!;
    expect(buttons(messageOf(USERS.alice.id, waiting.messageId))).toEqual([]);
    expect(
      h.tg
        .chatMessages(USERS.carol.id)
        .filter((m) => buttons(m).some((b) => /Stop looking/.test(b.text))),
    ).toHaveLength(1);
    const game = (await h.service.activeGamesAnywhere(USERS.alice.id)).at(-1)!;
    expect(game).toMatchObject({ rated: true, chatId: null });
    expect(game.timeControl).toMatchObject({ preset: "blitz" });
    // Each has their own board of it, and nothing went to any group.
    expect(boardOf(h, USERS.alice.id)).toBeDefined();
    expect(boardOf(h, USERS.bob.id)).toBeDefined();
    expect(h.tg.chatMessages(GROUP)).toEqual([]);
    // The player to move plays on their own board.
    const mover = game.waitingFor === USERS.alice.id ? USERS.alice : USERS.bob;
    const before = (await h.service.getGame(game.id))!.version;
    const own = boardOf(h, mover.id)!;
    const choice = buttons(own).find((b) => !/Undo|Claim/.test(b.text))!;
    await h.press(mover, own, choice);
    expect((await h.service.getGame(game.id))!.version).toBeGreaterThan(before);
    // /resign in a private chat finds the game, which lives in no chat.
    await inPrivate(h, USERS.alice, "/resign");
    expect(h.lastMessage(USERS.alice.id).text).not.toMatch(/no game in progress/);
    expect(buttons(h.lastMessage(USERS.alice.id)).length).toBeGreaterThan(0);
    // The player the game waits for offers a resignation, and the other takes it: the
    // winner gains and the loser loses 4·√1·½·5 = 10 (both new, equally rated).
    const g2 = (await h.service.getGame(game.id))!;
    const resigner = g2.waitingFor!;
    const winner = resigner === USERS.alice.id ? USERS.bob.id : USERS.alice.id;
    const offer = await h.service.act(
      game.id,
      resigner,
      { type: "resign", kind: "backgammon" },
      g2.version,
    );
    expect(offer.ok).toBe(true);
    const taken = await h.service.act(
      game.id,
      winner,
      { type: "accept-resign" },
      (await h.service.getGame(game.id))!.version,
    );
    expect(taken.ok).toBe(true);
    await h.settle();
    const over = (await h.service.getGame(game.id))!;
    expect(over.status).toBe("finished");
    const winnerId = over.state.result!.winner === "white" ? over.white.id : over.black.id;
    const loserId = winnerId === over.white.id ? over.black.id : over.white.id;
    const expected = 4 * Math.sqrt(1) * (1 / (10 ** 0 + 1)) * Math.max(1, 5 - 0 / 100);
    expect((await h.service.ratingOf(winnerId, "short")).rating).toBeCloseTo(1500 + expected, 9);
    expect((await h.service.ratingOf(loserId, "short")).rating).toBeCloseTo(1500 - expected, 9);
    // Over, the game leaves the boards' catch-up (it has no chat board to bring up to date).
    expect(await new MessageStore(h.database.db).gamesBehindBoard()).not.toContain(game.id);
    expect(h.tg.problems()).toEqual([]);
  });

  it("a pairing is marked told before its note goes out: a process killed meanwhile never tells it twice", async ({
    h,
  }) => {
    await inPrivate(h, USERS.alice, "/play anyone short blitz");
    const held = h.tg.holdNext("sendMessage", {
      at: "request",
      match: (p) => p.chat_id === USERS.bob.id && /Opponent found/.test(String(p.text)),
    });
    const seeking = inPrivate(h, USERS.bob, "/play anyone short blitz");
    await held.reached;
    // Bob's note is on its way, not yet sent: a start now would find nothing to tell him.
    const untold = await new SeeksRepo(h.database.db).untoldSince(0);
    expect(untold.filter((s) => s.userId === USERS.bob.id)).toEqual([]);
    held.release();
    await seeking;
    await h.settle();
    const notes = h.tg
      .chatMessages(USERS.bob.id)
      .filter((m) => /Opponent found/.test(m.text ?? ""));
    expect(notes).toHaveLength(1);
    expect(h.tg.problems()).toEqual([]);
  });

  it("only in private; one search at a time; Stop looking ends it; a lobby game needs a clock", async ({
    h,
  }) => {
    await h.send(USERS.alice, "/play anyone");
    expect(h.lastMessage().text).toMatch(/private chat with me/);
    await inPrivate(h, USERS.alice, "/play anyone long 3p correspondence");
    expect(h.lastMessage(USERS.alice.id).text).toMatch(/always with a clock/);
    await inPrivate(h, USERS.alice, "/play anyone long 3p");
    const waiting = structuredClone(h.lastMessage(USERS.alice.id));
    expect(waiting.text).toMatch(/Looking for an opponent: long nardy .* · ⏱ normal/);
    await inPrivate(h, USERS.alice, "/play anyone short");
    const again = structuredClone(h.lastMessage(USERS.alice.id));
    expect(again.text).toMatch(/already looking/);
    expect(buttons(again).map((b) => b.text)).toEqual(["✖️ Stop looking"]);
    await h.press(USERS.alice, waiting, buttonNamed(waiting, /Stop looking/));
    expect(h.tg.callsOf("answerCallbackQuery").at(-1)!.payload.text).toBe("Stopped looking.");
    expect(await h.app.lobby.waitingOf(USERS.alice.id)).toBeNull();
    // Stopped, no message of the search shows ✖️ Stop looking any more.
    await h.settle();
    const stops = h.tg
      .chatMessages(USERS.alice.id)
      .filter((m) => buttons(m).some((b) => /Stop looking/.test(b.text)));
    expect(stops).toEqual([]);
    // A search stopped from the board page takes the button off its messages too.
    await inPrivate(h, USERS.alice, "/play anyone short");
    expect(buttons(h.lastMessage(USERS.alice.id)).map((b) => b.text)).toEqual(["✖️ Stop looking"]);
    expect((await h.app.lobby.cancel(USERS.alice.id)).ok).toBe(true);
    await h.settle();
    expect(buttons(h.lastMessage(USERS.alice.id))).toEqual([]);
    // Pressed again (a forged or stale press): nothing to stop.
    await h.press(USERS.alice, waiting, buttonNamed(waiting, /Stop looking/));
    expect(h.tg.callsOf("answerCallbackQuery").at(-1)!.payload.text).toBe(
      "You are not looking for a game.",
    );
    expect(h.tg.problems()).toEqual([]);
  });

  it("a stranger's board shows their first name only; a chat game's shows the whole name", async ({
    h,
  }) => {
    const dana = {
      id: 77,
      is_bot: false,
      first_name: "Dana",
      last_name: "Quill",
      username: "dana_q",
      language_code: "en",
    };
    await h.send(dana, "/play anyone long", { chatId: dana.id });
    await inPrivate(h, USERS.bob, "/play anyone long");
    await h.settle();
    // Whichever colour the lot gave each, both have their own board.
    expect(boardOf(h, dana.id)).toBeDefined();
    const caption = boardOf(h, USERS.bob.id)!.caption ?? "";
    expect(caption).toContain("Dana");
    expect(caption).not.toContain("Quill");
    expect(caption).not.toContain("dana_q");
    await h.send(dana, "/play long");
    const card = h.lastMessage();
    await h.press(USERS.bob, card, buttonNamed(card, /^✅/));
    expect(h.lastMessage().caption).toContain("Dana Quill");
  });

  it("free text during a lobby game is answered once, with what passes between strangers", async ({
    h,
  }) => {
    // Outside a lobby game, free text is nobody's business: no answer.
    await inPrivate(h, USERS.alice, "hello?");
    expect(h.tg.chatMessages(USERS.alice.id)).toEqual([]);
    await inPrivate(h, USERS.alice, "/play anyone short");
    await inPrivate(h, USERS.bob, "/play anyone short");
    await h.settle();
    const game = (await h.service.activeGamesAnywhere(USERS.alice.id)).at(-1)!;
    const bobSaw = h.tg.chatMessages(USERS.bob.id).length;
    await inPrivate(h, USERS.alice, "hi Bob, good luck!");
    const answer = h.lastMessage(USERS.alice.id);
    expect(answer.text).toBe(
      `💬 What you type here does not reach your opponent in game #${game.id}: between strangers only set phrases pass, like the buttons below (four a game). /block and /report are here if you need them.`,
    );
    expect(buttons(answer).map((b) => b.text)).toEqual(["👋 Hello", "🍀 Good luck"]);
    const answered = h.tg.chatMessages(USERS.alice.id).length;
    // Once a game: more text gets no more answers.
    await inPrivate(h, USERS.alice, "are you there?");
    await inPrivate(h, USERS.alice, "???");
    expect(h.tg.chatMessages(USERS.alice.id)).toHaveLength(answered);
    // Nothing of it reached Bob; the phrase under the answer does.
    expect(h.tg.chatMessages(USERS.bob.id)).toHaveLength(bobSaw);
    await h.press(USERS.alice, answer, buttonNamed(answer, /Good luck/));
    await h.settle();
    expect(h.lastMessage(USERS.bob.id).text).toBe("Alice says: 🍀 Good luck");
    expect(h.tg.problems()).toEqual([]);
  });

  it("a lobby game's dice: the older seek's seed, committed to under its search, and both seekers' /play anyone messages", async ({
    h,
  }) => {
    const seekBy = async (user: (typeof USERS)["alice"]) => {
      const update = h.tg.textUpdate(user, user.id, "/play anyone short");
      await h.handle(update);
      return `${update.message!.message_id}:${update.message!.date}`;
    };
    const aliceMark = await seekBy(USERS.alice);
    const waiting = h.lastMessage(USERS.alice.id);
    const shown = /dice commitment \(SHA-256\): <code>([0-9a-f]{64})<\/code>/.exec(
      waiting.text ?? "",
    );
    expect(shown).not.toBeNull();
    const bobMark = await seekBy(USERS.bob);
    await h.settle();
    const game = (await h.service.activeGamesAnywhere(USERS.alice.id)).at(-1)!;
    // The game's seed is the one committed to before Bob's message existed.
    expect(game.diceCommitment).toBe(shown![1]);
    // Its second part: the two messages' numbers and dates, not their chats (the seekers' ids).
    expect(game.diceSalt).toBe(`lobby:${aliceMark}:${bobMark}`);
    // Over, its record recomputes every roll from the seed and that second part.
    await moverResigns(h, game.id);
    const record = await h.app.reviews.record(game.id);
    if (!record.ok) throw new Error(record.error.message);
    expect(verifyRecord(record.value.file.text)).toMatchObject({
      ok: true,
      salt: `lobby:${aliceMark}:${bobMark}`,
    });
    expect(h.tg.problems()).toEqual([]);
  });

  it("a lobby match's next game: its seed committed to on the last game's first boards, and the last game's final position its second part", async ({
    harness,
  }) => {
    let now = Date.UTC(2026, 11, 7, 12);
    const h = await harness({ now: () => now });
    await inPrivate(h, USERS.alice, "/play anyone short 3p");
    await inPrivate(h, USERS.bob, "/play anyone short 3p");
    await h.settle();
    const first = (await h.service.activeGamesAnywhere(USERS.alice.id)).at(-1)!;
    expect(first.rules.match).toEqual({ kind: "points", to: 3 });
    // Before either has moved, both first boards show the next game's commitment.
    const nextShown = (userId: number) =>
      /next game's dice commitment \(SHA-256\): <code>([0-9a-f]{64})<\/code>/.exec(
        boardOf(h, userId)?.caption ?? "",
      )?.[1];
    const committed = nextShown(USERS.alice.id);
    expect(committed).toMatch(/^[0-9a-f]{64}$/);
    expect(nextShown(USERS.bob.id)).toBe(committed);
    expect(committed).not.toBe(first.diceCommitment);
    // The player to move resigns the first game.
    await moverResigns(h, first.id);
    await h.settle();
    const over = (await h.service.getGame(first.id))!;
    expect(over.final?.over).toBe(false);
    now += NEXT_GAME_DELAY_MS;
    expect((await h.app.lobby.tick(now)).next).toHaveLength(1);
    await h.settle();
    const next = (await h.service.activeGamesAnywhere(USERS.alice.id)).at(-1)!;
    expect(next.previousGameId).toBe(first.id);
    // Its seed is the one committed to then; its second part, the position the players left.
    expect(next.diceCommitment).toBe(committed);
    const left = over.state.board;
    expect(next.diceSalt).toBe(`after:${encodePositionId(left.white, left.black)}`);
    // Over, its record recomputes every roll from them.
    await moverResigns(h, next.id);
    const record = await h.app.reviews.record(next.id);
    if (!record.ok) throw new Error(record.error.message);
    expect(verifyRecord(record.value.file.text)).toMatchObject({ ok: true, salt: next.diceSalt });
    expect(h.tg.problems()).toEqual([]);
  });
});
