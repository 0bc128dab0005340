/**
 * The lobby one tap from /start, and the hold-out for walking away, through the fake Bot API.
 */
import { describe, expect } from "vitest";
import { it } from "./fixtures.js";
import { buttonNamed, buttons, GROUP, type Harness, USERS } from "./harness.js";

const START = Date.UTC(2026, 11, 4, 12);
type User = (typeof USERS)["alice"];

const inPrivate = (h: Harness, user: User, text: string) => h.send(user, text, { chatId: user.id });

/** /start in private, 🎲 Find an opponent, then the game's button. */
async function findFromStart(h: Harness, user: User, game: RegExp): Promise<void> {
  await inPrivate(h, user, "/start");
  const help = h.lastMessage(user.id);
  await h.press(user, help, buttonNamed(help, "🎲 Find an opponent"));
  const pick = h.lastMessage(user.id);
  expect(pick.text).toMatch(/^🎲 Which game\?/);
  expect(buttons(pick).map((b) => b.text)).toEqual(["🎲 Long nardy", "🎲 Short nardy"]);
  await h.press(user, pick, buttonNamed(pick, game));
}

describe("finding an opponent from /start", () => {
  it("two taps seek a single rated game on a normal clock; the same from a stranger pairs them", async ({
    h,
  }) => {
    await findFromStart(h, USERS.alice, /Long nardy/);
    expect(h.lastMessage(USERS.alice.id).text).toMatch(
      /^🔎 Looking for an opponent: long nardy.* · ⏱ normal/,
    );
    expect(await h.app.lobby.waitingOf(USERS.alice.id)).toMatchObject({
      variant: "long",
      matchLength: 1,
      clock: "normal",
    });
    await findFromStart(h, USERS.bob, /Long nardy/);
    await h.settle();
    const game = (await h.service.activeGamesAnywhere(USERS.alice.id)).at(-1)!;
    expect(game).toMatchObject({ variant: "long", rated: true, chatId: null });
    expect(game.timeControl).toMatchObject({ preset: "normal" });
    expect(new Set([game.white.id, game.black.id])).toEqual(
      new Set([USERS.alice.id, USERS.bob.id]),
    );
    // Every press was answered: two each.
    const answered = h.tg.callsOf("answerCallbackQuery");
    expect(answered).toHaveLength(4);
    // The dice's second part: each seeking press's own part of the id Telegram gave it, the
    // older seek's first; the upper 32 bits, the presser's Telegram id, are left out.
    const own = (i: number) => BigInt(String(answered[i]!.payload.callback_query_id));
    expect(own(1) >> 32n).toBe(BigInt(USERS.alice.id));
    expect(game.diceSalt).toBe(`lobby:p${own(1) & 0xffffffffn}:p${own(3) & 0xffffffffn}`);
    for (const id of [USERS.alice.id, USERS.bob.id])
      expect(game.diceSalt).not.toContain(String(id));
  });

  it("the button is private: none under a group's help, and its data forged there seeks nothing", async ({
    h,
  }) => {
    await h.send(USERS.alice, "/help");
    const help = h.lastMessage(GROUP);
    expect(buttons(help)).toEqual([]);
    const lastAnswer = () => h.tg.callsOf("answerCallbackQuery").at(-1)!.payload.text;
    await h.pressData(USERS.alice, help, "sk:fl");
    expect(lastAnswer()).toMatch(/private chat/);
    expect(await h.app.lobby.waitingOf(USERS.alice.id)).toBeNull();
    await h.pressData(USERS.alice, help, "sk:p");
    expect(lastAnswer()).toMatch(/private chat/);
    // Nothing was posted in the group.
    expect(h.lastMessage(GROUP).messageId).toBe(help.messageId);
  });
});

describe("walking away from lobby games", () => {
  it("the third lobby game lost on time without a move is told in private, and the lobby refuses for an hour", async ({
    harness,
  }) => {
    let now = START;
    const h = await harness({ now: () => now });
    for (let i = 0; i < 3; i++) {
      await inPrivate(h, USERS.alice, "/play anyone short blitz");
      now += 30_000;
      await inPrivate(h, USERS.bob, "/play anyone short blitz");
      await h.settle();
      let game = (await h.service.activeGamesAnywhere(USERS.alice.id)).at(-1)!;
      // Bob plays whenever it is his turn; Alice never presses.
      for (let n = 0; n < 40 && game.waitingFor === USERS.bob.id; n++) {
        const board = h.tg
          .chatMessages(USERS.bob.id)
          .filter((m) => m.photoId && buttons(m).length > 0)
          .at(-1)!;
        await h.press(USERS.bob, board, buttons(board).find((b) => !/Undo|Claim/.test(b.text))!);
        game = (await h.service.getGame(game.id))!;
      }
      expect(game.waitingFor).toBe(USERS.alice.id);
      now = game.flagAt!;
      expect((await h.service.flag(game.id, now))?.game.winnerId).toBe(USERS.bob.id);
      await h.settle();
      now += 60_000;
    }
    const told = h.tg
      .chatMessages(USERS.alice.id)
      .filter((m) => /third lobby game/.test(m.text ?? ""));
    expect(told.map((m) => m.text)).toEqual([
      "⛔ That was your third lobby game within a day lost on time without a move: the lobby is closed to you for the next 60 min.",
    ]);
    expect(h.tg.chatMessages(USERS.bob.id).some((m) => /lobby is closed/.test(m.text ?? ""))).toBe(
      false,
    );
    await inPrivate(h, USERS.alice, "/play anyone long");
    expect(h.lastMessage(USERS.alice.id).text).toBe(
      "⛔ You lost three lobby games on time without a move within a day, so the lobby is closed to you for 59 min more.",
    );
    expect(await h.app.lobby.waitingOf(USERS.alice.id)).toBeNull();
    now += 60 * 60_000;
    await inPrivate(h, USERS.alice, "/play anyone long");
    expect(h.lastMessage(USERS.alice.id).text).toMatch(/^🔎 Looking for an opponent/);
  });
});
