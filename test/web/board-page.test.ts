/**
 * The board page in a real browser (Chromium from the distribution, driven by playwright-core):
 * whole games played by taps on two pages while a third watches, refusals of forged and stale
 * launch data, a page tap and a button press at once, a reconnect, and the board's look in
 * both themes and three languages against stored screenshots. In the slow suite.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { User } from "grammy/types";
import type { Page, Response } from "playwright-core";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect } from "vitest";
import {
  HAVE_CHROMIUM,
  launchChromium,
  NO_CHROMIUM,
  openAs,
  showsVersion,
  THEMES,
  type ThemeName,
} from "../../bench/testkit/browser.js";
import { launchData } from "../../bench/testkit/init-data.js";
import { currentBoard, type GameState, pipCount } from "../../src/engine/index.js";
import { readPageFiles } from "../../src/web/assets.js";
import { INIT_DATA_MAX_AGE_S } from "../../src/web/init-data.js";
import { spotName } from "../../src/web/page/board.js";
import { LocalTurn } from "../../src/web/page/turn.js";
import type { MakeHarness } from "../bot/fixtures.js";
import { buttons, GROUP, groupGame, type Harness, USERS, userById } from "../bot/harness.js";
import { it, type MakeWebHarness } from "./fixtures.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SHOTS = path.join(ROOT, "test/fixtures/web");
const WEB = { WEBAPP_URL: "https://nardy.example.org/board", WEBAPP_SHORT_NAME: "board" };

if (!HAVE_CHROMIUM) console.warn(`board page browser tests skipped: ${NO_CHROMIUM}`);

let browser: Awaited<ReturnType<typeof launchChromium>> | null = null;

beforeAll(async () => {
  if (HAVE_CHROMIUM) browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  for (const p of browser?.ctx.pages() ?? []) await p.close();
});

/** The bot with the board page served from the build (dist/web/page, as `npm start` serves it). */
async function setUp(make: MakeHarness, web: MakeWebHarness, port?: number) {
  const h = await make({ env: WEB });
  const w = await web(h, {
    files: readPageFiles(path.join(ROOT, "dist/web/page")),
    ...(port === undefined ? {} : { port }),
  });
  return { h, w, token: h.parts.deps.config.token };
}

/** What a thumb and an eye meet on a page, in CSS px as drawn. */
interface Sizes {
  readonly viewport: { readonly width: number; readonly height: number };
  /** Each tap area of the board. */
  readonly spots: readonly { readonly name: string; readonly w: number; readonly h: number }[];
  /** Each button shown. */
  readonly buttons: readonly { readonly name: string; readonly w: number; readonly h: number }[];
  /** Height of each number drawn on the board, by what it counts. */
  readonly digits: readonly { readonly what: string; readonly h: number; readonly w: number }[];
  /** The smallest font of any text on the page. */
  readonly smallestFont: number;
  /** The drawn board's box, and the bottom of the lowest button. */
  readonly board: { readonly left: number; readonly right: number; readonly height: number };
  readonly controlsBottom: number;
  readonly scrollWidth: number;
}

const measure = (page: Page): Promise<Sizes> =>
  page.evaluate(() => {
    const box = (e: Element) => e.getBoundingClientRect();
    const shown = (e: Element) => box(e).width > 0 && box(e).height > 0;
    const spots = [...document.querySelectorAll("#board .spot")].map((e) => ({
      name: e.getAttribute("data-spot") ?? "",
      w: box(e).width,
      h: box(e).height,
    }));
    const buttons = [...document.querySelectorAll("button")].filter(shown).map((e) => ({
      name: (e as HTMLElement).dataset.act ?? "",
      w: box(e).width,
      h: box(e).height,
    }));
    const digits = [
      ...document.querySelectorAll(
        "#board g.label path, #board .label-mark path, #board .pips path, #board .off-count path, #board .score path",
      ),
    ].map((e) => ({
      what: e.closest("g[class]")!.getAttribute("class")!,
      h: box(e).height,
      w: box(e).width,
    }));
    const texts = [...document.querySelectorAll("main *")].filter(
      (e) =>
        shown(e) &&
        [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()),
    );
    const board = box(document.querySelector("#board svg g.board")!);
    const controls = [...document.querySelectorAll("#controls button")].map((e) => box(e).bottom);
    return {
      viewport: { width: innerWidth, height: innerHeight },
      spots,
      buttons,
      digits,
      smallestFont: Math.min(...texts.map((e) => Number.parseFloat(getComputedStyle(e).fontSize))),
      board: { left: board.left, right: board.right, height: board.height },
      controlsBottom: Math.max(0, ...controls),
      scrollWidth: document.documentElement.scrollWidth,
    };
  });

/** The side a page draws at the bottom of its board. */
const sideShown = (page: Page) =>
  page.locator("#board svg").first().getAttribute("data-perspective");

const tapSpot = (page: Page, spot: number) =>
  page.locator(`#board [data-spot="${spotName(spot)}"]`).click();

/**
 * Taps a whole turn on `page`: each step's checker, then its lit destination, as the page
 * lights them (the first of each). Returns the steps tapped.
 */
async function tapTurn(page: Page, state: GameState): Promise<LocalTurn> {
  const turn = new LocalTurn(state);
  while (!turn.complete()) {
    const [from] = [...turn.origins()];
    const [to] = [...turn.destinations(from!).keys()];
    await tapSpot(page, from!);
    await tapSpot(page, to!);
    expect(turn.take(from!, to!)).toBe(true);
  }
  return turn;
}

/**
 * The player to act plays their turn in their page by taps: roll, then each step's checker
 * and its lit destination, then ✓ Done. The steps are the page's own choices, as a player
 * would find them lit. Returns the version the page shows after.
 */
async function playTurnByTaps(h: Harness, page: Page, gameId: number): Promise<number> {
  // The player's app is the one in front (a tab behind draws no frames to tap on).
  await page.bringToFront();
  let game = (await h.service.getGame(gameId))!;
  if (game.state.phase === "roll") {
    await page.locator('#controls button[data-act="roll"]').click();
    await showsVersion(page, game.version + 1);
    game = (await h.service.getGame(gameId))!;
  }
  if (game.state.phase !== "move" || game.waitingFor === null) return game.version;
  await tapTurn(page, game.state);
  await page.locator('#controls button[data-act="confirm"]').click();
  await showsVersion(page, game.version + 1);
  return (await h.service.getGame(gameId))!.version;
}

describe.skipIf(!HAVE_CHROMIUM)("the board page in Chromium", () => {
  for (const variant of ["short", "long"] as const)
    it(`a whole ${variant} nardy game played by taps on two pages while a third watches`, async ({
      harness,
      web,
    }) => {
      const { h, w, token } = await setUp(harness, web);
      const { gameId } = await groupGame(h, `/play ${variant}`);
      const ctx = browser!.ctx;
      const pages = new Map<number, Page>();
      for (const u of [USERS.alice, USERS.bob])
        pages.set(u.id, await openAs(ctx, w.url, token, u, gameId));
      const watcher = await openAs(ctx, w.url, token, USERS.carol, gameId);
      expect(await watcher.locator("#notice").textContent()).toBe("👀 You are watching this game.");
      for (let turns = 0; ; turns++) {
        const game = (await h.service.getGame(gameId))!;
        if (game.status !== "active") break;
        expect(turns).toBeLessThan(400);
        const mover = pages.get(game.waitingFor!)!;
        if (turns % 5 === 0) {
          // Whose turn, said to each: the mover, the one waiting for them, the watcher.
          const waiting = [...pages.values()].find((p) => p !== mover)!;
          const name = (game.white.id === game.waitingFor ? game.white : game.black).firstName;
          await expect
            .poll(() => mover.locator("#status").textContent())
            .toMatch(/^🟢 Your turn\n/);
          expect(await waiting.locator("#status").textContent()).toMatch(
            new RegExp(`^⏳ Waiting for ${name}\\n`),
          );
          expect(await watcher.locator("#status").textContent()).not.toMatch(/Your turn|Waiting/);
        }
        const version = await playTurnByTaps(h, mover, gameId);
        // Its own ✓ Done is never taken for someone else's change.
        expect(await mover.locator("#notice").textContent()).not.toMatch(/out of date/);
        // Each player's own checkers at the bottom, whoever is to move; the watcher's side fixed.
        if (turns % 5 === 0) {
          const seen = (await h.service.getGame(gameId))!;
          for (const [id, p] of pages)
            expect(await sideShown(p)).toBe(seen.white.id === id ? "white" : "black");
          expect(await sideShown(watcher)).toBe("white");
        }
        // Every page follows, the watcher too, with no buttons of its own.
        for (const p of [...pages.values(), watcher]) await showsVersion(p, version);
        if (turns % 10 === 0) expect(await watcher.locator("#controls button").count()).toBe(0);
      }
      const over = (await h.service.getGame(gameId))!;
      expect(over.status).toBe("finished");
      // The score line shows the score the game made, the reader's own side first (a
      // watcher reads White's first).
      const { white: ws, black: bs } = over.final!;
      for (const [id, p] of [...pages.entries(), [USERS.carol.id, watcher] as const])
        await expect
          .poll(() => p.locator("#players").textContent())
          .toContain(id === over.black.id ? `${bs} : ${ws}` : `${ws} : ${bs}`);
      const status = await watcher.locator("#status").textContent();
      expect(status).toMatch(/^🏆 .* wins/);
      for (const p of pages.values()) expect(await p.locator("#status").textContent()).toBe(status);
      // After the game: the replay, move by move, from its last turn back to the start.
      await watcher.locator("#review").waitFor();
      await expect
        .poll(() => watcher.locator("#review .frame").textContent())
        .toMatch(/Turn \d+ of \d+/);
      await watcher.locator('#review button[data-act="first"]').click();
      expect(await watcher.locator("#review .frame").textContent()).toMatch(/Start/);
      for (const b of (await measure(watcher)).buttons)
        expect(Math.min(b.w, b.h), b.name).toBeGreaterThanOrEqual(40);
      if (variant === "short") {
        // 🔁 Next game from a page: it switches to the new game, which starts in the chat; the
        // other player's page of the old game offers to follow.
        const alice = pages.get(USERS.alice.id)!;
        await alice.bringToFront();
        await alice.locator('#controls button[data-act="rematch"]').click();
        await alice.waitForFunction(
          (id) => new URL(location.href).searchParams.get("g") !== String(id),
          gameId,
          { polling: 50 },
        );
        const nextId = Number(
          await alice.evaluate(() => new URL(location.href).searchParams.get("g")),
        );
        await h.settle();
        const next = (await h.service.getGame(nextId))!;
        expect(next.previousGameId).toBe(gameId);
        expect(next.starting).toBe(false);
        await showsVersion(alice, next.version);
        expect(await alice.evaluate(() => document.body.dataset.phase)).not.toBe("starting");
        await pages.get(USERS.bob.id)!.locator('#controls button[data-act="next"]').waitFor();
      }
      await h.settle();
      expect(h.tg.problems()).toEqual([]);
    }, 240_000);

  it("opens with no request refused: the page, its script and style, its icon", async ({
    harness,
    web,
  }) => {
    const { h, w, token } = await setUp(harness, web);
    const { gameId } = await groupGame(h);
    const ctx = browser!.ctx;
    const refused: string[] = [];
    const note = (r: Response) => {
      if (r.status() >= 400) refused.push(`${r.status()} ${new URL(r.url()).pathname}`);
    };
    ctx.on("response", note);
    const page = await openAs(ctx, w.url, token, USERS.alice, gameId);
    // The page's stream stays open, so the network is never idle: a browser asks for an icon
    // right after the load.
    await page.waitForLoadState("load");
    await page.waitForTimeout(1_000);
    ctx.off("response", note);
    expect(refused).toEqual([]);
    // Its icon is in the page, so no browser asks the server's root for /favicon.ico.
    expect(await page.locator('link[rel="icon"]').getAttribute("href")).toMatch(
      /^data:image\/svg\+xml,/,
    );
    await page.close();
  });

  it("asks the app to keep still while a game is played, to ask before closing an unsent turn, and to feel taps", async ({
    harness,
    web,
  }) => {
    const { h, w, token } = await setUp(harness, web);
    const { gameId } = await groupGame(h);
    const ctx = browser!.ctx;
    // The app's side of the bridge: what the page tells it, in order.
    await ctx.addInitScript(() => {
      const seen: [string, unknown][] = [];
      (window as unknown as { tgEvents: typeof seen }).tgEvents = seen;
      (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = {
        postEvent: (type: string, data: string) => seen.push([type, JSON.parse(data)]),
      };
    });
    const events = async (p: Page) =>
      p.evaluate(() => (window as unknown as { tgEvents: [string, unknown][] }).tgEvents);
    const last = async (p: Page, type: string) =>
      (await events(p)).filter(([t]) => t === type).at(-1)?.[1];
    const game = (await h.service.getGame(gameId))!;
    const moverId = game.waitingFor!;
    const mover = moverId === USERS.alice.id ? USERS.alice : USERS.bob;
    const page = await openAs(ctx, w.url, token, mover, gameId);
    const watcher = await openAs(ctx, w.url, token, USERS.carol, gameId);
    expect(await last(page, "web_app_setup_swipe_behavior")).toEqual({
      allow_vertical_swipe: false,
    });
    expect(await last(watcher, "web_app_setup_swipe_behavior")).toEqual({
      allow_vertical_swipe: true,
    });
    expect(await last(page, "web_app_setup_closing_behavior")).toEqual({
      need_confirmation: false,
    });
    await page.bringToFront();
    // A checker picked, then a point it cannot reach: an error felt, nothing played.
    const turn = new LocalTurn(game.state);
    const [from] = [...turn.origins()];
    const reach = new Set(turn.destinations(from!).keys());
    const unreachable = [...Array(24).keys()]
      .map((i) => i + 1)
      .find((p) => p !== from && !reach.has(p) && !turn.origins().has(p))!;
    await tapSpot(page, from!);
    await tapSpot(page, unreachable);
    expect(await last(page, "web_app_trigger_haptic_feedback")).toEqual({
      type: "notification",
      notification_type: "error",
    });
    // A step played: felt, and closing now asks first; the turn sent: it no longer does.
    const [to] = [...reach];
    await tapSpot(page, from!);
    await tapSpot(page, to!);
    expect(await last(page, "web_app_trigger_haptic_feedback")).toEqual({
      type: "impact",
      impact_style: "light",
    });
    expect(await last(page, "web_app_setup_closing_behavior")).toEqual({ need_confirmation: true });
    await page.locator('#controls button[data-act="undo"]').click();
    expect(await last(page, "web_app_setup_closing_behavior")).toEqual({
      need_confirmation: false,
    });
    await page.close();
    await watcher.close();
  });

  it("resign is set apart, and asks above its answers before anything is sent", async ({
    harness,
    web,
  }) => {
    const { h, w, token } = await setUp(harness, web);
    const { gameId } = await groupGame(h, "/play long");
    const page = await openAs(browser!.ctx, w.url, token, USERS.alice, gameId);
    await page.bringToFront();
    const version = (await h.service.getGame(gameId))!.version;
    await page.locator('#controls button[data-act="resign"]').click();
    // The question where the turn's line was, above its buttons; nothing sent yet.
    expect(await page.locator("#status").textContent()).toMatch(/Bob/);
    expect(await page.evaluate(() => document.body.dataset.turn)).toBe("asking");
    expect(
      await page.locator("#controls button").evaluateAll((bs) => bs.map((b) => b.dataset.act)),
    ).toEqual(["resign-yes", "cancel"]);
    expect((await h.service.getGame(gameId))!.version).toBe(version);
    await page.locator('#controls button[data-act="cancel"]').click();
    expect(await page.locator("#status").textContent()).not.toMatch(/resign/i);
    expect((await h.service.getGame(gameId))!.status).toBe("active");
    await page.close();
  });

  it("at 320x568 ✓ Done is on the screen unscrolled; each side's pips read in the board's order; an offered double is on the cube", async ({
    harness,
    web,
  }) => {
    const { h, w, token } = await setUp(harness, web);
    const { gameId } = await groupGame(h, "/play short");
    const pages = new Map<number, Page>();
    for (const u of [USERS.alice, USERS.bob]) {
      const page = await openAs(browser!.ctx, w.url, token, u, gameId);
      await page.setViewportSize({ width: 320, height: 568 });
      pages.set(u.id, page);
    }
    // The header's two pip counts in the upright board's order (its own side on the left),
    // for White and for Black alike.
    for (const page of pages.values()) {
      const order = await page.evaluate(() => {
        const x = (sel: string) => document.querySelector(sel)!.getBoundingClientRect().left;
        const n = (sel: string) => document.querySelector(sel)!.textContent!.replace(/\D/g, "");
        return {
          headerLeft: n("#players .pips.left"),
          headerRight: n("#players .pips.right"),
          nearLeftOfFar: x('#board .pips[data-side="near"]') < x('#board .pips[data-side="far"]'),
          near: document
            .querySelector('#board .pips[data-side="near"]')!
            .getAttribute("data-value"),
          far: document.querySelector('#board .pips[data-side="far"]')!.getAttribute("data-value"),
          leftSide: document.querySelector("#players .side.left")!.className,
        };
      });
      expect(order.nearLeftOfFar).toBe(true);
      expect([order.headerLeft, order.headerRight]).toEqual([order.near, order.far]);
      const me = page === pages.get(USERS.alice.id) ? USERS.alice.id : USERS.bob.id;
      const game = (await h.service.getGame(gameId))!;
      expect(order.leftSide).toContain(game.white.id === me ? "white" : "black");
    }
    // The mover taps a whole turn: ✓ Done shows on the screen without scrolling.
    let game = (await h.service.getGame(gameId))!;
    const mover = pages.get(game.waitingFor!)!;
    await mover.bringToFront();
    await tapTurn(mover, game.state);
    const done = await mover.evaluate(() => {
      const r = document
        .querySelector('#controls button[data-act="confirm"]')!
        .getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, scrolled: window.scrollY };
    });
    expect(done.scrolled).toBe(0);
    expect(done.top).toBeGreaterThan(0);
    expect(done.bottom).toBeLessThanOrEqual(568);
    await mover.locator('#controls button[data-act="confirm"]').click();
    await showsVersion(mover, game.version + 1);
    // The other doubles: the one who answers sees the cube at 2, on their own side.
    game = (await h.service.getGame(gameId))!;
    expect(game.state.phase).toBe("roll");
    const doubled = await h.service.act(gameId, game.waitingFor!, { type: "double" }, game.version);
    expect(doubled.ok).toBe(true);
    await showsVersion(mover, game.version + 1);
    const cube = await mover.evaluate(() => {
      const c = document.querySelector("#board .cube")!;
      return [c.getAttribute("data-value"), c.getAttribute("data-owner")];
    });
    expect(cube).toEqual(["2", "near"]);
    expect(h.tg.problems()).toEqual([]);
  });

  it("30-character names at 390 and 320 px: each cut on its own, both colours and the score shown", async ({
    harness,
    web,
  }) => {
    const { h, w, token } = await setUp(harness, web);
    const long = (id: number, name: string): User => ({
      id,
      is_bot: false,
      first_name: name,
      language_code: "uk",
    });
    const taras = long(301, "Тарас Григорович Шевченко-Кобз");
    const olha = long(302, "Ольга Петренко-Старовинська Ко");
    const { gameId } = await groupGame(h, "/play short", taras, olha);
    const page = await openAs(browser!.ctx, w.url, token, taras, gameId);
    for (const [width, height] of [
      [390, 844],
      [320, 568],
    ] as const) {
      await page.setViewportSize({ width, height });
      // The board too stays within the screen, and still takes a thumb on the smallest one.
      const sizes = await measure(page);
      expect(sizes.board.left).toBeGreaterThanOrEqual(0);
      expect(sizes.board.right).toBeLessThanOrEqual(width);
      for (const t of sizes.spots) expect(Math.min(t.w, t.h), t.name).toBeGreaterThanOrEqual(26);
      const boxes = await page.evaluate(() =>
        [".white .icon", ".score", ".black .icon", ".white .name", ".black .name"].map((sel) => {
          const r = document.querySelector(`#players ${sel}`)!.getBoundingClientRect();
          return { sel, left: r.left, right: r.right, width: r.width };
        }),
      );
      for (const b of boxes) {
        expect(b.width, `${b.sel} at ${width}`).toBeGreaterThan(0);
        expect(b.left, `${b.sel} at ${width}`).toBeGreaterThanOrEqual(0);
        expect(b.right, `${b.sel} at ${width}`).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    }
    await page.setViewportSize({ width: 390, height: 760 });
    await page.close();
  });

  for (const variant of ["short", "long"] as const)
    it(`${variant} nardy on a phone held upright (390×844): every target a thumb's size, every number legible, the board using the height`, async ({
      harness,
      web,
    }) => {
      const { h, w, token } = await setUp(harness, web);
      const { gameId } = await groupGame(h, `/play ${variant}`);
      const game = (await h.service.getGame(gameId))!;
      const mover = userById(game.waitingFor!);
      const page = await openAs(browser!.ctx, w.url, token, mover, gameId);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.bringToFront();
      // A step played, so the marked numbers and ↩ Undo show too.
      const turn = new LocalTurn(game.state);
      const [from] = [...turn.origins()];
      const [to] = [...turn.destinations(from!).keys()];
      await tapSpot(page, from!);
      await tapSpot(page, to!);
      expect(await page.locator("#board svg").getAttribute("data-shape")).toBe("tall");
      const sizes = await measure(page);
      // 24 points, the tray, and the bar where there is one.
      expect(sizes.spots.length).toBe(variant === "short" ? 26 : 25);
      for (const t of [...sizes.spots, ...sizes.buttons])
        expect(Math.min(t.w, t.h), t.name).toBeGreaterThanOrEqual(40);
      expect(sizes.buttons.map((b) => b.name)).toEqual(["undo", "resign"]);
      expect(sizes.digits.filter((d) => d.what === "label").length).toBe(24);
      for (const d of sizes.digits) expect(d.h, d.what).toBeGreaterThanOrEqual(11);
      // Upright: a two-digit number is wider than it is tall.
      for (const d of sizes.digits.filter((d) => d.what === "pips"))
        expect(d.w, "pips").toBeGreaterThan(d.h);
      expect(sizes.smallestFont).toBeGreaterThanOrEqual(11);
      // The board takes most of the screen's height, and the buttons still fit under it.
      expect(sizes.board.height).toBeGreaterThan(0.72 * 844);
      expect(sizes.controlsBottom).toBeLessThanOrEqual(844);
      expect(sizes.scrollWidth).toBeLessThanOrEqual(390);
      // Each side's pip count is said in words under the names, as it stands after the step.
      const pips = await page.locator("#players .pips").allTextContents();
      expect(turn.take(from!, to!)).toBe(true);
      const board = currentBoard(turn.state);
      // The page's own side first, as the upright board shows them.
      const own = turn.state.turn;
      expect(pips).toEqual([
        `pips ${pipCount(board[own])}`,
        `pips ${pipCount(board[own === "white" ? "black" : "white"])}`,
      ]);
      await page.close();
    });

  it("turned on its side (844×390), the board runs the screen's height with the buttons beside it; on a desktop it lies wide", async ({
    harness,
    web,
  }) => {
    const { h, w, token } = await setUp(harness, web);
    const { gameId } = await groupGame(h, "/play short");
    const mover = userById((await h.service.getGame(gameId))!.waitingFor!);
    const page = await openAs(browser!.ctx, w.url, token, mover, gameId);
    await page.setViewportSize({ width: 844, height: 390 });
    expect(await page.locator("#board svg").getAttribute("data-shape")).toBe("wide");
    let sizes = await measure(page);
    expect(sizes.board.height).toBeGreaterThan(0.9 * 390);
    expect(sizes.controlsBottom).toBeLessThanOrEqual(390);
    for (const t of sizes.spots) expect(Math.min(t.w, t.h), t.name).toBeGreaterThanOrEqual(28);
    // Turned back upright: the tall board again, drawn anew.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.locator("#board svg").getAttribute("data-shape")).toBe("tall");
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => page.locator("#board svg").getAttribute("data-shape")).toBe("wide");
    sizes = await measure(page);
    for (const t of sizes.spots) expect(Math.min(t.w, t.h), t.name).toBeGreaterThanOrEqual(40);
    for (const d of sizes.digits) expect(d.h, d.what).toBeGreaterThanOrEqual(11);
    await page.close();
  });

  it("refuses forged and day-old launch data: no board, a clear word", async ({ harness, web }) => {
    const { h, w, token } = await setUp(harness, web);
    const { gameId } = await groupGame(h, "/play short");
    const bobs = launchData(token, USERS.bob);
    const forged = bobs.replace(`%22id%22%3A${USERS.bob.id}`, `%22id%22%3A${USERS.alice.id}`);
    const dayOld = launchData(token, USERS.alice, { ageS: 2 * 86_400 });
    for (const [initData, word] of [
      [forged, /Telegram could not confirm who you are/],
      [dayOld, /session has expired/],
    ] as const) {
      const page = await openAs(browser!.ctx, w.url, token, USERS.alice, gameId, { initData });
      expect(await page.evaluate(() => document.body.dataset.phase)).toBe("refused");
      expect(await page.locator("#status").textContent()).toMatch(word);
      expect(await page.locator("#board svg").count()).toBe(0);
      await page.close();
    }
  });

  it("a page's ✓ Done and a button press at the same moment: one applies, the page shows the game as it is", async ({
    harness,
    web,
  }) => {
    const { h, w, token } = await setUp(harness, web);
    const { gameId, board } = await groupGame(h, "/play short");
    const game = (await h.service.getGame(gameId))!;
    const mover = userById(game.waitingFor!);
    const page = await openAs(browser!.ctx, w.url, token, mover, gameId);
    // The steps tapped in the page: nothing is sent before ✓ Done.
    const turn = await tapTurn(page, game.state);
    expect((await h.service.getGame(gameId))!.version).toBe(game.version);
    await h.settle();
    const live = h.tg.message(GROUP, board.messageId)!;
    const press = buttons(live).find((b) => !/Claim|Undo/.test(b.text))!;
    // The press goes the moment the page's turn is on its way to the server.
    const pressed = new Promise<void>((resolve) =>
      page.on("request", (r) => {
        if (r.url().endsWith("/act")) void h.press(mover, live, press).then(() => resolve());
      }),
    );
    await page.locator('#controls button[data-act="confirm"]').click();
    await pressed;
    const now = (await h.service.getGame(gameId))!;
    await showsVersion(page, now.version);
    const applied = (await h.events(gameId)).filter((e) => e.seq > game.version);
    // The page's whole play went in, or the press's first step.
    const actions = (n: number) =>
      JSON.stringify(applied.slice(0, n).map((e) => (e.payload as { action: unknown }).action));
    const pageWon =
      actions(turn.steps.length) ===
      JSON.stringify(turn.steps.map(({ from, to, die }) => ({ type: "step", from, to, die })));
    const answer = h.tg.callsOf("answerCallbackQuery").at(-1)!;
    if (pageWon) expect(answer.payload.text).toMatch(/out of date/);
    else {
      // The press went in; the page's whole play was refused as out of date.
      expect(applied.filter((e) => e.actorId === mover.id).length).toBeGreaterThan(0);
      await expect.poll(() => page.locator("#notice").textContent()).toMatch(/out of date/);
    }
    expect(await page.evaluate(() => Number(document.body.dataset.version))).toBe(now.version);
    await h.settle();
    expect(h.tg.problems()).toEqual([]);
  }, 60_000);

  it("✓ Done while the server is down: the page says the turn was not sent, and sends it when it is back", async ({
    harness,
    web,
  }) => {
    const first = await setUp(harness, web);
    const { h, token } = first;
    const port = Number(new URL(first.w.url).port);
    const { gameId } = await groupGame(h, "/play short");
    const game = (await h.service.getGame(gameId))!;
    const mover = game.waitingFor === USERS.alice.id ? USERS.alice : USERS.bob;
    const page = await openAs(browser!.ctx, first.w.url, token, mover, gameId);
    await page.bringToFront();
    await showsVersion(page, game.version);
    await tapTurn(page, game.state);
    await first.w.close();
    await page.locator('#controls button[data-act="confirm"]').click();
    await expect.poll(() => page.locator("#notice").textContent()).toMatch(/not sent/);
    expect((await h.service.getGame(gameId))!.version).toBe(game.version);
    // Back: the kept turn goes by itself, once.
    await web(h, { files: readPageFiles(path.join(ROOT, "dist/web/page")), port });
    await expect
      .poll(async () => (await h.service.getGame(gameId))!.waitingFor, { timeout: 15_000 })
      .not.toBe(mover.id);
    await showsVersion(page, (await h.service.getGame(gameId))!.version, 15_000);
    await expect.poll(() => page.locator("#notice").textContent()).not.toMatch(/not sent/);
  });

  it("launch data turning a day old while the page is open: it says to reopen, and stops trying", async ({
    harness,
    web,
  }) => {
    const first = await setUp(harness, web);
    const { h, token } = first;
    const port = Number(new URL(first.w.url).port);
    const { gameId } = await groupGame(h, "/play short");
    // Signed a day ago, less three seconds: good now, too old after the restart below.
    const initData = launchData(token, USERS.alice, { ageS: INIT_DATA_MAX_AGE_S - 3 });
    const page = await openAs(browser!.ctx, first.w.url, token, USERS.alice, gameId, { initData });
    expect(await page.locator("#board svg").count()).toBe(1);
    await first.w.close();
    await new Promise((r) => setTimeout(r, 4_000));
    await web(h, { files: readPageFiles(path.join(ROOT, "dist/web/page")), port });
    await expect
      .poll(() => page.locator("#notice").textContent(), { timeout: 15_000 })
      .toMatch(/session has expired/);
    // No buttons left to press, and no more "reconnecting".
    expect(await page.locator("#controls button").count()).toBe(0);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await page.locator("#notice").textContent()).toMatch(/session has expired/);
    await page.close();
  });

  it("a page that lost the server (a restart) catches up when it is back", async ({
    harness,
    web,
  }) => {
    const first = await setUp(harness, web);
    const { h, token } = first;
    const port = Number(new URL(first.w.url).port);
    const { gameId } = await groupGame(h, "/play short");
    const game = (await h.service.getGame(gameId))!;
    const waiting = game.waitingFor === USERS.alice.id ? USERS.bob : USERS.alice;
    const page = await openAs(browser!.ctx, first.w.url, token, waiting, gameId);
    await showsVersion(page, game.version);
    // The server goes away; the page says so and keeps trying.
    await first.w.close();
    await expect.poll(() => page.locator("#notice").textContent()).toMatch(/Connection lost/);
    // Meanwhile the mover plays (through the service, as a button would).
    const { remainingPlays } = await import("../../src/engine/index.js");
    const steps = remainingPlays(game.state)[0]!.steps.map(({ from, to, die }) => ({
      from,
      to,
      die,
    }));
    const r = await h.service.act(gameId, game.waitingFor!, { type: "play", steps }, game.version);
    expect(r.ok).toBe(true);
    const now = (await h.service.getGame(gameId))!.version;
    // A new process serves the page on the same port: the page comes back to the game as it is.
    await web(h, {
      files: readPageFiles(path.join(ROOT, "dist/web/page")),
      port,
    });
    await showsVersion(page, now, 15_000);
    await expect.poll(() => page.locator("#notice").textContent()).toBe("");
    expect(await page.locator("#status").textContent()).not.toBe("");
  });

  it("a checker dragged to a lit point moves; the opponent's page flies the move in", async ({
    harness,
    web,
  }) => {
    const { h, w, token } = await setUp(harness, web);
    const { gameId } = await groupGame(h, "/play short");
    const game = (await h.service.getGame(gameId))!;
    const mover = userById(game.waitingFor!);
    const other = mover.id === USERS.alice.id ? USERS.bob : USERS.alice;
    const watching = await openAs(browser!.ctx, w.url, token, other, gameId);
    await watching.emulateMedia({ reducedMotion: "no-preference" });
    const page = await openAs(browser!.ctx, w.url, token, mover, gameId);
    const turn = new LocalTurn(game.state);
    while (!turn.complete()) {
      const [from] = [...turn.origins()];
      const [to] = [...turn.destinations(from!).keys()];
      const at = async (spot: number) => {
        const box = (await page.locator(`#board [data-spot="${spotName(spot)}"]`).boundingBox())!;
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      };
      const [a, b] = [await at(from!), await at(to!)];
      await page.mouse.move(a.x, a.y);
      await page.mouse.down();
      await page.mouse.move(b.x, b.y, { steps: 5 });
      await page.mouse.up();
      turn.take(from!, to!);
      // The step shows at once, lit as this turn's, before anything is sent.
      await expect
        .poll(() => page.locator('#board [data-kind="current"]').count())
        .toBeGreaterThan(0);
    }
    expect((await h.service.getGame(gameId))!.version).toBe(game.version);
    // The watching page notes any checker that flies across its board.
    await watching.evaluate(() =>
      new MutationObserver((changes) => {
        for (const c of changes)
          for (const n of c.addedNodes)
            if (n instanceof Element && n.classList.contains("fly"))
              document.body.dataset.flew = "1";
      }).observe(document.getElementById("board")!, { childList: true, subtree: true }),
    );
    await page.locator('#controls button[data-act="confirm"]').click();
    await watching.waitForFunction(() => document.body.dataset.flew === "1", null, { polling: 50 });
    await showsVersion(watching, game.version + 1);
  });

  it("a clocked game: each side's time by its pips, the running one lit and counting down, the board where it was", async ({
    harness,
    web,
  }) => {
    const { h, w, token } = await setUp(harness, web);
    const clocked = await groupGame(h, "/play short normal");
    const dan: User = { id: 99, is_bot: false, first_name: "Dan", language_code: "en" };
    const plain = await groupGame(h, "/play short", USERS.carol, dan);
    const game = (await h.service.getGame(clocked.gameId))!;
    // The board posted in the chat: the mover's time runs from its delivery.
    expect(game.clock?.running).toBe(game.state.turn);
    const mover = userById(game.waitingFor!);
    const runs = game.state.turn;
    const waits = runs === "white" ? "black" : "white";
    const page = await openAs(browser!.ctx, w.url, token, mover, clocked.gameId);
    const other = await openAs(browser!.ctx, w.url, token, USERS.carol, plain.gameId);
    await page.bringToFront();
    const clock = (p: Page, c: string) => p.locator(`#players .pips.${c} .clock`);
    // 10 s a move and a minute in reserve (short nardy's normal control, one game).
    await expect.poll(() => clock(page, runs).textContent()).toMatch(/^0:(10|0\d) \+ 1:00$/);
    expect(await clock(page, waits).textContent()).toBe("1:00");
    expect(await clock(page, runs).getAttribute("class")).toMatch(/\brunning\b/);
    expect(await clock(page, waits).getAttribute("class")).not.toMatch(/\brunning\b/);
    expect(await clock(page, runs).getAttribute("title")).toMatch(/this move \+ in reserve/);
    // The pips are said as before, beside the clocks, the page's own side (the mover's) first.
    expect(await page.locator("#players .pips .count").allTextContents()).toEqual([
      `pips ${pipCount(game.state.board[runs])}`,
      `pips ${pipCount(game.state.board[waits])}`,
    ]);
    // It counts down by itself, with nothing new from the server; the waiting side's stands.
    const seconds = async () => {
      const [delay] = (await clock(page, runs).textContent())!.split(" + ");
      return Number(delay!.split(":")[1]);
    };
    const before = await seconds();
    await page.waitForTimeout(1_200);
    const after = await seconds();
    expect(after).toBeLessThan(before);
    expect(after).toBeGreaterThanOrEqual(0);
    expect(await clock(page, waits).textContent()).toBe("1:00");
    expect((await h.service.getGame(clocked.gameId))!.version).toBe(game.version);
    // No game without a clock shows one.
    expect(await other.locator("#players .clock").count()).toBe(0);
    const failures: string[] = [];
    for (const [width, height] of [
      [390, 844],
      [320, 568],
    ] as const) {
      for (const p of [page, other]) await p.setViewportSize({ width, height });
      // Both clocks within the screen beside their pips, and the board not moved by them.
      const boxes = async (p: Page) =>
        p.evaluate(() => {
          const box = (sel: string) => {
            const r = document.querySelector(sel)?.getBoundingClientRect();
            return r ? { left: r.left, right: r.right, top: r.top, bottom: r.bottom } : null;
          };
          return {
            board: box("#board svg")!,
            clocks: [box("#players .pips.white .clock"), box("#players .pips.black .clock")],
            counts: [box("#players .pips.white .count"), box("#players .pips.black .count")],
            scrollWidth: document.documentElement.scrollWidth,
          };
        });
      const [a, b] = [await boxes(page), await boxes(other)];
      expect(a.board).toEqual(b.board);
      expect(a.scrollWidth).toBeLessThanOrEqual(width);
      for (const [i, c] of a.clocks.entries()) {
        expect(c!.left, `clock ${i} at ${width}`).toBeGreaterThanOrEqual(0);
        expect(c!.right, `clock ${i} at ${width}`).toBeLessThanOrEqual(width);
        expect(c!.bottom).toBeLessThanOrEqual(a.board.top);
        const count = a.counts[i]!;
        expect(c!.right <= count.left || c!.left >= count.right, `clock ${i} apart`).toBe(true);
      }
      await page.bringToFront();
      const shot = await page.screenshot({ animations: "disabled", fullPage: true });
      const size = width === 390 && height === 844 ? "" : `-${width}x${height}`;
      const problem = await compareShot(`clock-light-en${size}.png`, shot);
      if (problem) failures.push(problem);
    }
    expect(failures).toEqual([]);
  });

  it("looks as stored in both themes and three languages", async ({ harness, web }) => {
    const { h, w, token } = await setUp(harness, web);
    // Two players of each language, so the page of whoever moves first speaks it.
    const pairs: [string, User, User][] = [
      ["en", USERS.alice, USERS.bob],
      ["ru", USERS.olga, { id: 77, is_bot: false, first_name: "Иван", language_code: "ru" }],
      ["uk", USERS.taras, { id: 88, is_bot: false, first_name: "Оксана", language_code: "uk" }],
    ];
    const failures: string[] = [];
    for (const [lang, a, b] of pairs) {
      const { gameId } = await groupGame(h, "/play short", a, b);
      const game = (await h.service.getGame(gameId))!;
      const mover = game.waitingFor === a.id ? a : b;
      const [from] = [...new LocalTurn(game.state).origins()];
      for (const theme of Object.keys(THEMES) as ThemeName[]) {
        const page = await openAs(browser!.ctx, w.url, token, mover, gameId, { theme });
        // A phone held upright; in English and light also the smallest phone, one on its
        // side and a desktop window.
        const sizes = lang === "en" && theme === "light" ? SCREENS : SCREENS.slice(0, 1);
        for (const [width, height] of sizes) {
          await page.setViewportSize({ width, height });
          // A checker picked: its legal destinations lit.
          await tapSpot(page, from!);
          const shot = await page.screenshot({ animations: "disabled", fullPage: true });
          const size = width === 390 && height === 844 ? "" : `-${width}x${height}`;
          const problem = await compareShot(`${theme}-${lang}${size}.png`, shot);
          if (problem) failures.push(problem);
          await tapSpot(page, from!); // picked again: put down
        }
        await page.close();
      }
    }
    expect(failures).toEqual([]);
  });
});

/** Screens the stored pictures show: the first is the one every theme and language is seen on. */
const SCREENS = [
  [390, 844],
  [320, 568],
  [844, 390],
  [1280, 800],
] as const;

/** Pixels whose colour differs by more than this (of 255) count as different. */
const PIXEL_DELTA = 48;
/** Differing pixels allowed: anti-aliasing of text and curves varies between machines. */
const MAX_DIFFERENT = 0.01;

/**
 * Compares a screenshot with the stored one (test/fixtures/web); stores it when there is none
 * or UPDATE_SCREENSHOTS=1. Returns what is wrong, or null.
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
