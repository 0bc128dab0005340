/**
 * kill -9 and clocks: the real `node dist/main.js` (the slow suite builds dist/ first) against
 * the fake Bot API over loopback HTTP, its flood limits on. Twenty clocked games in twenty
 * groups (short blitz and short normal in turn, each challenged by /play and accepted on the
 * card), moves played in most, then SIGKILL at a random moment while boards are on their
 * way, 25 seconds down, and a restart on the same database file.
 *
 * Each game's clock is read from the file (readonly) at the kill and after the restart. The
 * keeper marks the running clocks every second and a restart charges up to the last mark, so
 * after the restart every reserve is what it was at the kill, up to the time between the last
 * mark and the kill given back (at most a second, 1.5 s allowed for a busy machine's timers),
 * and never less: the 25 seconds down are charged to nobody, though they would have
 * flagged a player in some games. No game flags; one press each after the restart is
 * answered and changes its board.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import type { InlineKeyboardButton, User } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeBotApi, plainText, type StoredMessage } from "../../bench/testkit/index.js";
import { type ClockState, delayLeftAt, flagAt, reservesAt } from "../../src/engine/clock.js";

const ROOT = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const TOKEN = `123456:${"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi"}`;
const GAMES = 20;
/** Games nobody presses in before the kill: a clock running since the board came. */
const UNPRESSED = 4;
const DOWN_MS = 25_000;
/** The keeper's mark period (clock-keeper.ts MARK_EVERY_MS), plus a busy machine's lag. */
const MARK_SLACK_MS = 1_500;
const WAIT_MS = 30_000;

const chatOf = (i: number) => -100_800 - i;
const pairOf = (i: number): [User, User] => [
  { id: 7_000 + 2 * i, is_bot: false, first_name: "Alice", language_code: "en" },
  { id: 7_001 + 2 * i, is_bot: false, first_name: "Bob", language_code: "en" },
];
const commandOf = (i: number) => (i % 2 === 0 ? "/play short blitz" : "/play short normal");

// ------------------------------------------------------------------ the bot process

interface BotProcess {
  readonly child: ChildProcess;
  readonly log: () => string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<BotProcess>();

function startBot(env: Record<string, string>): BotProcess {
  const child = spawn(process.execPath, ["dist/main.js"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => {
    out += String(d);
  });
  child.stderr!.on("data", (d) => {
    out += String(d);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const started = { child, log: () => out, exited };
  running.add(started);
  void exited.then(() => running.delete(started));
  return started;
}

// ------------------------------------------------------------------ reading chat and file

const dataOf = (b: InlineKeyboardButton): string =>
  "callback_data" in b && b.callback_data ? b.callback_data : "";
const buttonsOf = (m: StoredMessage) => m.keyboard.flat().filter((b) => dataOf(b) !== "");

function boardOf(fake: FakeBotApi, chatId: number, gameId: number): StoredMessage | undefined {
  const prefix = `g:${gameId}:`;
  return fake
    .chatMessages(chatId)
    .filter((m) => m.photoId !== null && buttonsOf(m).some((b) => dataOf(b).startsWith(prefix)))
    .sort((a, b) => b.changedAt - a.changedAt)[0];
}

/** The version a board's buttons were drawn for. */
const versionShown = (m: StoredMessage, gameId: number): number | null => {
  for (const b of buttonsOf(m)) {
    const v = new RegExp(`^g:${gameId}:(\\d+):`).exec(dataOf(b));
    if (v) return Number(v[1]);
  }
  return null;
};

/** Whose press the caption asks for. */
function moverOf(caption: string, [alice, bob]: [User, User]): User | null {
  const m = /[⚪⚫] (Alice|Bob)(?: to move|: roll or double|: take or drop\?|: accept\?)/.exec(
    caption,
  );
  return m ? (m[1] === "Alice" ? alice : bob) : null;
}

/** A press that plays on: a step or a roll, never a double, an undo or a resignation. */
const playOn = (m: StoredMessage, gameId: number): InlineKeyboardButton | undefined =>
  buttonsOf(m).find(
    (b) => dataOf(b).startsWith(`g:${gameId}:`) && !/Double|Undo|Resign|Drop/.test(b.text),
  );

interface Row {
  readonly id: number;
  readonly status: string;
  readonly version: number;
  readonly clock: ClockState;
  readonly flagAt: number | null;
}

function readFile(dbFile: string, ids: readonly number[]): { rows: Row[]; mark: number | null } {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const all = db
      .prepare("select id, status, version, clock, flag_at as flagAt from games")
      .all() as { id: number; status: string; version: number; clock: string; flagAt: number }[];
    const rows = ids.map((id) => {
      const r = all.find((x) => x.id === id)!;
      return { ...r, clock: JSON.parse(r.clock) as ClockState };
    });
    const mark = db.prepare("select at from clock_marks where name = 'clocks'").pluck().get() as
      | number
      | undefined;
    return { rows, mark: mark ?? null };
  } finally {
    db.close();
  }
}

/** Polls `check` every 100 ms until it gives a value. */
async function until<T>(check: () => T | undefined | null | false, ms: number, what: string) {
  const end = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// ------------------------------------------------------------------ the scenario

const fake = new FakeBotApi({ token: TOKEN, maxHoldMs: 500 });
let dir = "";
let dbFile = "";
let apiRoot = "";
const env = () => ({
  BOT_TOKEN: TOKEN,
  BOT_API_ROOT: apiRoot,
  DATABASE_PATH: dbFile,
  LOG_LEVEL: "warn",
});

async function firstPoll(bot: BotProcess, what: string): Promise<number> {
  const polls = fake.callsOf("getUpdates").length;
  const exit = bot.exited.then(({ code, signal }) => {
    throw new Error(`the bot exited (${code ?? signal}) early:\n${bot.log()}`);
  });
  exit.catch(() => {});
  await Promise.race([
    fake.waitFor(() => fake.callsOf("getUpdates").length > polls, 30_000, what),
    exit,
  ]);
  return Date.now();
}

/** /play in the group as its Alice, Accept as its Bob; the game's id once its board shows. */
async function openGame(i: number): Promise<number> {
  const chatId = chatOf(i);
  const [alice, bob] = pairOf(i);
  fake.sendText(alice, chatId, commandOf(i));
  const acceptOf = (m: StoredMessage) => buttonsOf(m).find((b) => /^c:\d+:a$/.test(dataOf(b)));
  const card = await fake.waitFor(
    () => fake.chatMessages(chatId).find((m) => acceptOf(m)),
    WAIT_MS,
    `the challenge in ${chatId}`,
  );
  expect(card.text ?? card.caption).toMatch(/⏱/);
  fake.press(bob, card, dataOf(acceptOf(card)!));
  const gameOf = (m: StoredMessage) =>
    m.photoId
      ? buttonsOf(m)
          .map((b) => /^g:(\d+):/.exec(dataOf(b))?.[1])
          .find(Boolean)
      : null;
  const board = await fake.waitFor(
    () => fake.chatMessages(chatId).find(gameOf),
    WAIT_MS,
    `the board in ${chatId}`,
  );
  return Number(gameOf(board));
}

/** One press as the mover the caption names; its answer, once it comes, and the board's change. */
async function pressOnce(i: number, gameId: number, stopped?: () => boolean) {
  const chatId = chatOf(i);
  const board = boardOf(fake, chatId, gameId)!;
  const mover = moverOf(plainText(board.caption ?? ""), pairOf(i));
  const button = playOn(board, gameId);
  if (!mover || !button) throw new Error(`game ${gameId}: no press to make on\n${board.caption}`);
  const since = board.changedAt;
  const query = fake.press(mover, board, dataOf(button));
  const answer = await fake.waitFor(
    () => fake.answerOf(query) ?? (stopped?.() ? "stopped" : undefined),
    WAIT_MS,
    `the answer in game ${gameId}`,
  );
  if (answer === "stopped") return null;
  const changed = await fake.waitFor(
    () => {
      const now = boardOf(fake, chatId, gameId);
      return (now && now.changedAt > since ? now : undefined) ?? (stopped?.() ? "stopped" : null);
    },
    WAIT_MS,
    `the board of game ${gameId} after the press`,
  );
  return { answer, changed: changed === "stopped" ? null : changed };
}

// Real processes and half a minute of real time: the slow suite's only (its project sets
// FULL_SAMPLES=1 and builds dist/; vitest.config.ts must list this file in SLOW, or the fast
// project collects it and skips it here).
describe.skipIf(process.env.FULL_SAMPLES !== "1")("clocks across kill -9", () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "nardy-clock-restart-"));
    dbFile = path.join(dir, "nardy.sqlite");
    apiRoot = await fake.listen();
  });

  afterAll(async () => {
    for (const left of running) {
      left.child.kill("SIGKILL");
      await left.exited;
    }
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("20 clocked games: after kill -9, 25 s down and a restart, every clock is as at the kill (the downtime charged to nobody), no flag, each game plays on", async () => {
    const t0 = Date.now();
    const first = startBot(env());
    await firstPoll(first, "the first poll");

    const ids = await Promise.all(Array.from({ length: GAMES }, (_, i) => openGame(i)));
    expect(new Set(ids).size).toBe(GAMES);

    // Moves in all but the first few games, until a random moment: new presses stop then,
    // and the process dies as soon as those made are answered (a press fetched and not yet
    // applied would be replayed after the restart, moving its clock: e2e.test.ts has those),
    // with the boards they asked for still on their way and clocks about to start.
    const killAfterMs = 6_000 + Math.floor(Math.random() * 6_000);
    let stopping = false;
    let pressed = 0;
    const players = ids.slice(UNPRESSED).map(async (gameId, k) => {
      while (!stopping) {
        const r = await pressOnce(k + UNPRESSED, gameId, () => stopping);
        if (!r) break;
        expect(r.answer.payload.show_alert, `game ${gameId}: ${r.answer.payload.text}`).toBeFalsy();
        pressed++;
      }
    });
    await new Promise((r) => setTimeout(r, killAfterMs));
    stopping = true;
    // Every press made is answered (applied) before the kill.
    await until(() => fake.unansweredQueries().length === 0, WAIT_MS, "the last presses answered");
    const killAt = Date.now();
    first.child.kill("SIGKILL");
    expect((await first.exited).signal).toBe("SIGKILL");
    const deadAt = Date.now();
    // The players' waits for boards that will not come end with the stop.
    fake.emit("call");
    await Promise.all(players);
    expect(pressed).toBeGreaterThan(0);

    const atKill = readFile(dbFile, ids);
    expect(atKill.rows.every((r) => r.status === "active")).toBe(true);
    const mark = atKill.mark!;
    expect(mark, "a mark was written").not.toBeNull();
    // The keeper marked within its period before the process died.
    expect(killAt - mark, `mark ${mark}, kill ${killAt}`).toBeLessThanOrEqual(MARK_SLACK_MS);
    // What each game had left at the kill; charged the downtime, these would have flagged.
    const leftAtKill = atKill.rows.map(
      (r) => (flagAt(r.clock) ?? Number.POSITIVE_INFINITY) - killAt,
    );
    const wouldFlag = leftAtKill.filter((ms) => ms < DOWN_MS).length;
    expect(wouldFlag, `left at the kill: ${leftAtKill.map(Math.round).join(" ")}`).toBeGreaterThan(
      0,
    );

    await new Promise((r) => setTimeout(r, DOWN_MS - (Date.now() - deadAt)));
    const restartAt = Date.now();
    const second = startBot(env());
    // The keeper resumes the clocks before the first poll (src/main.ts).
    const polledAt = await firstPoll(second, "the first poll after the restart");
    const after = readFile(dbFile, ids);

    for (const [k, kill] of atKill.rows.entries()) {
      const now = after.rows[k]!;
      const why = `game ${kill.id}: at the kill ${JSON.stringify(kill.clock)}, after ${JSON.stringify(now.clock)}`;
      // No flag, nothing played while down or on the way back up.
      expect(now.status, why).toBe("active");
      expect(now.version, why).toBe(kill.version);
      // The stored reserves (a turn is charged when it ends) did not move.
      expect(now.clock.reserveMs, why).toEqual(kill.clock.reserveMs);
      const c = kill.clock;
      if (c.running !== null && c.runningSince !== null) {
        // The running turn: held at the last mark (or at its start, if it began after the
        // mark), resumed at the restart, not at the kill.
        expect(now.clock.running, why).toBe(c.running);
        expect(now.clock.runningSince, why).toBeGreaterThanOrEqual(restartAt);
        expect(now.clock.runningSince, why).toBeLessThanOrEqual(polledAt);
        const heldAt = Math.max(c.runningSince, mark);
        expect(now.clock.spentMs, why).toBeCloseTo(c.spentMs + heldAt - c.runningSince, 0);
        // As the player sees it, the time left (delay and reserve) at the resume: no less than
        // at the process's death (between killAt and deadAt), no more than at the kill plus
        // the time from the last mark to it.
        const resumed = now.clock.runningSince!;
        const left = (clock: ClockState, at: number) =>
          reservesAt(clock, at)[c.running!] + delayLeftAt(clock, at);
        expect(left(now.clock, resumed), why).toBeGreaterThanOrEqual(left(c, deadAt) - 1);
        expect(left(now.clock, resumed), why).toBeLessThanOrEqual(
          left(c, killAt) + Math.max(0, killAt - mark) + 1,
        );
        // The deadline is as far from the resume as it was from the mark.
        expect(now.flagAt! - resumed, why).toBeCloseTo(flagAt(c)! - heldAt, 0);
        expect(now.flagAt!, why).toBeGreaterThan(polledAt);
      } else {
        // Between turns at the kill (a board on its way): nothing spent; the restarted bot may
        // have started the clock by delivering that board since.
        expect(now.clock.spentMs, why).toBe(c.spentMs);
        if (now.clock.runningSince !== null)
          expect(now.clock.runningSince, why).toBeGreaterThanOrEqual(restartAt);
      }
    }

    // One press each, as soon as the game's board shows it and its clock runs again (those
    // between turns at the kill start at their boards' delivery): answered without an alert,
    // the board changed, the game moved on.
    const pressedAfter = await Promise.all(
      ids.map(async (id, i) => {
        await until(
          () => {
            const board = boardOf(fake, chatOf(i), id);
            if (!board || versionShown(board, id) !== after.rows[i]!.version) return false;
            return readFile(dbFile, [id]).rows[0]!.flagAt !== null;
          },
          WAIT_MS,
          `game ${id}'s board and clock`,
        );
        return pressOnce(i, id);
      }),
    );
    for (const [i, r] of pressedAfter.entries()) {
      expect(r!.answer.payload.show_alert, `game ${ids[i]}: ${r!.answer.payload.text}`).toBeFalsy();
      expect(r!.changed, `game ${ids[i]}`).toBeTruthy();
    }
    const end = readFile(dbFile, ids);
    for (const [k, r] of end.rows.entries()) {
      expect(r.status, `game ${r.id}`).toBe("active");
      expect(r.version, `game ${r.id}`).toBeGreaterThan(after.rows[k]!.version);
    }
    expect(fake.rules.flood.log.filter((c) => c.limited)).toEqual([]);
    expect(
      second
        .log()
        .split("\n")
        .filter((l) => /"level":"error"/.test(l)),
    ).toEqual([]);
    second.child.kill("SIGTERM");
    await second.exited;
    if (process.env.E2E_DEBUG)
      console.log({
        seconds: (Date.now() - t0) / 1000,
        killAfterMs,
        pressed,
        markBeforeKillMs: killAt - mark,
        wouldFlag,
        leftAtKill: leftAtKill.map(Math.round),
      });
  }, 110_000);
});
