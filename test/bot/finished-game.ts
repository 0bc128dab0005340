import type { User } from "grammy/types";
import { expect } from "vitest";
import type { StoredMessage } from "../../bench/testkit/index.js";
import { chooseAction } from "../../src/ai/index.js";
import type { GameView } from "../../src/services/index.js";
import { buttons, GROUP, type Harness } from "./harness.js";

/**
 * `challenger` challenges `accepter` in the chat with `command` and is accepted. Returns the
 * new game and its board.
 */
async function acceptedGame(
  h: Harness,
  challenger: User,
  accepter: User,
  command: string,
  chatId: number,
): Promise<{ game: GameView; board: StoredMessage }> {
  await h.send(challenger, command, { chatId });
  const challenge = h.lastMessage(chatId);
  await h.press(accepter, challenge, buttons(challenge)[0]!);
  const board = h.lastMessage(chatId);
  expect(board.photo).not.toBeNull();
  return { game: (await h.service.activeGames(chatId, accepter.id)).at(-1)!, board };
}

/**
 * `challenger` challenges `accepter` in the chat with `command`; both then play by the
 * pip-count player's choices, through the service, to the end. Returns the game and its
 * final board as the chat shows it.
 */
export async function finishedGame(
  h: Harness,
  challenger: User,
  accepter: User,
  command: string,
  chatId = GROUP,
): Promise<{ game: GameView; board: StoredMessage }> {
  const started = await acceptedGame(h, challenger, accepter, command, chatId);
  const game = await playToEnd(h, started.game);
  return { game, board: h.tg.message(chatId, started.board.messageId)! };
}

/**
 * As `finishedGame`, but short: `actions` of the pip-count player's, then the side to act
 * resigns a single game and the other accepts (a finished game whose analysis is quick).
 */
export async function resignedEarly(
  h: Harness,
  challenger: User,
  accepter: User,
  command: string,
  actions: number,
  chatId = GROUP,
): Promise<GameView> {
  const started = await acceptedGame(h, challenger, accepter, command, chatId);
  return resignAfter(h, started.game, actions);
}

/** `actions` of the pip-count player's; then the side to act resigns and the other accepts. */
export async function resignAfter(h: Harness, start: GameView, actions: number): Promise<GameView> {
  let game = await playToEnd(h, start, actions);
  // Some dice end a game sooner (a double dropped): it is finished already.
  if (game.status !== "active") return game;
  const by = game.waitingFor!;
  const other = by === game.white.id ? game.black.id : game.white.id;
  for (const [who, action] of [
    [by, { type: "resign", kind: "single" }],
    [other, { type: "accept-resign" }],
  ] as const) {
    const r = await h.service.act(game.id, who, action, game.version);
    if (!r.ok) throw new Error(r.error.message);
    game = r.value.game;
  }
  expect(game.state.result?.reason).toBe("resign");
  await h.settle();
  return game;
}

/**
 * Both sides play the pip-count player's choices through the service until the game ends,
 * or for at most `limit` actions.
 */
export async function playToEnd(
  h: Harness,
  start: GameView,
  limit = Number.POSITIVE_INFINITY,
): Promise<GameView> {
  let game = start;
  for (let guard = 0; game.status === "active" && guard < limit; guard++) {
    if (guard > 5000) throw new Error("the game does not end");
    // One action at a time: the service may play a forced rest of the turn by itself.
    const move = chooseAction(game.state, { player: "pipcount" })!;
    const by = move.by === "white" ? game.white.id : game.black.id;
    const r = await h.service.act(game.id, by, move.actions[0]!, game.version);
    if (!r.ok) throw new Error(r.error.message);
    game = r.value.game;
  }
  await h.settle();
  return game;
}
