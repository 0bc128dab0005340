/**
 * The real bot process (`node dist/main.js`) on a PostgreSQL server of the test's own
 * (test/helpers/pg-server.ts), through the fake Bot API over loopback HTTP, its flood limits
 * on: whole games in groups and one against the computer in a private chat; kill -9 while
 * ten games are being pressed, and a restart; the database server restarted mid-game.
 * What the games hold is read from the server itself.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { User } from "grammy/types";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closedPort } from "../../bench/testkit/closed-port.js";
import { BOT_INFO, FakeBotApi, plainText, type StoredMessage } from "../../bench/testkit/index.js";
import { launchData } from "../../bench/testkit/init-data.js";
import { type PgServer, postgresBinaries, startPgServer } from "../../bench/testkit/pg-server.js";
import { chooseAction } from "../../src/ai/index.js";
import { PageApi } from "../../src/web/page/api.js";
import {
  type BotProcess,
  healthcheck,
  killLeftovers,
  startBot,
  stopBot,
  whileRunning,
} from "./bot-process.js";
import {
  ALICE,
  BOB,
  boardOf,
  buttonsOf,
  challengeIn,
  chatLog,
  dataOf,
  gameIdOf,
  isOver,
  moverOf,
  openGame,
  type Player,
  playToTheEnd,
  pressAndAnswer,
  pressAndWait,
  resign,
  stepsOf,
  WAIT_MS,
} from "./chat-play.js";
import { routingProxy } from "./routing-proxy.js";

const TOKEN = `123456:${"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi"}`;
const CAN = postgresBinaries() !== null;
/** Games pressed at once when the process is killed, and presses each gets in all. */
const KILLED_GAMES = 10;
const PRESSES_EACH = 6;
/** Presses answered, over all the games, before the kill. */
const KILL_AFTER = 18;
/** Games pressed, round after round, across a kill -9 and a deploy of two processes. */
const TAKEOVER_GAMES = 20;

const dir = mkdtempSync(path.join(tmpdir(), "nardy-e2e-pg-"));
/** The SQLite file the bot would make without DATABASE_URL: it must never appear. */
const sqliteFile = path.join(dir, "never.sqlite");
const fake = new FakeBotApi({ token: TOKEN, maxHoldMs: 500 });
let server: PgServer;
let url = "";
let apiRoot = "";
let client: pg.Client;

const env = (extra: Record<string, string> = {}) => ({
  BOT_TOKEN: TOKEN,
  BOT_API_ROOT: apiRoot,
  DATABASE_URL: url,
  DATABASE_PATH: sqliteFile,
  LOG_LEVEL: process.env.E2E_DEBUG ? "info" : "warn",
  ...extra,
});

async function startPolling(extra: Record<string, string> = {}): Promise<BotProcess> {
  await killLeftovers();
  const b = startBot(env(extra));
  const polls = fake.callsOf("getUpdates").length;
  await whileRunning(
    b,
    fake.waitFor(() => fake.callsOf("getUpdates").length > polls, 30_000, "polling"),
  );
  return b;
}

/** The moment `b` starts polling Telegram, as its log says. */
const polling = (b: BotProcess) =>
  whileRunning(
    b,
    fake.waitFor(() => /long polling/.test(b.log()) || undefined, 30_000, "polling"),
  );

/** Until `b` says it stands by, another process being active. */
const standingBy = (b: BotProcess) =>
  whileRunning(
    b,
    fake.waitFor(
      () => /standby: another process is active/.test(b.log()) || undefined,
      30_000,
      "standing by",
    ),
  );

/** Settings of a process serving the board page (and so /healthz) on `port`. */
const servingPage = (port: number) => ({
  PORT: String(port),
  WEBAPP_URL: "https://nardy.example.org/board",
  WEBAPP_SHORT_NAME: "board",
  LOG_LEVEL: "info",
});

/** An active process, then a standby beside it, each with its own settings. */
async function activeAndStandby(
  first: Record<string, string>,
  second: Record<string, string>,
): Promise<[BotProcess, BotProcess]> {
  await killLeftovers();
  const active = startBot(env(first));
  await polling(active);
  const standby = startBot(env(second));
  await standingBy(standby);
  return [active, standby];
}

const one = async <T>(text: string, values: unknown[]): Promise<T> =>
  (await client.query(text, values)).rows[0] as T;

const versionOf = async (gameId: number) =>
  (await one<{ v: number }>("select version::int as v from games where id = $1", [gameId])).v;

/** How many events of the game `userId` made. */
const eventsBy = async (gameId: number, userId: number) =>
  (
    await one<{ n: number }>(
      "select count(*)::int as n from game_events where game_id = $1 and actor_id = $2",
      [gameId, userId],
    )
  ).n;

/** The version a board's buttons are for (`g:<game>:<version>:…`). */
const shownVersion = (board: StoredMessage) =>
  Number(/^g:\d+:(\d+):/.exec(dataOf(buttonsOf(board)[0]!))?.[1]);

/**
 * After presses across a kill or a takeover: every board shows its game's stored version, and
 * each player's events number at least their presses (else one was lost) and at most their
 * presses' steps (else one was doubled; the service plays a forced last step as nobody's).
 * The maps are keyed by `gameId * 10_000 + userId`.
 */
async function expectPressesApplied(
  bot: BotProcess,
  players: readonly Player[],
  before: ReadonlyMap<number, number>,
  pressesOf: ReadonlyMap<number, number>,
  applied: ReadonlyMap<number, number>,
): Promise<void> {
  for (const p of players) {
    const version = await versionOf(p.gameId);
    await whileRunning(
      bot,
      fake.waitFor(
        () => {
          const board = boardOf(fake, p.chatId, p.gameId);
          return (board && shownVersion(board) === version) || undefined;
        },
        WAIT_MS,
        `game ${p.gameId}'s board at version ${version}: ${chatLog(fake, p.chatId, 0)}`,
      ),
    );
    for (const u of [ALICE.id, BOB.id]) {
      const key = p.gameId * 10_000 + u;
      const made = (await eventsBy(p.gameId, u)) - before.get(key)!;
      expect(made, `game ${p.gameId}, player ${u}`).toBeGreaterThanOrEqual(pressesOf.get(key) ?? 0);
      expect(made, `game ${p.gameId}, player ${u}`).toBeLessThanOrEqual(applied.get(key) ?? 0);
    }
  }
}

const errorLines = (log: string) => log.split("\n").filter((l) => /"level":"error"/.test(l));

/** A move, a roll or a take: a press whose events are its own steps (no undo, no cube). */
const plainChoices = (board: StoredMessage, gameId: number) =>
  buttonsOf(board).filter(
    (b) =>
      dataOf(b).startsWith(`g:${gameId}:`) &&
      !/Double|Undo|Drop|Take|Claim|Next game|Decline|Resign/.test(b.text),
  );

/** Carol, who plays the computer in her own chat with the bot. */
const CAROL: User = { id: 1_033, is_bot: false, first_name: "Carol", language_code: "en" };

/** `/play bot` in `user`'s private chat, accepted; the game against the computer. */
async function computerGame(user: User): Promise<Player> {
  fake.sendText(user, user.id, "/play bot");
  const { card, accept } = await challengeIn(fake, user.id);
  await pressAndAnswer({ fake, chatId: user.id, gameId: 0 }, user, card, dataOf(accept));
  const first = await fake.waitFor(
    () => fake.chatMessages(user.id).find((m) => m.photoId && buttonsOf(m).length > 0),
    WAIT_MS,
    "the board against the computer",
  );
  return { fake, chatId: user.id, gameId: gameIdOf(first) };
}

/** Up to 8 of `user`'s turns against the computer, each waiting for the computer's reply. */
async function playComputer(computer: Player, user: User): Promise<void> {
  const caption = () => plainText(boardOf(fake, user.id, computer.gameId)?.caption ?? "");
  const turn = new RegExp(`${user.first_name} (to move|: roll)`);
  for (let presses = 0; presses < 8 && !isOver(caption()); presses++) {
    await fake.waitFor(
      () => turn.test(caption()) || isOver(caption()) || undefined,
      60_000,
      `${user.first_name}'s turn`,
    );
    if (isOver(caption())) break;
    const board = boardOf(fake, user.id, computer.gameId)!;
    const pick = plainChoices(board, computer.gameId)[0]!;
    await pressAndWait(computer, user, board, dataOf(pick), { staleIsFine: true, waitMs: 60_000 });
  }
}

beforeAll(async () => {
  if (!CAN) return;
  server = await startPgServer();
  url = await server.createDatabase("bot");
  client = new pg.Client({ connectionString: url });
  await client.connect();
  apiRoot = await fake.listen();
}, 60_000);

afterAll(async () => {
  await killLeftovers();
  await client?.end().catch(() => {});
  await fake.close();
  server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!CAN)("the real bot process on PostgreSQL", () => {
  it("refuses to start on a bad URL, a refused connection or another program's database: one line, exit 1, no password, nothing written", async () => {
    const port = await closedPort();
    await server.createDatabase("someone_elses");
    await server.query("someone_elses", "create table orders (id int primary key)");
    const cases: [string, RegExp][] = [
      ["mysql://bot:s3cret-pw@127.0.0.1/nardy", /must start with postgres:\/\//],
      [`postgres://bot:s3cret-pw@127.0.0.1:${port}/nardy`, /ECONNREFUSED/],
      [
        server.url("someone_elses").replace("postgres@", "postgres:s3cret-pw@"),
        /another program's tables \(orders\)/,
      ],
    ];
    for (const [databaseUrl, reason] of cases) {
      const b = startBot({ ...env(), DATABASE_URL: databaseUrl, LOG_LEVEL: "debug" });
      const { code } = await b.exited;
      const lines = b.log().trim().split("\n");
      expect(code, b.log()).toBe(1);
      expect(lines, b.log()).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Cannot open the database [a-z]+:\/\/bot@\S*: |^Cannot open the database postgres:\/\/postgres@\S*: /,
      );
      expect(lines[0]).toMatch(reason);
      expect(b.log()).not.toContain("s3cret-pw");
    }
    expect(fake.callsOf("getMe")).toEqual([]);
    expect(existsSync(sqliteFile)).toBe(false);
    const tables = await server.query(
      "someone_elses",
      "select tablename from pg_tables where schemaname = 'public'",
    );
    expect(tables.rows.map((r) => r.tablename)).toEqual(["orders"]);
  }, 60_000);

  it("plays games in two groups to their ends and one against the computer in private", async () => {
    const b = await startPolling({ BOT_MOVE_DELAY_MS: "0" });
    const [long, short] = await whileRunning(
      b,
      Promise.all([openGame(fake, -100_901, "/play"), openGame(fake, -100_902, "/play short")]),
    );
    // Carol plays the computer in her own chat with the bot.
    const computer = await whileRunning(b, computerGame(CAROL));
    const [longEnd, shortEnd] = await whileRunning(
      b,
      Promise.all([playToTheEnd(long, 1), playToTheEnd(short, 2), playComputer(computer, CAROL)]),
    );
    expect(longEnd.caption).toMatch(/(Alice|Bob) wins/);
    expect(shortEnd.caption).toMatch(/(Alice|Bob) wins/);
    for (const id of [long.gameId, short.gameId]) {
      const row = await one<{ status: string; version: number }>(
        "select status, version from games where id = $1",
        [id],
      );
      expect(row.status).toBe("finished");
    }
    // The computer played its turns, stored on the server like everyone's.
    expect(await eventsBy(computer.gameId, BOT_INFO.id)).toBeGreaterThan(0);
    // The server holds it all: no SQLite file was made.
    expect(existsSync(sqliteFile)).toBe(false);
    expect(fake.rules.flood.log.filter((c) => c.limited)).toEqual([]);
    expect(await stopBot(b, 10_000)).toBe(0);
    expect(errorLines(b.log())).toEqual([]);
  }, 300_000);

  it(`kill -9 while ${KILLED_GAMES} games are pressed: after the restart no press is lost or doubled, and every board is current`, async () => {
    let b = await startPolling();
    const chats = Array.from({ length: KILLED_GAMES }, (_, i) => -100_910 - i);
    const players = await whileRunning(
      b,
      Promise.all(chats.map((c, i) => openGame(fake, c, i % 2 ? "/play short" : "/play"))),
    );
    const before = new Map<number, number>();
    for (const p of players)
      for (const u of [ALICE.id, BOB.id])
        before.set(p.gameId * 10_000 + u, await eventsBy(p.gameId, u));
    /**
     * Each game's answered presses and their steps, by player. A press makes at least one
     * event of its player's and at most its steps (the service plays a forced last step
     * itself, as nobody's): fewer than the presses is one lost, more than the steps one doubled.
     */
    const pressesOf = new Map<number, number>();
    const applied = new Map<number, number>();
    let answered = 0;
    let killed: Promise<void> | null = null;
    const play = async (p: Player) => {
      for (let presses = 0; presses < PRESSES_EACH; presses++) {
        const board = boardOf(fake, p.chatId, p.gameId)!;
        const caption = plainText(board.caption ?? "");
        if (isOver(caption)) return;
        const mover = moverOf(caption);
        const pick = plainChoices(board, p.gameId)[0];
        if (!mover || !pick) return;
        // Pressed once: an answer after the restart comes from the update Telegram kept.
        await pressAndWait(p, mover, board, dataOf(pick));
        const key = p.gameId * 10_000 + mover.id;
        applied.set(key, (applied.get(key) ?? 0) + stepsOf(dataOf(pick)));
        pressesOf.set(key, (pressesOf.get(key) ?? 0) + 1);
        if (++answered === KILL_AFTER)
          killed = (async () => {
            b.child.kill("SIGKILL");
            expect((await b.exited).signal).toBe("SIGKILL");
            await new Promise((r) => setTimeout(r, 2_000));
            b = startBot(env());
          })();
      }
    };
    await Promise.all(players.map(play));
    expect(killed).not.toBeNull();
    await killed;
    // Every board shows its game as stored, and each player's events are their presses'.
    await expectPressesApplied(b, players, before, pressesOf, applied);
    expect(answered).toBe(KILLED_GAMES * PRESSES_EACH);
    expect(fake.rules.flood.log.filter((c) => c.limited)).toEqual([]);
    expect(await stopBot(b, 10_000)).toBe(0);
    expect(errorLines(b.log())).toEqual([]);
  }, 300_000);

  it("the database server restarted mid-game: presses meanwhile are answered 'try again', none is half-written, and the game goes on once it is back", async () => {
    const b = await startPolling();
    const p = await whileRunning(b, openGame(fake, -100_930, "/play"));
    const pressOnce = async () => {
      const board = boardOf(fake, p.chatId, p.gameId)!;
      const mover = moverOf(plainText(board.caption ?? ""))!;
      return { board, mover, data: dataOf(plainChoices(board, p.gameId)[0]!) };
    };
    const start = await pressOnce();
    await whileRunning(b, pressAndWait(p, start.mover, start.board, start.data));
    const version = await versionOf(p.gameId);
    await client.end();

    const restarted = server.restart(4_000);
    await new Promise((r) => setTimeout(r, 500));
    // While it is away: the press is answered, and asks to try again.
    const away = await pressOnce();
    const answer = await whileRunning(b, pressAndAnswer(p, away.mover, away.board, away.data));
    if (process.env.E2E_DEBUG)
      console.log(JSON.stringify(answer), b.log(), chatLog(fake, p.chatId, 0));
    expect(String(answer.payload.text)).toMatch(/try again/i);
    await restarted;
    client = new pg.Client({ connectionString: url });
    await client.connect();
    expect(await versionOf(p.gameId)).toBe(version);
    // Back: the same press goes through, once, and the game plays on.
    const back = await pressOnce();
    expect(back.data).toBe(away.data);
    const mine = await eventsBy(p.gameId, back.mover.id);
    await whileRunning(b, pressAndWait(p, back.mover, back.board, back.data));
    expect(await versionOf(p.gameId)).toBeGreaterThan(version);
    expect(await eventsBy(p.gameId, back.mover.id)).toBe(mine + stepsOf(back.data));
    const next = await pressOnce();
    await whileRunning(b, pressAndWait(p, next.mover, next.board, next.data));
    expect(b.child.exitCode).toBeNull();
    expect(await stopBot(b, 10_000)).toBe(0);
  }, 120_000);
  it(`two processes on one database, ${TAKEOVER_GAMES} games pressed: one takes the updates, the other stands by and takes over within 10 s of a kill -9, and of a stop; no press lost or doubled, those in the gap applied within 15 s`, async () => {
    await killLeftovers();
    /** Each process its heartbeat file and its port (the board page is served, so /healthz is). */
    let started = 0;
    const info = () => {
      const n = ++started;
      return {
        LOG_LEVEL: "info",
        HEALTH_FILE: path.join(dir, `health-${n}.json`),
        PORT: String(ports[n - 1]),
        WEBAPP_URL: "https://nardy.example.org/board",
        WEBAPP_SHORT_NAME: "board",
      };
    };
    const ports = await Promise.all([1, 2, 3].map(() => closedPort()));
    const healthOf = async (n: number) => {
      const get = async (route: string) => {
        const r = await fetch(`http://127.0.0.1:${ports[n - 1]}${route}`);
        return `${r.status} ${await r.text()}`;
      };
      return {
        check: healthcheck(path.join(dir, `health-${n}.json`)).out.trim(),
        healthz: await get("/healthz"),
        active: await get("/healthz/active"),
      };
    };
    let active = startBot(env(info()));
    await polling(active);
    let standby = startBot(env(info()));
    await standingBy(standby);
    expect(active.log()).toMatch(/active: taking updates/);
    // What a health check and a proxy see of each.
    await vi.waitFor(async () => expect((await healthOf(2)).healthz).toBe("200 ok: standby"), {
      timeout: 10_000,
      interval: 100,
    });
    expect(await healthOf(1)).toEqual({
      check: expect.stringMatching(/^healthy: polling, active/),
      healthz: "200 ok: active",
      active: "200 active",
    });
    expect(await healthOf(2)).toEqual({
      check: expect.stringMatching(/^healthy: standby/),
      healthz: "200 ok: standby",
      active: "503 not active",
    });

    const chats = Array.from({ length: TAKEOVER_GAMES }, (_, i) => -101_000 - i);
    // Alice and Bob challenge by turns: one person makes only 10 challenges in 10 minutes.
    const players = await whileRunning(
      active,
      Promise.all(
        chats.map((c, i) =>
          openGame(fake, c, i % 4 < 2 ? "/play" : "/play short", i % 2 ? BOB : ALICE),
        ),
      ),
    );
    const before = new Map<number, number>();
    for (const p of players)
      for (const u of [ALICE.id, BOB.id])
        before.set(p.gameId * 10_000 + u, await eventsBy(p.gameId, u));
    const pressesOf = new Map<number, number>();
    const applied = new Map<number, number>();
    /** Each game pressed once (the answer may come from whichever process is active then). */
    const round = () =>
      Promise.all(
        players.map(async (p) => {
          // Between a press's edit and the next buttons a board may show none for a moment.
          const board = await fake.waitFor(
            () => boardOf(fake, p.chatId, p.gameId),
            WAIT_MS,
            `game ${p.gameId}'s board with its buttons: ${chatLog(fake, p.chatId, 0)}`,
          );
          const caption = plainText(board.caption ?? "");
          const mover = moverOf(caption);
          const pick = plainChoices(board, p.gameId)[0];
          if (isOver(caption) || !mover || !pick) return;
          await pressAndWait(p, mover, board, dataOf(pick));
          const key = p.gameId * 10_000 + mover.id;
          applied.set(key, (applied.get(key) ?? 0) + stepsOf(dataOf(pick)));
          pressesOf.set(key, (pressesOf.get(key) ?? 0) + 1);
        }),
      );
    await whileRunning(active, round());
    expect(standby.log()).not.toMatch(/long polling/);

    // kill -9 of the active one: the presses made in the gap wait at Telegram for the standby.
    active.child.kill("SIGKILL");
    const killedAt = Date.now();
    const gap = round();
    await polling(standby);
    const takenAt = Date.now();
    expect(takenAt - killedAt).toBeLessThan(10_000);
    await vi.waitFor(async () => expect((await healthOf(2)).active).toBe("200 active"), {
      timeout: 10_000,
      interval: 100,
    });
    await whileRunning(standby, gap);
    // Each press of the gap was answered and its board moved on, soon after the takeover.
    expect(Date.now() - takenAt).toBeLessThan(15_000);
    [active, standby] = [standby, startBot(env(info()))];
    await standingBy(standby);
    await whileRunning(active, round());

    // A deploy: the new one stands by, the old one is stopped; the new one takes over.
    const stoppedAt = Date.now();
    const stopping = stopBot(active, 15_000);
    const during = round();
    expect(await stopping).toBe(0);
    await polling(standby);
    expect(Date.now() - stoppedAt).toBeLessThan(15_000);
    active = standby;
    await whileRunning(active, during);
    await whileRunning(active, round());

    await expectPressesApplied(active, players, before, pressesOf, applied);
    expect([...pressesOf.values()].reduce((a, n) => a + n, 0)).toBe(players.length * 5);
    expect(fake.rules.flood.log.filter((c) => c.limited)).toEqual([]);
    expect(await stopBot(active, 10_000)).toBe(0);
    expect(errorLines(active.log())).toEqual([]);
  }, 300_000);

  it("two processes share a burst of analyses and replays: each made once, by either, and sent once by the active one", async () => {
    const debug = { LOG_LEVEL: "debug" };
    const [active, standby] = await activeAndStandby(debug, debug);
    const chats = Array.from({ length: 6 }, (_, i) => -100_960 - i);
    const players = await whileRunning(
      active,
      Promise.all(chats.map((c, i) => openGame(fake, c, i % 2 ? "/play short" : "/play"))),
    );
    // A few turns each, then Alice resigns in half the games and Bob in the other half (one
    // person's /resign is answered only a few times a minute).
    await whileRunning(
      active,
      Promise.all(
        players.map(async (p, g) => {
          const resigner = g % 2 ? BOB : ALICE;
          for (let i = 0; i < 40; i++) {
            const board = boardOf(fake, p.chatId, p.gameId)!;
            const mover = moverOf(plainText(board.caption ?? ""));
            const pick = plainChoices(board, p.gameId)[0];
            if (!mover || !pick || (i >= 6 && mover.id === resigner.id)) break;
            await pressAndWait(p, mover, board, dataOf(pick));
          }
          const board = boardOf(fake, p.chatId, p.gameId)!;
          const mover = moverOf(plainText(board.caption ?? ""));
          if (mover) await resign(p, mover);
        }),
      ),
    );
    const since = fake.calls.length;
    // 📊 and 🎞 on every finished board, Alice and Bob taking turns (3 of each kind apiece).
    for (const [i, p] of players.entries()) {
      const board = await fake.waitFor(
        () =>
          fake
            .chatMessages(p.chatId)
            .find((m) => buttonsOf(m).some((b) => dataOf(b) === `v:${p.gameId}:a`)),
        WAIT_MS,
        `game ${p.gameId}'s review buttons`,
      );
      const by = i % 2 ? BOB : ALICE;
      for (const item of ["a", "p"])
        expect(
          (await pressAndAnswer(p, by, board, `v:${p.gameId}:${item}`)).payload.show_alert,
        ).toBeFalsy();
    }
    const sentTo = (chatId: number, method: string) =>
      fake.calls
        .slice(since)
        .filter(
          (c) =>
            c.method === method && Number(c.payload.chat_id) === chatId && c.answer?.ok === true,
        );
    await whileRunning(
      active,
      fake.waitFor(
        () =>
          players.every(
            (p) =>
              sentTo(p.chatId, "sendAnimation").length > 0 &&
              sentTo(p.chatId, "sendPhoto").length + sentTo(p.chatId, "sendMessage").length > 0,
          ) || undefined,
        120_000,
        "every analysis and replay",
      ),
    );
    await new Promise((r) => setTimeout(r, 1_500));
    const madeBy = (b: BotProcess) =>
      b
        .log()
        .split("\n")
        .filter((l) => l.includes('"review job made"'))
        .map((l) => JSON.parse(l) as { job: string; gameId: number });
    const made = [...madeBy(active), ...madeBy(standby)].map((m) => `${m.job} ${m.gameId}`);
    expect(made.sort()).toEqual(
      players.flatMap((p) => [`analysis ${p.gameId}`, `replay ${p.gameId}`]).sort(),
    );
    // The standby made its share; only the active one sent anything.
    expect(madeBy(standby).length).toBeGreaterThan(0);
    for (const p of players) {
      expect(sentTo(p.chatId, "sendAnimation")).toHaveLength(1);
      const analyses = [
        ...sentTo(p.chatId, "sendPhoto"),
        ...sentTo(p.chatId, "sendMessage"),
      ].filter((c) => /Analysis/.test(String(c.payload.caption ?? c.payload.text ?? "")));
      expect(analyses).toHaveLength(1);
    }
    expect(await client.query("select id from tg_review_jobs")).toMatchObject({ rowCount: 0 });
    expect(fake.rules.flood.log.filter((c) => c.limited)).toEqual([]);
    expect(await stopBot(standby, 10_000)).toBe(0);
    expect(await stopBot(active, 10_000)).toBe(0);
    expect(errorLines(active.log())).toEqual([]);
    expect(errorLines(standby.log())).toEqual([]);
  }, 300_000);

  it("a board page through a routing proxy across a kill -9 of the active process: its stream reconnects to the standby taking over and catches up on the moves made meanwhile", async () => {
    const ports = await Promise.all([1, 2].map(() => closedPort()));
    const [first, second] = await activeAndStandby(servingPage(ports[0]!), servingPage(ports[1]!));
    const proxy = await routingProxy(ports);
    try {
      expect(proxy.active()).toBe(ports[0]);
      const p = await whileRunning(first, openGame(fake, -101_100, "/play"));
      const viewer = new PageApi(`http://127.0.0.1:${proxy.port}/board`, launchData(TOKEN, ALICE));
      const boot = await viewer.boot(p.gameId);
      const seen: number[] = [];
      const online: boolean[] = [];
      const stop = viewer.follow(p.gameId, boot.game.version, {
        game: (g) => seen.push(g.version),
        next: () => {},
        online: (on) => online.push(on),
        ended: () => {},
      });
      /** One press in the chat, and the version the page is told of after it. */
      const pressAndSee = async (bot: BotProcess) => {
        const board = boardOf(fake, p.chatId, p.gameId)!;
        const mover = moverOf(plainText(board.caption ?? ""))!;
        await whileRunning(
          bot,
          pressAndWait(p, mover, board, dataOf(plainChoices(board, p.gameId)[0]!)),
        );
        const version = await versionOf(p.gameId);
        await fake.waitFor(
          () => seen.includes(version) || undefined,
          WAIT_MS,
          `version ${version} on the page`,
        );
        return version;
      };
      try {
        await fake.waitFor(() => online.includes(true) || undefined, 10_000, "the page online");
        await pressAndSee(first);
        first.child.kill("SIGKILL");
        const killedAt = Date.now();
        // Pressed in the gap: the standby applies it once it takes over; the page hears it.
        const version = await pressAndSee(second);
        expect(Date.now() - killedAt).toBeLessThan(25_000);
        expect(proxy.active()).toBe(ports[1]);
        expect(online.slice(-2)).toEqual([false, true]);
        await pressAndSee(second);
        // What the page boots with now, through the proxy, is the new process's game.
        expect((await viewer.boot(p.gameId)).game.version).toBeGreaterThan(version);
      } finally {
        stop();
      }
    } finally {
      await proxy.close();
    }
    expect(await stopBot(second, 10_000)).toBe(0);
    expect(errorLines(second.log())).toEqual([]);
  }, 180_000);

  it("whole games beside a standby: one in a group played on the board page through the proxy, its board following in the group, and one against the computer in private", async () => {
    const ports = await Promise.all([1, 2].map(() => closedPort()));
    const quick = { BOT_MOVE_DELAY_MS: "0" };
    const [active, standby] = await activeAndStandby(
      { ...servingPage(ports[0]!), ...quick },
      { ...servingPage(ports[1]!), ...quick },
    );
    const proxy = await routingProxy(ports);
    try {
      const onPage = await whileRunning(active, openGame(fake, -101_201, "/play"));
      const dave: User = { id: 1_044, is_bot: false, first_name: "Dave", language_code: "en" };
      const computer = await whileRunning(active, computerGame(dave));
      // Both players of the page's game move on the page, each by the play a simple player
      // would choose, until the game is over.
      const base = `http://127.0.0.1:${proxy.port}/board`;
      const alice = new PageApi(base, launchData(TOKEN, ALICE));
      const bob = new PageApi(base, launchData(TOKEN, BOB));
      const aliceIs = (await alice.boot(onPage.gameId)).role;
      const playOnPage = async () => {
        let g = (await alice.boot(onPage.gameId)).game;
        for (let n = 0; g.status === "active" && n < 3_000; n++) {
          const move = chooseAction(g.state, { player: "pipcount" });
          if (!move) throw new Error(`no action in phase ${g.state.phase}`);
          const api = move.by === aliceIs ? alice : bob;
          // Quick as a player's taps, within the page's 10 requests a second for each.
          await new Promise((r) => setTimeout(r, 110));
          g = (await api.act(onPage.gameId, g.version, move.actions[0])).game;
        }
        return g;
      };
      const [pageEnd] = await whileRunning(
        active,
        Promise.all([playOnPage(), playComputer(computer, dave)]),
      );
      expect(pageEnd.status).toBe("finished");
      // The game played on the page ended on its board in the group too.
      const board = await whileRunning(
        active,
        fake.waitFor(
          () => {
            const b = boardOf(fake, onPage.chatId, onPage.gameId);
            return b && isOver(plainText(b.caption ?? "")) ? b : undefined;
          },
          WAIT_MS,
          "the page's game over on its board",
        ),
      );
      expect(plainText(board.caption ?? "")).toMatch(/(Alice|Bob) wins/);
      expect(await eventsBy(computer.gameId, BOT_INFO.id)).toBeGreaterThan(0);
      // The standby took no update and sent nothing all along.
      expect(standby.log()).not.toMatch(/long polling|active: taking updates/);
      expect(fake.rules.flood.log.filter((c) => c.limited)).toEqual([]);
    } finally {
      await proxy.close();
    }
    expect(await stopBot(standby, 10_000)).toBe(0);
    expect(await stopBot(active, 10_000)).toBe(0);
    expect(errorLines(active.log())).toEqual([]);
    expect(errorLines(standby.log())).toEqual([]);
  }, 300_000);
});
