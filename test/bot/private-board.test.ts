import type { User } from "grammy/types";
import { describe, expect } from "vitest";
import type { StoredMessage } from "../../bench/testkit/index.js";
import { BOT_INFO } from "../../bench/testkit/index.js";
import { it } from "./fixtures.js";
import { buttons, GROUP, groupGame, type Harness, links, USERS, userById } from "./harness.js";

/** The player opens the game's link: `/start p<id>` in their private chat. */
async function openPrivately(h: Harness, user: User, board: StoredMessage): Promise<StoredMessage> {
  const link = links(board)[0]!.url;
  const start = new URL(link).searchParams.get("start")!;
  await h.send(user, `/start ${start}`, { chatId: user.id });
  return h.lastMessage(user.id);
}

/** Presses a move (or roll) on `m` as the player the game waits for. */
async function playOnce(h: Harness, gameId: number, m: StoredMessage): Promise<void> {
  const game = (await h.service.getGame(gameId))!;
  const live = m.chatId === null ? m : h.tg.message(m.chatId, m.messageId)!;
  const choice = buttons(live).find((b) => !/Claim|Undo/.test(b.text))!;
  await h.press(userById(game.waitingFor!), live, choice);
}

describe("a player's own board, in private", () => {
  it("a group's board links to it; the link opens the game there for its players only", async ({
    harness,
  }) => {
    const h = await harness();
    const { gameId, board } = await groupGame(h);
    expect(links(board)).toEqual([
      { text: "▶ Play in private chat", url: `https://t.me/${BOT_INFO.username}?start=p${gameId}` },
    ]);
    const own = await openPrivately(h, USERS.alice, board);
    expect(own.photo).not.toBeNull();
    expect(own.caption).toBe(h.tg.message(GROUP, board.messageId)!.caption);
    // Its buttons are the game's, and it has no link of its own.
    expect(buttons(own).map((b) => b.text)).toEqual(
      buttons(h.tg.message(GROUP, board.messageId)!).map((b) => b.text),
    );
    expect(links(own)).toEqual([]);

    await openPrivately(h, USERS.carol, board);
    expect(h.lastMessage(USERS.carol.id).text).toMatch(/Only the players of that game/);
    await h.send(USERS.carol, "/start p999", { chatId: USERS.carol.id });
    expect(h.lastMessage(USERS.carol.id).text).toMatch(/no longer stored/);
    expect(h.tg.problems()).toEqual([]);
  });

  it("a press on either board applies once; both follow the game", async ({ harness }) => {
    const h = await harness();
    const { gameId, board } = await groupGame(h);
    const mover = userById((await h.service.getGame(gameId))!.waitingFor!);
    const own = await openPrivately(h, mover, board);
    const version = (await h.service.getGame(gameId))!.version;
    const choice = buttons(own).find((b) => !/Claim|Undo/.test(b.text))!;
    // The same button, pressed on both boards at once.
    await Promise.all([h.press(mover, own, choice), h.press(mover, board, choice)]);
    const after = (await h.service.getGame(gameId))!;
    expect(after.version).toBeGreaterThan(version);
    const applied = (await h.events(gameId)).filter(
      (e) => e.seq > version && e.actorId === mover.id,
    );
    const answers = h.tg.callsOf("answerCallbackQuery").slice(-2);
    expect(answers.filter((a) => /out of date/.test(String(a.payload.text)))).toHaveLength(1);
    expect(applied.length).toBeGreaterThan(0);
    // Both show the game as it is now.
    for (const m of [h.tg.message(GROUP, board.messageId)!, h.tg.message(mover.id, own.messageId)!])
      expect(
        buttons(m).every(
          (b) =>
            !("callback_data" in b) ||
            b.callback_data?.includes(`g:${gameId}:${after.version}:`) ||
            !b.callback_data?.startsWith("g:"),
        ),
      ).toBe(true);
    expect(h.tg.problems()).toEqual([]);
  });

  it("the player on their own board is served first; the group's board waits for its budget", async ({
    harness,
  }) => {
    const h = await harness();
    const { gameId, board } = await groupGame(h);
    const mine = await openPrivately(h, USERS.alice, board);
    const theirs = await openPrivately(h, USERS.bob, board);
    const own = (id: number) => (id === USERS.alice.id ? mine : theirs);
    const flood = h.tg.rules.flood.log;
    // Presses in a row, each on the presser's own board.
    const privateWaits: number[] = [];
    let groupEdits = 0;
    for (let i = 0; i < 24 && (await h.service.getGame(gameId))!.status === "active"; i++) {
      const actor = (await h.service.getGame(gameId))!.waitingFor!;
      const t0 = h.wire.now();
      const from = flood.length;
      await playOnce(h, gameId, own(actor));
      const next = (await h.service.getGame(gameId))!;
      const calls = flood.slice(from);
      groupEdits += calls.filter((c) => c.chat === `c:${GROUP}`).length;
      // The board of whoever acts next is edited within a second of the press, whatever the
      // group's budget.
      if (next.status === "active" && next.waitingFor !== null) {
        const edit = calls.find((c) => c.chat === `c:${next.waitingFor}`);
        expect(edit).toBeDefined();
        privateWaits.push(edit!.at - t0);
      }
    }
    // The turn in progress is played out: the group's board shows turns once they are over.
    for (let i = 0; i < 8; i++) {
      const g = (await h.service.getGame(gameId))!;
      if (g.status !== "active" || g.state.phase !== "move") break;
      const from = flood.length;
      await playOnce(h, gameId, own(g.waitingFor!));
      groupEdits += flood.slice(from).filter((c) => c.chat === `c:${GROUP}`).length;
    }
    expect(Math.max(...privateWaits)).toBeLessThanOrEqual(1_100);
    // The group's board went within its budget, at most once a turn, and shows the latest
    // state at the end.
    const turns = (await h.service.getGame(gameId))!.state.turnNumber;
    expect(groupEdits).toBeGreaterThan(0);
    expect(groupEdits).toBeLessThanOrEqual(turns + 1);
    expect(h.tg.rules.flood.countSince(`c:${GROUP}`, h.wire.now() - 60_000)).toBeLessThanOrEqual(
      20,
    );
    const group = h.tg.message(GROUP, board.messageId)!;
    const latest = (await h.service.getGame(gameId))!;
    expect(group.caption).toBe(h.tg.message(USERS.alice.id, mine.messageId)!.caption);
    expect(latest.id).toBe(gameId);
    expect(h.tg.problems()).toEqual([]);
  });
});
