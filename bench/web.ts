/**
 * The board page: what it costs to load, how fast it draws and answers a tap (in Chromium, when
 * /usr/bin/chromium is there), and how fast a change reaches 50 open pages, all on the local
 * server. The service runs on an in-memory database with its games started as the bot would.
 */

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import type { Page } from "playwright-core";
import { startHttpServer } from "../src/bot/server.js";
import { openDatabase } from "../src/db/index.js";
import { remainingPlays } from "../src/engine/index.js";
import {
  Dispatcher,
  GameReviews,
  GameService,
  type GameView,
  type PlayerRef,
} from "../src/services/index.js";
import { pageAssets } from "../src/web/assets.js";
import { spotName } from "../src/web/page/board.js";
import { LocalTurn } from "../src/web/page/turn.js";
import type { Translate } from "../src/web/ports.js";
import { WebBoard } from "../src/web/web-board.js";
import { pageFiles } from "../tools/page-bundle.mjs";
import { median, percentile, round } from "./stats.js";
import { HAVE_CHROMIUM, launchChromium, launchUrl } from "./testkit/browser.js";
import { EventStream } from "./testkit/event-stream.js";
import { silentLogger } from "./testkit/index.js";
import { launchData } from "./testkit/init-data.js";
import { memoryFrontEnd } from "./testkit/memory-front-end.js";

const TOKEN = "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij";
const CHAT = { id: -100_300, type: "supergroup", title: "Bench club" };
const ALICE: PlayerRef = { id: 11, firstName: "Alice", languageCode: "en" };
const BOB: PlayerRef = { id: 22, firstName: "Bob", languageCode: "en" };
const PAGES = 50;

interface Site {
  readonly service: GameService;
  readonly url: string;
  readonly sizes: { readonly raw: number; readonly gzip: number; readonly br: number };
  close(): Promise<void>;
}

/** The page's texts as their keys: the bench measures the server, not the words. */
const keysAsTexts: Translate = (key, ..._vars) => key;

/** The page served as the bot serves it; every change of a game pushed to its pages. */
async function site(): Promise<Site> {
  const database = openDatabase(":memory:");
  const dispatcher = new Dispatcher(silentLogger);
  const service = new GameService(database.db, memoryFrontEnd(), {}, dispatcher.publish);
  let message = 0;
  // The bot starts a new game in its first message; here it starts at once.
  dispatcher.on("game", "start", async ({ game: g }) => {
    if (g.starting)
      await service.beginGame(g.id, {
        kind: "chat",
        chatId: CHAT.id,
        messageId: ++message,
        date: 1,
      });
  });
  const files = await pageFiles();
  const assets = pageAssets(files, "/board");
  const web = new WebBoard({
    service,
    reviews: new GameReviews(database.db, memoryFrontEnd()),
    ports: {
      localeOf: async () => "en",
      textsFor: () => keysAsTexts,
      isMember: async () => true,
      playing: () => {},
      startLimit: () => 0,
    },
    logger: silentLogger,
    botToken: TOKEN,
    base: "/board",
    assets,
    limits: { streamsPerUser: 1, burst: 1_000, perSecond: 1_000 },
  });
  dispatcher.on("game", "web board", ({ game }) => web.changed(game));
  const server: Server = await startHttpServer(
    { port: 0, healthy: () => true, routes: web.handle },
    silentLogger,
  );
  const sum = (k: "raw" | "gzip" | "br") =>
    [...assets.values()].reduce((n, a) => n + a[k].length, 0);
  return {
    service,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/board`,
    sizes: { raw: sum("raw"), gzip: sum("gzip"), br: sum("br") },
    close: () =>
      new Promise((resolve) => {
        web.close();
        server.close(() => resolve());
        server.closeAllConnections();
        database.close();
      }),
  };
}

async function newGame(service: GameService, variant: "short" | "long"): Promise<GameView> {
  const c = await service.createChallenge({ challenger: ALICE, chat: CHAT, variant });
  if (!c.ok) throw new Error(c.error.message);
  const started = await service.acceptChallenge(c.value.id, BOB);
  if (!started.ok) throw new Error(started.error.message);
  return (await service.getGame(started.value.game.id))!;
}

/**
 * The player to act plays the first of the plays left (rolling first when the cube asks).
 * Returns when the play was asked for (performance.now()), or null when the game is over.
 */
async function playTurn(service: GameService, gameId: number): Promise<number | null> {
  let g = (await service.getGame(gameId))!;
  if (g.status !== "active") return null;
  if (g.state.phase === "roll") {
    const r = await service.act(gameId, g.waitingFor!, { type: "roll" }, g.version);
    if (!r.ok) throw new Error(r.error.message);
    g = r.value.game;
  }
  const asked = performance.now();
  if (g.state.phase !== "move") return asked;
  const steps = remainingPlays(g.state)[0]!.steps.map(({ from, to, die }) => ({ from, to, die }));
  const r = await service.act(gameId, g.waitingFor!, { type: "play", steps }, g.version);
  if (!r.ok) throw new Error(r.error.message);
  return asked;
}

/** How long a change takes to reach each of 50 pages open on its game. */
async function pushLatency(s: Site, changes: number): Promise<Record<string, number>> {
  const game = await newGame(s.service, "long");
  const streams: EventStream[] = [];
  for (let i = 0; i < PAGES; i++) {
    const user = { id: 1_000 + i, is_bot: false, first_name: `Viewer ${i}` };
    const res = await fetch(`${s.url}/api/game/${game.id}/events`, {
      headers: {
        authorization: `tma ${launchData(TOKEN, user)}`,
        "last-event-id": String(game.version),
      },
    });
    streams.push(new EventStream(res, new AbortController()));
  }
  const samples: number[] = [];
  for (let i = 0; i < changes; i++) {
    // The push happens inside act(); each page's reader takes it from its socket.
    const sent = await playTurn(s.service, game.id);
    if (sent === null) break;
    const version = (await s.service.getGame(game.id))!.version;
    for (const stream of streams) {
      const e = await stream.next((x) => x.id === version, 5_000);
      samples.push(e.at - sent);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  for (const stream of streams) stream.close();
  return {
    "push to 50 pages p50 ms": round(median(samples)),
    "push to 50 pages p99 ms": round(percentile(samples, 99)),
    "push to 50 pages max ms": round(Math.max(...samples)),
  };
}

/** In Chromium: opening to a drawn board, and a tap to its move drawn. */
async function inBrowser(s: Site, opens: number, turns: number): Promise<Record<string, number>> {
  const chrome = await launchChromium();
  try {
    const game = await newGame(s.service, "short");
    const drawn: number[] = [];
    const open = async (user: PlayerRef): Promise<Page> => {
      const page = await chrome.ctx.newPage();
      const tg = { id: user.id, is_bot: false, first_name: user.firstName };
      await page.goto(launchUrl(s.url, game.id, launchData(TOKEN, tg)));
      await page.waitForFunction(
        () => performance.getEntriesByName("nardy:drawn").length > 0,
        null,
        {
          polling: 10,
        },
      );
      drawn.push(
        await page.evaluate(() => performance.getEntriesByName("nardy:drawn")[0]!.startTime),
      );
      return page;
    };
    for (let i = 0; i < opens; i++) await (await open(ALICE)).close();
    const taps: number[] = [];
    for (let t = 0; t < turns; t++) {
      const g = (await s.service.getGame(game.id))!;
      if (g.status !== "active") break;
      if (g.state.phase === "roll") {
        await playTurn(s.service, game.id);
        continue;
      }
      const page = await open(g.waitingFor === ALICE.id ? ALICE : BOB);
      const turn = new LocalTurn(g.state);
      while (!turn.complete()) {
        const [from] = [...turn.origins()];
        const [to] = [...turn.destinations(from!).keys()];
        await page.locator(`#board [data-spot="${spotName(from!)}"]`).click();
        await page.locator(`#board [data-spot="${spotName(to!)}"]`).click();
        turn.take(from!, to!);
      }
      await page.waitForFunction(
        (n) => performance.getEntriesByName("nardy:tap").length >= n,
        turn.steps.length,
        { polling: 10 },
      );
      taps.push(
        ...(await page.evaluate(() =>
          performance.getEntriesByName("nardy:tap").map((e) => e.duration),
        )),
      );
      await page.locator('#controls button[data-act="confirm"]').click();
      await page.waitForFunction((v) => Number(document.body.dataset.version) > v, g.version, {
        polling: 10,
      });
      await page.close();
    }
    return {
      "open to drawn board, first ms": round(drawn[0]!),
      "open to drawn board p50 ms": round(median(drawn)),
      "tap to drawn move p50 ms": round(median(taps)),
      "tap to drawn move max ms": round(Math.max(...taps)),
    };
  } finally {
    await chrome.close();
  }
}

export async function benchWeb({
  smoke,
}: {
  smoke: boolean;
}): Promise<Record<string, number | string>> {
  const s = await site();
  try {
    const out: Record<string, number | string> = {
      "page transferred, brotli KB": round(s.sizes.br / 1024, 1),
      "page transferred, gzip KB": round(s.sizes.gzip / 1024, 1),
      "page uncompressed KB": round(s.sizes.raw / 1024, 1),
      ...(await pushLatency(s, smoke ? 3 : 40)),
    };
    if (HAVE_CHROMIUM) Object.assign(out, await inBrowser(s, smoke ? 2 : 10, smoke ? 2 : 12));
    else out.chromium = "absent: no browser figures";
    return out;
  } finally {
    await s.close();
  }
}
