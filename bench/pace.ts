/**
 * Games at a human pace in a group, through a fake Bot API that enforces Telegram's per-chat
 * flood limits (20 sends and edits a minute in a group; in private a burst of three, then one
 * a second). Players press a set time after the board they play on shows their buttons. The
 * same players are also timed with no limit at all (the fake's and the bot's budgets off),
 * which is what "keeping pace" is measured against.
 *
 * Figures: presses a minute; the time from a press to the buttons of the next action on the
 * board its player uses (p50, p90, max); how far each group board lags behind its game (p50,
 * max); 429s drawn; sends and edits a turn, in the group and in all. Last, whole games, long
 * and short in turn: the group board's edits a turn, with both players on the group's board,
 * one on their own board, and both on their own.
 *
 * Under a clock (a /play word such as "blitz"), each side's clock runs are collected too:
 * from its buttons' delivery to the act that stopped it, with that player's presses and
 * waits for their next buttons within it (bench/pace-clock.ts reports them).
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { InlineKeyboardButton, Update, User } from "grammy/types";
import { createApp } from "../src/app.js";
import type { BotParts } from "../src/bot/create-bot.js";
import { parseConfig } from "../src/config.js";
import { openDatabase } from "../src/db/index.js";
import { seededRandom } from "../src/engine/index.js";
import { renderDecisionsPng } from "../src/render/decision.js";
import { renderBoardPng } from "../src/render/png.js";
import { renderReplayGif } from "../src/render/replay.js";
import { renderStandingsPng } from "../src/render/standings.js";
import type { GameView } from "../src/services/index.js";
import { SimClock } from "./sim-clock.js";
import { percentile, round } from "./stats.js";
import { BOT_INFO, FakeBotApi, type StoredMessage, silentLogger } from "./testkit/index.js";
import { UNLIMITED } from "./unlimited.js";

const TOKEN = "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi";
const GROUP = -100_900;

const dataOf = (b: InlineKeyboardButton): string =>
  "callback_data" in b && b.callback_data ? b.callback_data : "";

/** The game version a board's buttons were drawn for; null when it shows none. */
function versionShown(m: StoredMessage | undefined, gameId: number): number | null {
  for (const b of m?.keyboard.flat() ?? []) {
    const v = new RegExp(`^g:${gameId}:(\\d+):`).exec(dataOf(b));
    if (v) return Number(v[1]);
  }
  return null;
}

export interface Scenario {
  readonly games: number;
  /** How long a player looks at their buttons before pressing. */
  readonly thinkMs: number;
  /**
   * Players open their own board in private (the board's link) and play there: both, or
   * "one" of each pair (the other plays on the group's board).
   */
  readonly privately: boolean | "one";
  /** How long the clock runs. */
  readonly minutes: number;
  readonly limits: boolean;
  readonly command: string;
  readonly seed: number;
}

interface Player {
  readonly user: User;
  gameId: number;
  /** Their own board in private, once opened. */
  own: { chatId: number; messageId: number } | null;
  /** The version a press of theirs waits to be made on. */
  pending: number | null;
}

/**
 * One run of a side's clock (a clocked game): from `since`, when its buttons were delivered
 * (the clock's runningSince, less what it had spent before a hold), to `end`, the act that
 * stopped it (the game's lastActionAt); `presses`: that player's presses within it.
 */
export interface ClockTurn {
  readonly gameId: number;
  readonly userId: number;
  readonly since: number;
  readonly end: number;
  /**
   * What the clock counted of it: the time between each delivery of the side's buttons and
   * its next act (a step holds the clock until the next buttons are delivered).
   */
  readonly countedMs: number;
  readonly presses: number;
  /** Within it, the waits from each of those presses to the player's next buttons. */
  readonly waitedMs: number;
  /** The side's reserve before and after the turn's charge. */
  readonly reserveBefore: number;
  readonly reserveAfter: number;
  readonly delayMs: number;
  /**
   * How far the game's turn number moved within it: 1 for a turn of its side's, 0 for a
   * double or its answer, 3 or more when the opponent's turn between was all automatic
   * (their roll drew no move) and the same run went on into the side's next turn.
   */
  readonly turns: number;
}

export interface Outcome {
  readonly pressesPerMinute: number;
  readonly nextButtonsMs: number[];
  readonly lagMs: number[];
  /** The same, for the states that start a turn (what a board shown once a turn shows). */
  readonly turnLagMs: number[];
  readonly limited: number;
  readonly turns: number;
  readonly groupCalls: number;
  readonly allCalls: number;
  readonly boardEdits: number;
  /** Each clock run that ended within the run (none without a clock). */
  readonly clockTurns: ClockTurn[];
}

/** One run of a scenario: a bot on a file database, the fake, players, the clock. */
export async function run(s: Scenario): Promise<Outcome> {
  const dir = mkdtempSync(path.join(tmpdir(), "nardy-pace-"));
  const clock = new SimClock();
  const fake = new FakeBotApi({ token: TOKEN, keepUploads: false, now: clock.now });
  fake.rules.flood.enabled = s.limits;
  const parsed = parseConfig({ BOT_TOKEN: TOKEN, LOG_LEVEL: "silent" });
  if (!parsed.ok) throw new Error(parsed.errors.join("; "));
  const database = openDatabase(path.join(dir, "pace.sqlite"));
  let seeds = 0;
  const observed: (() => Promise<void>)[] = [];
  // One look at a time: two calls ending together must not both see a board as new.
  let looking: Promise<void> = Promise.resolve();
  const lookAll = () => {
    looking = looking.then(async () => {
      for (const o of observed) await o();
    });
    return looking;
  };
  const app = await createApp(parsed.config, {
    database,
    botInfo: BOT_INFO,
    logger: silentLogger,
    render: {
      board: renderBoardPng,
      decisions: renderDecisionsPng,
      replay: renderReplayGif,
      standings: renderStandingsPng,
    },
    computer: null,
    now: clock.now,
    newSeed: () => createHash("sha256").update(`pace:${s.seed}:${seeds++}`).digest(),
    clock,
    ...(s.limits ? {} : { budgets: UNLIMITED }),
    fetch: (async (url: unknown, init: unknown) => {
      const res = await fake.fetch(url, init as never);
      await lookAll();
      return res;
    }) as never,
  });
  const { service } = app;
  const parts: BotParts = app.bot;
  await parts.bot.init();
  let inflight = 0;
  /** Telegram sends the bot an update; the bot works on it in the background. */
  const handle = (update: Update) => {
    if (!fake.deliver(update)) return;
    inflight++;
    void parts.bot
      .handleUpdate(update)
      .catch(() => {})
      .finally(() => inflight--);
  };
  /** Nothing runs but what waits for time (a budget, a pause): the clock may skip ahead. */
  const waitingOnTime = () => inflight === 0 && parts.outbox.quiet();
  /** And no update let go with its reply still on its way: all is done. */
  const idle = () => waitingOnTime() && parts.jobs.size === 0;
  /** Runs the world until `done` or the clock reaches `until`. */
  const runUntil = async (done: () => boolean | Promise<boolean>, until: number) => {
    while (!(await done()) && clock.now() < until) {
      await new Promise((r) => setImmediate(r));
      clock.fireDue();
      if (waitingOnTime() && !(await done()) && !clock.skip())
        await new Promise((r) => setTimeout(r, 1));
    }
  };
  const say = (user: User, chatId: number, text: string) => {
    handle(fake.textUpdate(user, chatId, text));
  };
  const latestIn = (chatId: number, test: (m: StoredMessage) => boolean) =>
    fake
      .chatMessages(chatId)
      .filter(test)
      .sort((a, b) => b.messageId - a.messageId)[0];

  const random = seededRandom(s.seed);
  const players: Player[] = [];
  const created = new Map<string, number>();
  /** The versions that start a turn. */
  const turnStarts = new Set<string>();
  const turnOf = new Map<number, number>();
  const pressedAt = new Map<string, number>();
  const groupShown = new Map<number, { version: number; at: number }[]>();
  const nextButtonsMs: number[] = [];
  let turns = 0;
  /** Each game's last finished turn, as JSON: a new one is a turn played. */
  const lastMoves = new Map<number, string>();
  /** Each player's presses, when made, and when their buttons appeared. */
  const pressTimes = new Map<number, number[]>();
  const shownTimes = new Map<number, number[]>();
  const clockTurns: ClockTurn[] = [];
  /**
   * The clock run each game is in: its side's user, since when, the reserve and turn then,
   * what it has counted so far, and when its current stretch began (null while held).
   */
  const runningOf = new Map<
    number,
    {
      userId: number;
      since: number;
      reserve: number;
      turnNumber: number;
      counted: number;
      stretch: number | null;
    }
  >();
  const watchClock = (g: GameView) => {
    const c = g.clock;
    if (!c) return;
    const was = runningOf.get(g.id);
    const userOf = (side: "white" | "black") => (side === "white" ? g.white.id : g.black.id);
    const runner = c.running === null ? null : userOf(c.running);
    // A stretch ends at the act that held or stopped the clock.
    if (was && was.stretch !== null && c.runningSince !== was.stretch) {
      was.counted += g.lastActionAt - was.stretch;
      was.stretch = null;
    }
    // The run ends when its side no longer acts, or acts in a new turn.
    if (was && (runner !== was.userId || g.state.turnNumber !== was.turnNumber)) {
      runningOf.delete(g.id);
      const end = g.lastActionAt;
      const pressed = (pressTimes.get(was.userId) ?? []).filter((t) => t >= was.since && t <= end);
      const shown = shownTimes.get(was.userId) ?? [];
      let waitedMs = 0;
      for (const t of pressed) {
        const next = shown.find((x) => x > t && x <= end);
        if (next !== undefined) waitedMs += next - t;
      }
      clockTurns.push({
        gameId: g.id,
        userId: was.userId,
        since: was.since,
        end,
        countedMs: was.counted,
        presses: pressed.length,
        waitedMs,
        reserveBefore: was.reserve,
        reserveAfter: c.reserveMs[g.white.id === was.userId ? "white" : "black"],
        delayMs: c.delayMs,
        turns: g.state.turnNumber - was.turnNumber,
      });
    }
    const run = runningOf.get(g.id);
    if (!run && runner !== null && c.runningSince !== null)
      runningOf.set(g.id, {
        userId: runner,
        since: c.runningSince - c.spentMs,
        reserve: c.reserveMs[c.running!],
        turnNumber: g.state.turnNumber,
        counted: c.spentMs,
        stretch: c.runningSince,
      });
    else if (run && run.stretch === null && c.runningSince !== null) run.stretch = c.runningSince;
  };
  app.dispatcher.on("game", "bench", ({ game: g }) => {
    watchClock(g);
    created.set(`${g.id}:${g.version}`, clock.now());
    if (turnOf.get(g.id) !== g.state.turnNumber) turnStarts.add(`${g.id}:${g.version}`);
    turnOf.set(g.id, g.state.turnNumber);
    const move = JSON.stringify([g.state.turnNumber, g.state.lastMove]);
    if (g.state.lastMove && lastMoves.get(g.id) !== move) turns++;
    lastMoves.set(g.id, move);
  });

  /** Opens one game between two new players, and their own boards when they play there. */
  const openGame = async (pair: number) => {
    const users = [0, 1].map(
      (k): User => ({
        id: 5_000 + pair * 10 + k,
        is_bot: false,
        first_name: `P${pair}${k ? "b" : "a"}`,
        language_code: "en",
      }),
    );
    say(users[0]!, GROUP, s.command);
    await runUntil(idle, Number.POSITIVE_INFINITY);
    const card = latestIn(GROUP, (m) => m.keyboard.flat().some((b) => /^c:\d+:a$/.test(dataOf(b))));
    const accept = card!.keyboard.flat().find((b) => /^c:\d+:a$/.test(dataOf(b)))!;
    handle(fake.pressUpdate(users[1]!, card!, dataOf(accept)).update);
    // Players on the group's board play from its first buttons, while the others' games go on
    // (a clock runs from them); those on their own board, once they have opened it.
    const mine = async () => (await service.activeGames(GROUP, users[0]!.id)).at(-1);
    await runUntil(async () => (await mine()) !== undefined, Number.POSITIVE_INFINITY);
    const game = (await mine())!;
    const own = (k: number) => s.privately === true || (s.privately === "one" && k === 0);
    const seated = users.map(
      (user): Player => ({ user, gameId: game.id, own: null, pending: null }),
    );
    for (const [k, p] of seated.entries()) if (!own(k)) players.push(p);
    await runUntil(idle, Number.POSITIVE_INFINITY);
    for (const [k, p] of seated.entries())
      if (own(k)) {
        players.push(p);
        await openOwn(p);
      }
  };
  const openOwn = async (p: Player) => {
    say(p.user, p.user.id, `/start p${p.gameId}`);
    await runUntil(idle, Number.POSITIVE_INFINITY);
    const m = latestIn(p.user.id, (x) => versionShown(x, p.gameId) !== null || x.photo !== null);
    p.own = m ? { chatId: p.user.id, messageId: m.messageId } : null;
  };
  const boardOf = async (p: Player): Promise<StoredMessage | undefined> => {
    if (p.own) return fake.message(p.own.chatId, p.own.messageId);
    const g = await service.getGame(p.gameId);
    return g?.message?.kind === "chat" ? fake.message(GROUP, g.message.messageId) : undefined;
  };

  /** What a player presses: a move, a roll (now and then a double), a take; the next game. */
  const choose = (m: StoredMessage, game: GameView): string | null => {
    const own = m.keyboard
      .flat()
      .map(dataOf)
      .filter((d) => d.startsWith(`g:${game.id}:${game.version}:`));
    const moves = own.filter((d) => /:(w:|s:)/.test(d));
    if (moves.length) return moves[Math.floor(random() * moves.length)]!;
    if (own.some((d) => d.endsWith(":d")) && random() < 0.1)
      return own.find((d) => d.endsWith(":d"))!;
    return own.find((d) => /:(r|t|c|ra|rd)$/.test(d)) ?? null;
  };

  const press = async (p: Player, version: number) => {
    const game = await service.getGame(p.gameId);
    const m = await boardOf(p);
    p.pending = null;
    if (!game || !m || game.version !== version || game.waitingFor !== p.user.id) return;
    const data = choose(m, game);
    if (!data) return;
    pressedAt.set(`${game.id}:${version}`, clock.now());
    pressTimes.set(p.user.id, [...(pressTimes.get(p.user.id) ?? []), clock.now()]);
    presses++;
    handle(fake.pressUpdate(p.user, m, data).update);
  };

  /** After every call: boards that now show a player their buttons, and group boards' lag. */
  const observe = async () => {
    const now = clock.now();
    for (const p of players) {
      const game = await service.getGame(p.gameId);
      if (game?.status !== "active" || game.waitingFor !== p.user.id) continue;
      if (p.pending === game.version || versionShown(await boardOf(p), game.id) !== game.version)
        continue;
      p.pending = game.version;
      shownTimes.set(p.user.id, [...(shownTimes.get(p.user.id) ?? []), now]);
      // The press this answers: the last one made on this game.
      const last = [...pressedAt.entries()].filter(([k]) => k.startsWith(`${game.id}:`)).at(-1);
      if (last && !answered.has(last[0])) {
        answered.add(last[0]);
        nextButtonsMs.push(now - last[1]);
      }
      const version = game.version;
      clock.setTimeout(() => {
        press(p, version).catch((err: unknown) => {
          failure ??= err;
        });
      }, s.thinkMs);
    }
    for (const id of new Set(players.map((p) => p.gameId))) {
      const g = await service.getGame(id);
      const m = g?.message?.kind === "chat" ? fake.message(GROUP, g.message.messageId) : undefined;
      const v = g?.status === "active" ? versionShown(m, id) : g?.version;
      const shown = groupShown.get(id) ?? [];
      if (v !== null && v !== undefined && shown.at(-1)?.version !== v)
        shown.push({ version: v, at: now });
      groupShown.set(id, shown);
    }
  };
  const answered = new Set<string>();
  observed.push(observe);
  let presses = 0;
  /** The first press that failed: the run is void, and says so. */
  let failure: unknown = null;

  try {
    for (let pair = 0; pair < s.games; pair++) await openGame(pair);
    const start = clock.now();
    const from = fake.rules.flood.log.length;
    presses = 0;
    turns = 0;
    await lookAll();
    const end = start + s.minutes * 60_000;
    const allOver = async () =>
      (await Promise.all(players.map((p) => service.getGame(p.gameId)))).every(
        (g) => g?.status !== "active",
      );
    await runUntil(allOver, end);
    if (failure) throw failure;
    const minutes = (clock.now() - start) / 60_000;
    const calls = fake.rules.flood.log.slice(from);
    const lagMs: number[] = [];
    const turnLagMs: number[] = [];
    for (const [id, shown] of groupShown)
      for (const [key, at] of created) {
        const [g, v] = key.split(":").map(Number);
        if (g !== id || at < start) continue;
        const seen = shown.find((x) => x.version >= v! && x.at >= at);
        lagMs.push((seen?.at ?? clock.now()) - at);
        if (turnStarts.has(key)) turnLagMs.push((seen?.at ?? clock.now()) - at);
      }
    const boards = new Set(
      await Promise.all(
        players.map(async (p) => {
          const g = await service.getGame(p.gameId);
          return g?.message?.kind === "chat" ? g.message.messageId : -1;
        }),
      ),
    );
    return {
      pressesPerMinute: presses / minutes,
      nextButtonsMs,
      lagMs,
      turnLagMs,
      limited: calls.filter((c) => c.limited).length,
      turns,
      groupCalls: calls.filter((c) => c.chat === `c:${GROUP}` && !c.limited).length,
      allCalls: calls.filter((c) => !c.limited).length,
      boardEdits: fake.calls.filter(
        (c) =>
          /^editMessage/.test(c.method) &&
          Number(c.payload.chat_id) === GROUP &&
          boards.has(Number(c.payload.message_id)) &&
          c.answer?.ok,
      ).length,
      clockTurns,
    };
  } finally {
    parts.boards.stop();
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (xs: readonly number[], p: number) => Math.round(percentile(xs, p));

function figures(prefix: string, limited: Outcome, free: Outcome): Record<string, number> {
  return {
    [`${prefix} presses/min`]: round(limited.pressesPerMinute, 1),
    [`${prefix} presses/min, no limit`]: round(free.pressesPerMinute, 1),
    [`${prefix} of no-limit pace %`]: Math.round(
      (100 * limited.pressesPerMinute) / free.pressesPerMinute,
    ),
    [`${prefix} next buttons p50 ms`]: ms(limited.nextButtonsMs, 50),
    [`${prefix} next buttons p90 ms`]: ms(limited.nextButtonsMs, 90),
    [`${prefix} next buttons max ms`]: ms(limited.nextButtonsMs, 100),
    [`${prefix} group lag p50 ms`]: ms(limited.lagMs, 50),
    [`${prefix} group lag max ms`]: ms(limited.lagMs, 100),
    [`${prefix} group lag, turn starts p50 ms`]: ms(limited.turnLagMs, 50),
    [`${prefix} group lag, turn starts max ms`]: ms(limited.turnLagMs, 100),
    [`${prefix} 429s`]: limited.limited,
    [`${prefix} group calls/turn`]: round(limited.groupCalls / Math.max(1, limited.turns)),
    [`${prefix} all calls/turn`]: round(limited.allCalls / Math.max(1, limited.turns)),
  };
}

export async function benchPace({ smoke }: { smoke: boolean }): Promise<Record<string, number>> {
  const minutes = smoke ? 0.5 : 2.5;
  const one: Omit<Scenario, "limits"> = {
    games: 1,
    thinkMs: 1_500,
    privately: true,
    minutes,
    command: "/play short",
    seed: 1,
  };
  const four: Omit<Scenario, "limits"> = { ...one, games: 4, thinkMs: 3_000, seed: 2 };
  const inGroup: Omit<Scenario, "limits"> = { ...one, privately: false, seed: 3 };
  const out: Record<string, number> = {};
  for (const [name, sc] of [
    ["1 game 1.5 s", one],
    ["4 games 3 s", four],
    ["1 game 1.5 s, group board only", inGroup],
  ] as const)
    Object.assign(
      out,
      figures(name, await run({ ...sc, limits: true }), await run({ ...sc, limits: false })),
    );
  return { ...out, ...(await wholeGames({ smoke })) };
}

/**
 * Whole games, long and short in turn: edits of the group's board a turn, with the players on
 * the group's board, one of them on their own, and both on their own.
 */
export async function wholeGames({ smoke }: { smoke: boolean }): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const commands = smoke
    ? ["/play short"]
    : ["/play long", "/play short", "/play long", "/play short"];
  for (const privately of [false, "one", true] as const) {
    let edits = 0;
    let turns = 0;
    for (const [i, command] of commands.entries()) {
      const r = await run({
        games: 1,
        thinkMs: 3_000,
        privately,
        minutes: smoke ? 1 : 60,
        limits: true,
        command,
        seed: 10 + i,
      });
      edits += r.boardEdits;
      turns += r.turns;
    }
    const where = { false: "group board", one: "one own board", true: "own boards" }[
      String(privately) as "false" | "one" | "true"
    ];
    out[`whole games on ${where}: group board edits/turn`] = round(edits / Math.max(1, turns));
  }
  return out;
}
