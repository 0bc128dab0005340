/**
 * The board page's home in a real browser (Chromium from the distribution, driven by
 * playwright-core), opened as the bot's menu button opens it, with no game named: a seek by
 * taps that opens its board when someone joins, a one-tap join, Cancel; on the phones it is
 * made for nothing wider than the screen and every button a thumb's size; its look in both
 * themes and three languages against stored screenshots. In the slow suite.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { User } from "grammy/types";
import type { Page, Request } from "playwright-core";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect } from "vitest";
import {
  HAVE_CHROMIUM,
  launchChromium,
  NO_CHROMIUM,
  openAs,
  THEMES,
  type ThemeName,
} from "../../bench/testkit/browser.js";
import { launchData } from "../../bench/testkit/init-data.js";
import type { PageFiles } from "../../src/web/assets.js";
import { pageFiles } from "../../tools/page-bundle.mjs";
import type { MakeHarness } from "../bot/fixtures.js";
import { type Harness, USERS } from "../bot/harness.js";
import { it, type MakeWebHarness } from "./fixtures.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SHOTS = path.join(ROOT, "test/fixtures/web");
const WEB = { WEBAPP_URL: "https://nardy.example.org/board", WEBAPP_SHORT_NAME: "board" };

if (!HAVE_CHROMIUM) console.warn(`home page browser tests skipped: ${NO_CHROMIUM}`);

let browser: Awaited<ReturnType<typeof launchChromium>> | null = null;
let files: PageFiles;

beforeAll(async () => {
  files = await pageFiles();
  if (HAVE_CHROMIUM) browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  for (const p of browser?.ctx.pages() ?? []) await p.close();
});

/** The bot with the board page served from the sources, as the build bundles them. */
async function setUp(make: MakeHarness, web: MakeWebHarness) {
  const h = await make({ env: WEB });
  const w = await web(h, { files });
  return { h, w, token: h.parts.deps.config.token };
}

/** The page as the menu button opens it: no game named, the launch data in the fragment. */
async function openHome(
  h: Harness,
  url: string,
  token: string,
  user: User,
  theme: ThemeName = "light",
): Promise<Page> {
  // Whoever opens the page from the bot's menu button has its private chat.
  h.tg.rules.userStarted(user.id);
  const page = await browser!.ctx.newPage();
  const fragment = new URLSearchParams({
    tgWebAppData: launchData(token, user),
    tgWebAppVersion: "8.0",
    tgWebAppPlatform: "android",
    tgWebAppThemeParams: JSON.stringify(THEMES[theme]),
  });
  await page.goto(`${url}#${fragment}`);
  await page.waitForFunction(() => document.body.dataset.phase === "home");
  return page;
}

const tap = (page: Page, act: string) => page.locator(`#home button[data-act="${act}"]`).click();

/** Waits for the page to show a game's board (a seek met its game). */
async function showsBoard(page: Page, timeout = 10_000): Promise<number> {
  await page.waitForFunction(
    () => document.body.dataset.view === "game" && document.body.dataset.version !== undefined,
    undefined,
    { timeout, polling: 50 },
  );
  return Number(new URL(page.url()).searchParams.get("g"));
}

/** A rated long game Olga and Taras played to a resignation: the leaderboards have rows. */
async function ratedGame(h: Harness): Promise<void> {
  for (const u of [USERS.olga, USERS.taras]) h.tg.rules.userStarted(u.id);
  const a = await h.app.lobby.seek({
    seeker: { id: USERS.taras.id, firstName: "Тарас" },
    variant: "long",
    matchLength: 1,
    clock: "casual",
  });
  expect(a.ok).toBe(true);
  const seekId = a.ok ? a.value.seek.id : 0;
  const joined = await h.app.lobby.join({ id: USERS.olga.id, firstName: "Ольга" }, seekId);
  if (!joined.ok) throw new Error(joined.error.message);
  await h.settle();
  const gameId = joined.value.game.game.id;
  const g = (await h.service.getGame(gameId))!;
  const resigner = g.waitingFor!;
  const winner = resigner === USERS.olga.id ? USERS.taras.id : USERS.olga.id;
  expect((await h.service.act(gameId, resigner, { type: "resign" }, g.version)).ok).toBe(true);
  // Long nardy ends at a resignation; short nardy's offer waits for the other's answer.
  const after = (await h.service.getGame(gameId))!;
  if (after.status === "active")
    expect((await h.service.act(gameId, winner, { type: "accept-resign" }, after.version)).ok).toBe(
      true,
    );
  expect((await h.service.getGame(gameId))!.status).toBe("finished");
  await h.settle();
}

/** Two searches of strangers waiting, one with a long name (each has the bot's chat open). */
async function twoSearches(h: Harness): Promise<void> {
  for (const id of [501, 502, 601]) h.tg.rules.userStarted(id);
  for (const [seeker, terms] of [
    [
      { id: 501, firstName: "Bartholomew-Maximilian Alexander" },
      { variant: "short", matchLength: 5, clock: "blitz" },
    ],
    [
      { id: 502, firstName: "Dana" },
      { variant: "long", matchLength: 1, clock: "normal" },
    ],
  ] as const)
    expect((await h.app.lobby.seek({ seeker, ...terms })).ok).toBe(true);
}

/** What a thumb and an eye meet on the home, in CSS px as drawn. */
const measure = (page: Page) =>
  page.evaluate(() => {
    const shown = (e: Element) => {
      const b = e.getBoundingClientRect();
      return b.width > 0 && b.height > 0;
    };
    const all = [...document.querySelectorAll("#home *")].filter(shown);
    return {
      width: innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      widest: Math.max(...all.map((e) => e.getBoundingClientRect().right)),
      leftmost: Math.min(...all.map((e) => e.getBoundingClientRect().left)),
      buttons: [...document.querySelectorAll("#home button")].filter(shown).map((e) => ({
        name: (e as HTMLElement).dataset.act ?? "",
        h: e.getBoundingClientRect().height,
        w: e.getBoundingClientRect().width,
      })),
      smallestFont: Math.min(
        ...all
          .filter((e) =>
            [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()),
          )
          .map((e) => Number.parseFloat(getComputedStyle(e).fontSize)),
      ),
    };
  });

describe.skipIf(!HAVE_CHROMIUM)("the board page's home in Chromium", () => {
  it("a seek by taps waits, and opens its board when a stranger joins; a one-tap join opens at once", async ({
    harness,
    web,
  }) => {
    const { h, w, token } = await setUp(harness, web);
    const alice = await openHome(h, w.url, token, USERS.alice);
    expect(await alice.locator("#home h1").textContent()).toBe("🎲 Play anyone");
    // One game, normal, by default; three points and blitz chosen by taps.
    expect(await alice.locator('[data-act="length-1"]').getAttribute("aria-pressed")).toBe("true");
    expect(await alice.locator('[data-act="clock-normal"]').getAttribute("aria-pressed")).toBe(
      "true",
    );
    await tap(alice, "length-3");
    await tap(alice, "clock-blitz");
    expect(await alice.locator('[data-act="length-3"]').getAttribute("aria-pressed")).toBe("true");
    await tap(alice, "seek-long");
    await alice.waitForFunction(() => document.body.dataset.waiting === "yes");
    expect(await alice.locator("#home .waiting").textContent()).toBe(
      "🔎 You are looking for an opponent: Long nardy · 3 points · ⏱ blitz. You are paired as soon as someone fits; the search lapses in 10 minutes.",
    );
    const mine = (await h.app.lobby.waitingOf(USERS.alice.id))!;
    expect(mine).toMatchObject({ variant: "long", matchLength: 3, clock: "blitz" });
    // Bob, on his own page, sees Alice's search (first name and rating) and joins it.
    const bob = await openHome(h, w.url, token, USERS.bob);
    const row = bob.locator(`#home li[data-seek="${mine.id}"]`);
    expect(await row.locator(".what").textContent()).toBe("Long nardy · 3 points · ⏱ blitz");
    expect(await row.locator(".who").textContent()).toBe("Alice · rating 1500");
    await row.locator("button").click();
    const bobsGame = await showsBoard(bob);
    // Alice's page hears of it at its next refresh and opens the same game.
    await alice.bringToFront();
    expect(await showsBoard(alice)).toBe(bobsGame);
    const game = (await h.service.getGame(bobsGame))!;
    expect(game).toMatchObject({ rated: true, chatId: null });
    expect(new Set([game.white.id, game.black.id])).toEqual(
      new Set([USERS.alice.id, USERS.bob.id]),
    );
    // Each page drew its own 16 bytes for the dice's second part, the seeker's first.
    const [, first, second] = /^lobby:w([0-9a-f]{32}):w([0-9a-f]{32})$/.exec(game.diceSalt ?? "")!;
    expect(first).not.toBe(second);
    await h.settle();
    expect(h.tg.problems()).toEqual([]);
  });

  it("a lobby match on the page: each next game opens by itself; at its end, Home and Find another", async ({
    harness,
    web,
  }) => {
    let t = Date.now();
    const h = await harness({ env: WEB, now: () => t });
    const w = await web(h, { files });
    const token = h.parts.deps.config.token;
    for (const u of [USERS.alice, USERS.bob]) h.tg.rules.userStarted(u.id);
    const terms = { variant: "short", matchLength: 3, clock: "normal" } as const;
    const sought = await h.app.lobby.seek({
      seeker: { id: USERS.alice.id, firstName: "Alice" },
      ...terms,
    });
    if (!sought.ok) throw new Error(sought.error.message);
    const joined = await h.app.lobby.join(
      { id: USERS.bob.id, firstName: "Bob" },
      sought.value.seek.id,
    );
    if (!joined.ok) throw new Error(joined.error.message);
    await h.settle();
    let gameId = joined.value.game.game.id;
    const pages = new Map<number, Page>();
    for (const u of [USERS.alice, USERS.bob])
      pages.set(u.id, await openAs(browser!.ctx, w.url, token, u, gameId));
    for (let games = 1; ; games++) {
      expect(games).toBeLessThanOrEqual(5);
      // The side to act resigns a single game: one point.
      const g = (await h.service.getGame(gameId))!;
      const by = g.waitingFor!;
      const other = by === g.white.id ? g.black.id : g.white.id;
      const offer = await h.service.act(gameId, by, { type: "resign", kind: "single" }, g.version);
      if (!offer.ok) throw new Error(offer.error.message);
      const taken = await h.service.act(
        gameId,
        other,
        { type: "accept-resign" },
        offer.value.game.version,
      );
      expect(taken.ok).toBe(true);
      await h.settle();
      const over = (await h.service.getGame(gameId))!;
      if (over.final!.over) break;
      for (const p of pages.values())
        await expect
          .poll(() => p.locator("#status").textContent())
          .toMatch(/· the next game starts by itself in 5 s$/);
      // Five seconds on, the lobby starts it, and each page opens it by itself.
      t += 5_000;
      await h.app.lobby.tick();
      await h.settle();
      const next = (await h.service.activeGamesAnywhere(USERS.alice.id)).find(
        (n) => n.previousGameId === gameId,
      )!;
      expect(next).toBeDefined();
      for (const p of pages.values()) {
        await p.waitForFunction(
          (id) => new URL(location.href).searchParams.get("g") === String(id),
          next.id,
          { polling: 50 },
        );
        await p.waitForFunction(() => document.body.dataset.version !== undefined);
      }
      gameId = next.id;
    }
    // The match over: no next game, but a way home and a search for another like it.
    const acts = (p: Page) =>
      p
        .locator("#controls button")
        .evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.act));
    for (const p of pages.values())
      await expect.poll(() => acts(p)).toEqual(["find-another", "home"]);
    const bob = pages.get(USERS.bob.id)!;
    await bob.bringToFront();
    await bob.locator('#controls button[data-act="home"]').click();
    await bob.waitForFunction(() => document.body.dataset.phase === "home");
    expect(await bob.locator("#home h1").textContent()).toBe("🎲 Play anyone");
    expect(new URL(bob.url()).searchParams.get("g")).toBeNull();
    const alice = pages.get(USERS.alice.id)!;
    await alice.bringToFront();
    await alice.locator('#controls button[data-act="find-another"]').click();
    await alice.waitForFunction(() => document.body.dataset.waiting === "yes");
    expect(await h.app.lobby.waitingOf(USERS.alice.id)).toMatchObject(terms);
    expect(h.tg.problems()).toEqual([]);
  });

  it("Cancel ends the search; a search taken meanwhile is said to be gone, the list as it is now", async ({
    harness,
    web,
  }) => {
    const { h, w, token } = await setUp(harness, web);
    await twoSearches(h);
    const carol = await openHome(h, w.url, token, USERS.carol);
    expect(await carol.evaluate(() => document.body.dataset.seeks)).toBe("2");
    await tap(carol, "seek-short");
    await carol.waitForFunction(() => document.body.dataset.waiting === "yes");
    await tap(carol, "cancel");
    await carol.waitForFunction(() => document.body.dataset.waiting === "no");
    expect(await h.app.lobby.waitingOf(USERS.carol.id)).toBeNull();
    // Dana's search is taken by someone else before Carol's tap reaches the server.
    const dana = (await h.app.lobby.openSeeks(USERS.carol.id)).find((s) => s.firstName === "Dana")!;
    expect((await h.app.lobby.join({ id: 601, firstName: "Eve" }, dana.id)).ok).toBe(true);
    await carol.locator(`#home li[data-seek="${dana.id}"] button`).click();
    await expect
      .poll(() => carol.locator("#home .notice").textContent())
      .toMatch(/^That search has just ended/);
    expect(await carol.locator(`#home li[data-seek="${dana.id}"]`).count()).toBe(0);
    expect(await carol.evaluate(() => document.body.dataset.view)).toBe("home");
    await h.settle();
    expect(h.tg.problems()).toEqual([]);
  });

  it("asks for the searches every few seconds while seen, never two at once, and pauses after ten minutes without a tap until Refresh", async ({
    harness,
    web,
  }) => {
    const { h, w, token } = await setUp(harness, web);
    const asked: number[] = [];
    let open = 0;
    let most = 0;
    const isState = (r: { url(): string }) => r.url().endsWith("/api/home/state");
    const ctx = browser!.ctx;
    const started = (r: Request) => {
      if (!isState(r)) return;
      asked.push(Date.now());
      most = Math.max(most, ++open);
    };
    ctx.on("request", started);
    const ended = (r: Request) => {
      if (isState(r)) open--;
    };
    ctx.on("requestfinished", ended);
    ctx.on("requestfailed", ended);
    // The page's timers on a clock the test moves.
    h.tg.rules.userStarted(USERS.alice.id);
    const home = await ctx.newPage();
    await home.clock.install();
    const fragment = new URLSearchParams({
      tgWebAppData: launchData(token, USERS.alice),
      tgWebAppThemeParams: JSON.stringify(THEMES.light),
    });
    await home.goto(`${w.url}#${fragment}`);
    await home.waitForFunction(() => document.body.dataset.phase === "home");
    // A minute: a request every 3 s.
    for (let i = 0; i < 20; i++) {
      await home.clock.runFor(3_000);
      await home.waitForTimeout(20);
    }
    expect(asked.length).toBeGreaterThanOrEqual(15);
    expect(asked.length).toBeLessThanOrEqual(21);
    expect(most).toBe(1);
    // Ten minutes with no tap: the refreshing stops and says so.
    await home.clock.runFor(10 * 60_000);
    await home.waitForFunction(() => !document.querySelector<HTMLElement>("#home .paused")!.hidden);
    const stopped = asked.length;
    await home.clock.runFor(60_000);
    await home.waitForTimeout(100);
    expect(asked.length).toBe(stopped);
    // A search meanwhile shows once Refresh is tapped.
    await twoSearches(h);
    await tap(home, "refresh");
    await home.waitForFunction(() => document.body.dataset.seeks === "2");
    expect(await home.locator("#home .paused").isHidden()).toBe(true);
    ctx.off("request", started);
    ctx.off("requestfinished", ended);
    ctx.off("requestfailed", ended);
    expect(h.tg.problems()).toEqual([]);
  });

  it("on a phone (390×844, 320×568): nothing wider than the screen, every button a thumb's size; looks as stored in both themes and three languages", async ({
    harness,
    web,
  }) => {
    const { h, w, token } = await setUp(harness, web);
    await ratedGame(h);
    await twoSearches(h);
    const people: [string, User][] = [
      ["en", USERS.alice],
      ["ru", USERS.olga],
      ["uk", USERS.taras],
    ];
    const failures: string[] = [];
    for (const [lang, user] of people)
      for (const theme of Object.keys(THEMES) as ThemeName[]) {
        const page = await openHome(h, w.url, token, user, theme);
        const sizes = lang === "en" && theme === "light" ? SCREENS : SCREENS.slice(0, 1);
        for (const [width, height] of sizes) {
          await page.setViewportSize({ width, height });
          const m = await measure(page);
          const at = `${lang} ${theme} ${width}x${height}`;
          expect(m.scrollWidth, at).toBeLessThanOrEqual(width);
          expect(m.widest, at).toBeLessThanOrEqual(width + 0.5);
          expect(m.leftmost, at).toBeGreaterThanOrEqual(-0.5);
          expect(m.smallestFont, at).toBeGreaterThanOrEqual(13);
          for (const b of m.buttons) {
            expect(b.h, `${at} ${b.name} height`).toBeGreaterThanOrEqual(40);
            expect(b.w, `${at} ${b.name} width`).toBeGreaterThanOrEqual(40);
          }
          const shot = await page.screenshot({ animations: "disabled", fullPage: true });
          const size = width === 390 && height === 844 ? "" : `-${width}x${height}`;
          const problem = await compareShot(`home-${theme}-${lang}${size}.png`, shot);
          if (problem) failures.push(problem);
        }
        await page.close();
      }
    // Waiting, with the leaderboard of this month: the search's card in place of the chooser.
    const page = await openHome(h, w.url, token, USERS.alice);
    await tap(page, "seek-short");
    await page.waitForFunction(() => document.body.dataset.waiting === "yes");
    await tap(page, "period-month");
    for (const [width, height] of SCREENS) {
      await page.setViewportSize({ width, height });
      const m = await measure(page);
      expect(m.scrollWidth).toBeLessThanOrEqual(width);
      expect(m.widest).toBeLessThanOrEqual(width + 0.5);
      for (const b of m.buttons) expect(b.h, b.name).toBeGreaterThanOrEqual(40);
      const shot = await page.screenshot({ animations: "disabled", fullPage: true });
      const size = width === 390 && height === 844 ? "" : `-${width}x${height}`;
      const problem = await compareShot(`home-waiting-light-en${size}.png`, shot);
      if (problem) failures.push(problem);
    }
    expect(failures).toEqual([]);
  });
});

/** The phones the home is made for: an ordinary one and the smallest. */
const SCREENS = [
  [390, 844],
  [320, 568],
] as const;

/** Pixels whose colour differs by more than this (of 255) count as different. */
const PIXEL_DELTA = 48;
/** Differing pixels allowed: anti-aliasing of text and curves varies between machines. */
const MAX_DIFFERENT = 0.01;

/**
 * Compares a screenshot with the stored one (test/fixtures/web), as the board's test does;
 * stores it when there is none or UPDATE_SCREENSHOTS=1. Returns what is wrong, or null.
 */
async function compareShot(name: string, png: Buffer): Promise<string | null> {
  const file = path.join(SHOTS, name);
  if (!existsSync(file) || process.env.UPDATE_SCREENSHOTS === "1") {
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(file, png);
    return null;
  }
  const [a, b] = await Promise.all(
    [png, file].map((src) => sharp(src).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  if (a!.info.width !== b!.info.width || a!.info.height !== b!.info.height)
    return `${name}: ${a!.info.width}x${a!.info.height}, stored ${b!.info.width}x${b!.info.height}`;
  let different = 0;
  const pixels = a!.info.width * a!.info.height;
  for (let i = 0; i < pixels * 3; i += 3) {
    const d = Math.max(
      Math.abs(a!.data[i]! - b!.data[i]!),
      Math.abs(a!.data[i + 1]! - b!.data[i + 1]!),
      Math.abs(a!.data[i + 2]! - b!.data[i + 2]!),
    );
    if (d > PIXEL_DELTA) different++;
  }
  if (different / pixels <= MAX_DIFFERENT) return null;
  writeFileSync(path.join(SHOTS, name.replace(/\.png$/, ".actual.png")), png);
  return `${name}: ${((100 * different) / pixels).toFixed(2)}% of the pixels differ (kept as .actual.png)`;
}
