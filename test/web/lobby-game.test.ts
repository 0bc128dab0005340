/**
 * The lobby from end to end: two people, each in their own private chat with the bot, seek
 * a game against anyone, are paired, and play it to the end with real moves (the pip-count
 * player's choices among the legal ones), some pressed on their own boards through the fake
 * Bot API and some played on the board page. Both ratings then move as FIBS publishes its
 * formula, computed here from the formula alone: a single game between newcomers (D = 0),
 * then a match to 3 between the same two, now D apart.
 */
import type { InlineKeyboardButton, User } from "grammy/types";
import { describe, expect } from "vitest";
import type { StoredMessage } from "../../bench/testkit/index.js";
import { chooseAction } from "../../src/ai/index.js";
import { decode, encode, type GameCommand } from "../../src/bot/callback-data.js";
import type { Action } from "../../src/engine/index.js";
import type { GameView } from "../../src/services/index.js";
import { buttons, GROUP, type Harness, ownBoardOf, USERS } from "../bot/harness.js";
import { it } from "./fixtures.js";
import type { WebHarness } from "./web-harness.js";

const WEB = { WEBAPP_URL: "https://nardy.example.org/board", WEBAPP_SHORT_NAME: "board" };

// ------------------------------------------------------------------ FIBS, as published

interface Standing {
  readonly rating: number;
  readonly experience: number;
}

/**
 * FIBS's rating change after `winner` beat `loser` in a match to `n`: the underdog wins with
 * P = 1/(10^(D·√N/2000)+1); each moves by 4·√N times the chance of the result that did not
 * happen, times max(1, 5 − experience/100); experience grows by N.
 */
function fibs(winner: Standing, loser: Standing, n: number): [Standing, Standing] {
  const d = Math.abs(winner.rating - loser.rating);
  const underdog = 1 / (10 ** ((d * Math.sqrt(n)) / 2000) + 1);
  // The result that did not happen: the loser's win.
  const loserChance = loser.rating <= winner.rating ? underdog : 1 - underdog;
  const k = 4 * Math.sqrt(n) * loserChance;
  const factor = (s: Standing) => Math.max(1, 5 - s.experience / 100);
  return [
    { rating: winner.rating + k * factor(winner), experience: winner.experience + n },
    { rating: loser.rating - k * factor(loser), experience: loser.experience + n },
  ];
}

// ------------------------------------------------------------------ playing

const PLAYERS = [USERS.alice, USERS.bob] as const;
const userOf = (id: number): User => PLAYERS.find((u) => u.id === id)!;

const dataOf = (b: InlineKeyboardButton): string =>
  "callback_data" in b && b.callback_data ? b.callback_data : "";

/** The player's own board of the game as it is now: the message whose buttons are for it. */
function ownBoard(h: Harness, userId: number, game: GameView): StoredMessage | undefined {
  const prefix = `g:${game.id}:${game.version}:`;
  return h.tg
    .chatMessages(userId)
    .filter((m) => m.photoId && buttons(m).some((b) => dataOf(b).startsWith(prefix)))
    .at(-1);
}

const commandOf = (b: InlineKeyboardButton): GameCommand | null => {
  const p = decode(dataOf(b));
  return p?.type === "game" ? p.command : null;
};

type Step = { readonly from: number; readonly to: number; readonly die?: number };
const stepsKey = (steps: readonly Step[], withDie: boolean) =>
  steps
    .map((s) => `${s.from}/${s.to}${withDie ? `(${s.die})` : ""}`)
    .sort()
    .join(" ");

/**
 * The board's button for what the chooser wants next: the action's own button, or, in the
 * move phase, the whole play it chose (few plays left) or its next step. Null if none is.
 */
function buttonFor(board: StoredMessage, actions: readonly Action[]): InlineKeyboardButton | null {
  const first = actions[0]!;
  const all = buttons(board).filter((b) => commandOf(b) !== null);
  if (first.type !== "step") return all.find((b) => commandOf(b)!.kind === first.type) ?? null;
  const chosen = actions.filter((a): a is Step & { type: "step" } => a.type === "step");
  const plays = all.filter((b) => commandOf(b)!.kind === "play");
  if (plays.length > 0) {
    const playSteps = (b: InlineKeyboardButton) =>
      (commandOf(b) as Extract<GameCommand, { kind: "play" }>).steps;
    // The same steps; else the same moves by other dice (a bar or bear-off step).
    return (
      plays.find((b) => stepsKey(playSteps(b), true) === stepsKey(chosen, true)) ??
      plays.find((b) => stepsKey(playSteps(b), false) === stepsKey(chosen, false)) ??
      null
    );
  }
  const step = all.filter((b) => commandOf(b)!.kind === "step");
  const want = chosen[0]!;
  const is = (b: InlineKeyboardButton, die: boolean) => {
    const c = commandOf(b) as Extract<GameCommand, { kind: "step" }>;
    return c.from === want.from && c.to === want.to && (!die || c.die === want.die);
  };
  return step.find((b) => is(b, true)) ?? step.find((b) => is(b, false)) ?? null;
}

/** What a page sends for the chooser's actions: the turn's steps as one play, or the action. */
function pageAction(actions: readonly Action[]): unknown {
  const first = actions[0]!;
  if (first.type !== "step") return first;
  const steps = actions
    .filter((a): a is Step & { type: "step" } => a.type === "step")
    .map(({ from, to, die }) => ({ from, to, die }));
  return { type: "play", steps };
}

interface Played {
  readonly last: GameView;
  readonly games: number;
  readonly pressed: number;
  readonly onPage: number;
}

/**
 * Plays the series of `first` to its end: each action the pip-count player chooses is pressed
 * on the actor's own board, every third one sent from their page instead; a finished game of
 * an unfinished match is followed by its next game, which the lobby starts by itself a few
 * seconds later (both boards say so and offer no 🔁 Next game).
 */
async function playSeries(
  h: Harness,
  w: WebHarness,
  first: GameView,
  advance: () => void,
): Promise<Played> {
  let game = first;
  let games = 1;
  let pressed = 0;
  let onPage = 0;
  for (let n = 0; ; n++) {
    if (n > 4_000) throw new Error("the series does not end");
    game = (await h.service.getGame(game.id))!;
    if (game.status !== "active") {
      const next = (await h.service.activeGamesAnywhere(game.white.id)).find(
        (g) => g.seriesId === game.seriesId,
      );
      if (next) {
        game = next;
        games++;
        continue;
      }
      // Played out: borne off, or a double dropped; never a clock run out.
      expect(["bear-off", "drop"]).toContain(game.state.result?.reason);
      if (game.final?.over !== false) return { last: game, games, pressed, onPage };
      // The match goes on by itself: both boards say when, and nobody may pick the moment.
      for (const u of PLAYERS) {
        const board = ownBoardOf(h, u.id, game.id)!;
        expect(board.caption, `game ${game.id}`).toContain("the next game starts by itself in 5 s");
        expect(buttons(board).filter((b) => commandOf(b)?.kind === "rematch")).toEqual([]);
      }
      for (let s = 0; s < 3; s++) advance();
      await h.app.lobby.tick();
      await h.settle();
      continue;
    }
    const move = chooseAction(game.state, { player: "pipcount" })!;
    const by = userOf(move.by === "white" ? game.white.id : game.black.id);
    expect(game.waitingFor).toBe(by.id);
    if (n % 3 === 2) {
      const r = await w.as(by).act(game.id, game.version, pageAction(move.actions));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      await h.settle();
      onPage++;
    } else {
      const board = ownBoard(h, by.id, game);
      expect(board, `${by.first_name}'s board of game ${game.id} v${game.version}`).toBeDefined();
      const button = buttonFor(board!, move.actions);
      expect(
        button,
        `${JSON.stringify(move.actions)} on ${JSON.stringify(buttons(board!).map((b) => b.text))}`,
      ).not.toBeNull();
      await h.press(by, board!, button!);
      pressed++;
    }
    advance();
    expect((await h.service.getGame(game.id))!.version, `game ${game.id} moved on`).toBeGreaterThan(
      game.version,
    );
  }
}

/** Both seek the same game in their own private chats; the game they were paired into. */
async function seekBoth(h: Harness, command: string): Promise<GameView> {
  const before = (await h.service.activeGamesAnywhere(USERS.alice.id)).length;
  await h.send(USERS.alice, command, { chatId: USERS.alice.id });
  expect(h.lastMessage(USERS.alice.id).text).toMatch(/Looking for an opponent/);
  await h.send(USERS.bob, command, { chatId: USERS.bob.id });
  await h.settle();
  const games = await h.service.activeGamesAnywhere(USERS.alice.id);
  expect(games).toHaveLength(before + 1);
  const game = games.at(-1)!;
  expect(game).toMatchObject({ rated: true, chatId: null });
  expect(new Set([game.white.id, game.black.id])).toEqual(new Set([USERS.alice.id, USERS.bob.id]));
  return game;
}

const told = (h: Harness, userId: number) =>
  h.tg
    .chatMessages(userId)
    .filter((m) => /Opponent found/.test(m.text ?? ""))
    .at(-1)?.text;

describe("the lobby, end to end", () => {
  it("two strangers in their own chats seek, are paired, play on their boards and the page to the end; the ratings move by FIBS's formula", async ({
    harness,
    web,
  }) => {
    let t = Date.now();
    const h = await harness({ env: WEB, now: () => t });
    // The page's own rate limit runs on real time, which this test's presses outrun.
    const w = await web(h, { limits: { burst: 100_000 } });
    // Two seconds a press: well within blitz's delay, so no clock runs out.
    const advance = () => {
      t += 2_000;
    };
    const start: Standing = { rating: 1500, experience: 0 };
    const standing = new Map<number, Standing>(PLAYERS.map((u) => [u.id, start]));
    const expectRatings = async () => {
      for (const u of PLAYERS) {
        const want = standing.get(u.id)!;
        const got = await h.service.ratingOf(u.id, "short");
        expect(got.rating, `${u.first_name}'s rating`).toBeCloseTo(want.rating, 9);
        expect(got.experience, `${u.first_name}'s experience`).toBe(want.experience);
      }
    };
    const rated = (winnerId: number, n: number) => {
      const loserId = PLAYERS.find((u) => u.id !== winnerId)!.id;
      const [win, lose] = fibs(standing.get(winnerId)!, standing.get(loserId)!, n);
      standing.set(winnerId, win);
      standing.set(loserId, lose);
    };

    // A single game between newcomers: D = 0, each moves 4·√1·½·5 = 10.
    const single = await seekBoth(h, "/play anyone short blitz");
    expect(told(h, USERS.alice.id)).toBe(
      "🎲 Opponent found: Bob (rating 1500). Your board follows; the game is rated.",
    );
    // Each has their own board, with the page a press away; nothing went to any group.
    for (const u of PLAYERS) {
      const board = h.tg
        .chatMessages(u.id)
        .filter((m) => m.photoId && buttons(m).length > 0)
        .at(-1)!;
      expect(board.keyboard.flat()).toContainEqual({
        text: "🎮 Open board",
        web_app: { url: `https://nardy.example.org/board?g=${single.id}` },
      });
      expect((await w.as(u).boot(single.id)).status).toBe(200);
    }
    expect(h.tg.chatMessages(GROUP)).toEqual([]);
    const one = await playSeries(h, w, single, advance);
    expect(one.last.status).toBe("finished");
    expect(one.games).toBe(1);
    rated(one.last.winnerId!, 1);
    expect(standing.get(one.last.winnerId!)!.rating).toBeCloseTo(1510, 9);
    await expectRatings();

    // A match to 3 between the same two, now 20 apart: D·√3 decides the chances.
    const match = await seekBoth(h, "/play anyone short 3p blitz");
    expect(match.rules.match).toEqual({ kind: "points", to: 3 });
    const winner = userOf(one.last.winnerId!);
    const loser = PLAYERS.find((u) => u.id !== winner.id)!;
    expect(told(h, loser.id)).toBe(
      `🎲 Opponent found: ${winner.first_name} (rating 1510). Your board follows; the game is rated.`,
    );
    expect(told(h, winner.id)).toMatch(new RegExp(`${loser.first_name} \\(rating 1490\\)`));
    const before = new Map<number, number>();
    for (const u of PLAYERS) before.set(u.id, (await h.service.ratingOf(u.id, "short")).rating);
    const three = await playSeries(h, w, match, advance);
    expect(three.last.final?.over).toBe(true);
    // The match's winner is the winner of its last game.
    const matchWinner = three.last.winnerId!;
    // Rated once, at the match's end, as a match of length 3.
    rated(matchWinner, 3);
    await expectRatings();
    // Had D not counted, the winner would have moved 4·√3·½·4.99 = 17.28 either way.
    const moved =
      (await h.service.ratingOf(matchWinner, "short")).rating - before.get(matchWinner)!;
    expect(Math.abs(moved - 4 * Math.sqrt(3) * 0.5 * 4.99)).toBeGreaterThan(0.1);

    expect(one.pressed + three.pressed).toBeGreaterThan(50);
    expect(one.onPage + three.onPage).toBeGreaterThan(20);
    expect(h.tg.problems()).toEqual([]);
    expect(h.tg.rules.flood.log.filter((c) => c.limited)).toEqual([]);
    expect(h.tg.chatMessages(GROUP)).toEqual([]);
  });

  it("a lobby match's next game starts by itself a few seconds later, both boards in private; a press for it is refused", async ({
    harness,
  }) => {
    let t = Date.now();
    const h = await harness({ now: () => t });
    const first = await seekBoth(h, "/play anyone short 3p normal");
    // The side to act resigns a single game: 1 point of 3, the match goes on.
    const by = first.waitingFor!;
    const other = by === first.white.id ? first.black.id : first.white.id;
    const offer = await h.service.act(
      first.id,
      by,
      { type: "resign", kind: "single" },
      first.version,
    );
    expect(offer.ok).toBe(true);
    const taken = await h.service.act(
      first.id,
      other,
      { type: "accept-resign" },
      offer.ok ? offer.value.game.version : 0,
    );
    expect(taken.ok).toBe(true);
    await h.settle();
    const over = (await h.service.getGame(first.id))!;
    expect(over.final?.over).toBe(false);
    const board = ownBoardOf(h, by, over.id)!;
    expect(board.caption).toMatch(/match (0 : 1|1 : 0) · the next game starts by itself in 5 s/);
    expect(buttons(board).filter((b) => commandOf(b)?.kind === "rematch")).toEqual([]);
    // The trailer's forged press for the next game is answered, and starts nothing.
    const forged = encode({
      type: "game",
      gameId: over.id,
      version: over.version,
      command: { kind: "rematch" },
    });
    await h.pressData(userOf(by), board, forged);
    const answer = h.tg.callsOf("answerCallbackQuery").at(-1)!.payload;
    expect(answer.text).toMatch(/starts by itself/);
    expect(await h.service.activeGamesAnywhere(by)).toEqual([]);
    // Four seconds on, nothing yet; five, and it starts on both players' own boards.
    t += 4_000;
    await h.app.lobby.tick();
    expect(await h.service.activeGamesAnywhere(by)).toEqual([]);
    t += 1_000;
    await h.app.lobby.tick();
    await h.settle();
    const next = (await h.service.activeGamesAnywhere(over.winnerId!)).find(
      (g) => g.seriesId === over.seriesId,
    )!;
    expect(next.previousGameId).toBe(first.id);
    for (const u of PLAYERS) expect(ownBoard(h, u.id, next), u.first_name).toBeDefined();
    expect(h.tg.chatMessages(GROUP)).toEqual([]);
    expect(h.tg.problems()).toEqual([]);
  });
});
