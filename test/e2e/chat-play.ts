/**
 * Two people in a chat with the real bot process, through the fake Bot API: reading its
 * boards, pressing only the buttons it sent, playing a game to its end.
 */
import type { InlineKeyboardButton, User } from "grammy/types";
import { expect } from "vitest";
import {
  type ApiCall,
  type FakeBotApi,
  plainText,
  type StoredMessage,
} from "../../bench/testkit/index.js";

export const ALICE: User = { id: 1011, is_bot: false, first_name: "Alice", language_code: "en" };
export const BOB: User = { id: 1022, is_bot: false, first_name: "Bob", language_code: "en" };
/**
 * Presses each game gets before its player to move resigns. A group takes 20 sends and edits
 * a minute (the fake enforces it), so whole games at full speed would take many minutes;
 * whole games are played in-process (test/bot), on the same limits.
 */
export const PRESSES = 22;
/**
 * How long a step may take before the test fails. Steps take a few seconds (the group's
 * budget spaces its edits), more on a machine busy with the other slow tests.
 */
export const WAIT_MS = 45_000;

export const dataOf = (b: InlineKeyboardButton): string =>
  "callback_data" in b && b.callback_data ? b.callback_data : "";
export const buttonsOf = (m: StoredMessage) => m.keyboard.flat().filter((b) => dataOf(b) !== "");

/** The message that shows game `gameId` now: the latest changed one with its buttons. */
export function boardOf(
  fake: FakeBotApi,
  chatId: number,
  gameId: number,
): StoredMessage | undefined {
  const prefix = `g:${gameId}:`;
  return fake
    .chatMessages(chatId)
    .filter((m) => m.photoId !== null && buttonsOf(m).some((b) => dataOf(b).startsWith(prefix)))
    .sort((a, b) => b.changedAt - a.changedAt)[0];
}

/** Events a press makes: a whole play's steps (`g:1:9:w:2418613085`), else one. */
export const stepsOf = (data: string): number => {
  const play = /:w:(\d+)$/.exec(data);
  return play ? play[1]!.length / 5 : 1;
};

/** The game a board's buttons belong to. */
export const gameIdOf = (board: StoredMessage): number =>
  Number(/^g:(\d+):/.exec(dataOf(buttonsOf(board)[0]!))?.[1]);

/** Whose press the caption asks for: "⚪ Alice to move", "⚫ Bob: take or drop?"... */
export function moverOf(caption: string): User | null {
  const m = /[⚪⚫] (Alice|Bob)(?: to move|: roll or double|: take or drop\?|: accept\?)/.exec(
    caption,
  );
  return m ? (m[1] === "Alice" ? ALICE : BOB) : null;
}

export const otherOf = (u: User): User => (u.id === ALICE.id ? BOB : ALICE);
export const isOver = (caption: string) => /🏆|A draw/.test(caption);

/** A fixed-seed choice: moves, rolls and takes mostly; now and then a double or an undo. */
export function chooser(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32;
  };
  const weight = (b: InlineKeyboardButton): number => {
    if (/Drop|Claim|Next game|Decline/.test(b.text)) return 0;
    if (/Double/.test(b.text)) return 0.15;
    if (/Undo/.test(b.text)) return 0.1;
    return 1;
  };
  return (choices: InlineKeyboardButton[]): InlineKeyboardButton => {
    const weights = choices.map(weight);
    let r = next() * weights.reduce((a, b) => a + b, 0);
    for (let i = 0; i < choices.length; i++) {
      r -= weights[i]!;
      if (r < 0 && weights[i]! > 0) return choices[i]!;
    }
    return choices.find((b) => weight(b) > 0)!;
  };
}

export interface Player {
  readonly fake: FakeBotApi;
  readonly chatId: number;
  readonly gameId: number;
}

/** Presses as `user` and waits for the answer; returns it and the calls in between. */
export async function pressAndAnswer(
  p: Player,
  user: User,
  board: StoredMessage,
  data: string,
): Promise<ApiCall> {
  const q = p.fake.press(user, board, data);
  return p.fake.waitFor(() => p.fake.answerOf(q), WAIT_MS, `the answer to ${data}`);
}

/**
 * One legal press and the board change it brings (an edit, or the board posted again).
 * `staleIsFine`: the board may change under the press (the computer plays in between), so an
 * out-of-date answer returns the board as it is.
 */
export async function pressAndWait(
  p: Player,
  user: User,
  board: StoredMessage,
  data: string,
  { staleIsFine = false, waitMs = WAIT_MS } = {},
) {
  const since = board.changedAt;
  const answer = await pressAndAnswer(p, user, board, data);
  const said = String(answer.payload.text ?? "");
  expect(answer.payload.show_alert, `press ${data}: ${said}`).toBeFalsy();
  if (staleIsFine && /out of date/.test(said)) return boardOf(p.fake, p.chatId, p.gameId)!;
  return p.fake
    .waitFor(
      () => {
        const now = boardOf(p.fake, p.chatId, p.gameId);
        return now && now.changedAt > since ? now : undefined;
      },
      waitMs,
      `the board to change after ${data}`,
    )
    .catch((e: Error) => {
      throw new Error(
        `${e.message} (answered "${said}"); the chat:\n${chatLog(p.fake, p.chatId, Math.max(0, p.fake.calls.length - 60))}`,
      );
    });
}

/** A challenge's card in the chat, changed after `since`, and its Accept (🎲 against the bot). */
export async function challengeIn(fake: FakeBotApi, chatId: number, since = -1) {
  const acceptOf = (m: StoredMessage) => buttonsOf(m).find((b) => /^c:\d+:a$/.test(dataOf(b)));
  const card = await fake.waitFor(
    () => fake.chatMessages(chatId).find((m) => m.changedAt > since && acceptOf(m)),
    WAIT_MS,
    `the challenge in ${chatId}`,
  );
  return { card, accept: acceptOf(card)! };
}

/**
 * /play in the chat as Alice (or Bob: one person may challenge only so often), Accept as the
 * other; returns the game's board.
 */
export async function openGame(
  fake: FakeBotApi,
  chatId: number,
  command: string,
  challenger: User = ALICE,
): Promise<Player> {
  const seen = fake.calls.length;
  fake.sendText(challenger, chatId, command);
  const { card: challenge, accept } = await challengeIn(fake, chatId, seen);
  expect(challenge.text ?? challenge.caption).toContain(challenger.first_name);
  const known = new Set(
    fake
      .chatMessages(chatId)
      .filter((m) => m.photoId)
      .map((m) => m.messageId),
  );
  const answer = await pressAndAnswer(
    { fake, chatId, gameId: 0 },
    otherOf(challenger),
    challenge,
    dataOf(accept),
  );
  expect(answer.payload.show_alert).toBeFalsy();
  const board = await fake.waitFor(
    () =>
      fake
        .chatMessages(chatId)
        .find((m) => m.photoId && !known.has(m.messageId) && buttonsOf(m).length > 0),
    WAIT_MS,
    `the board in ${chatId}`,
  );
  const gameId = gameIdOf(board);
  expect(gameId).toBeGreaterThan(0);
  return { fake, chatId, gameId };
}

export interface Mischief {
  /** Before the press with this number, call this (inject errors, press out of turn...). */
  readonly [press: number]: (p: Player, board: StoredMessage, mover: User) => Promise<void> | void;
}

/**
 * Plays `presses` presses, pressing only buttons the bot sent, as the player the caption names;
 * then the player to move resigns (a short-nardy offer of a single, which the other accepts).
 */
export async function playToTheEnd(p: Player, seed: number, mischief: Mischief = {}) {
  const choose = chooser(seed);
  let presses = 0;
  for (;;) {
    const board = boardOf(p.fake, p.chatId, p.gameId);
    if (!board) throw new Error(`game ${p.gameId}: no board in chat ${p.chatId}`);
    const caption = plainText(board.caption ?? "");
    if (isOver(caption)) return { presses, board, caption };
    const mover = moverOf(caption);
    if (!mover) throw new Error(`whose turn? caption:\n${caption}`);
    await mischief[presses]?.(p, board, mover);
    const live = boardOf(p.fake, p.chatId, p.gameId)!;
    const choices = buttonsOf(live).filter((b) => dataOf(b).startsWith(`g:${p.gameId}:`));
    expect(choices.length, caption).toBeGreaterThan(0);
    const answering = /take or drop\?|accept\?/.test(caption);
    if (presses >= PRESSES && !answering) {
      await resign(p, mover);
      continue;
    }
    // A double or a resignation offer is answered (taken, declined) before anyone resigns.
    const pick = answering ? choices.find((b) => /Take|Decline/.test(b.text))! : choose(choices);
    await pressAndWait(p, mover, live, dataOf(pick));
    presses++;
  }
}

/** `/resign` as `mover`, then their choice on the question: at once, or a single offered. */
export async function resign(p: Player, mover: User): Promise<void> {
  const since = p.fake.calls.length;
  p.fake.sendText(mover, p.chatId, "/resign");
  const ask = new RegExp(`^r:${p.gameId}:\\d+:${mover.id}:([01])$`);
  const question = await p.fake.waitFor(
    () =>
      p.fake
        .chatMessages(p.chatId)
        .find((m) => m.changedAt > since && buttonsOf(m).some((b) => ask.test(dataOf(b)))),
    WAIT_MS,
    `the resignation question in ${p.chatId}`,
  );
  const choice = buttonsOf(question).find((b) => ask.test(dataOf(b)))!;
  const board = boardOf(p.fake, p.chatId, p.gameId)!;
  const since2 = board.changedAt;
  await pressAndAnswer(p, mover, question, dataOf(choice));
  await p.fake.waitFor(
    () => (boardOf(p.fake, p.chatId, p.gameId)?.changedAt ?? 0) > since2 || undefined,
    WAIT_MS,
    "the board after the resignation",
  );
  const after = boardOf(p.fake, p.chatId, p.gameId)!;
  const accept = buttonsOf(after).find((b) => /^g:\d+:\d+:ra$/.test(dataOf(b)));
  if (accept) await pressAndWait(p, otherOf(mover), after, dataOf(accept));
}

/** The chat's last calls and the board's caption, for a failure's message. */
export function chatLog(fake: FakeBotApi, chatId: number, since: number): string {
  const t0 = fake.calls[since]?.at ?? 0;
  const calls = fake.calls
    .slice(since)
    .filter((c) => Number(c.payload.chat_id) === chatId || c.method === "answerCallbackQuery")
    .slice(-25)
    .map(
      (c) =>
        `${c.at - t0} ${c.method} ${c.answer?.ok === false ? "failed" : ""} ${String(c.payload.caption ?? c.payload.text ?? "").slice(0, 80)}`,
    );
  const boards = fake
    .chatMessages(chatId)
    .filter((m) => m.photoId)
    .map(
      (m) =>
        `#${m.messageId} ${m.changedAt - t0}: ${plainText(m.caption ?? "")} [${buttonsOf(m).map(dataOf).join(" ")}]`,
    );
  return [...calls, ...boards].join("\n");
}
