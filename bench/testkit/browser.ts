import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { User } from "grammy/types";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { launchData } from "./init-data.js";

/** Chromium from the distribution's packages (`apt-get install chromium`); nothing is downloaded. */
export const CHROMIUM = "/usr/bin/chromium";
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
export const NO_CHROMIUM = `${CHROMIUM} is absent: install Debian's chromium package to run the board page in a real browser`;

/** Telegram's light and dark themes, as an app hands them to a Mini App. */
export const THEMES = {
  light: {
    bg_color: "#ffffff",
    text_color: "#000000",
    hint_color: "#707579",
    link_color: "#3390ec",
    button_color: "#3390ec",
    button_text_color: "#ffffff",
    secondary_bg_color: "#f4f4f5",
  },
  dark: {
    bg_color: "#212121",
    text_color: "#ffffff",
    hint_color: "#aaaaaa",
    link_color: "#8774e1",
    button_color: "#8774e1",
    button_text_color: "#ffffff",
    secondary_bg_color: "#181818",
  },
} as const;

export type ThemeName = keyof typeof THEMES;

/** A headless Chromium with a profile of its own, gone when closed. */
export async function launchChromium(): Promise<{ ctx: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), "nardy-chromium-"));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 390, height: 760 },
    deviceScaleFactor: 1,
    reducedMotion: "reduce",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--font-render-hinting=none",
    ],
  });
  return {
    ctx,
    async close() {
      await ctx.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The URL Telegram opens: the page, the game, and the launch parameters in the fragment. */
export function launchUrl(
  pageUrl: string,
  gameId: number,
  initData: string,
  theme: ThemeName = "light",
): string {
  const fragment = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: "8.0",
    tgWebAppPlatform: "android",
    tgWebAppThemeParams: JSON.stringify(THEMES[theme]),
  });
  return `${pageUrl}?g=${gameId}#${fragment}`;
}

/** A page opened by `user` from Telegram, its board drawn (or its refusal shown). */
export async function openAs(
  ctx: BrowserContext,
  pageUrl: string,
  token: string,
  user: User,
  gameId: number,
  opts: { theme?: ThemeName; initData?: string } = {},
): Promise<Page> {
  const page = await ctx.newPage();
  const initData = opts.initData ?? launchData(token, user);
  await page.goto(launchUrl(pageUrl, gameId, initData, opts.theme));
  await page.waitForFunction(() => document.body.dataset.phase !== undefined);
  return page;
}

/** The game's version the page shows. */
export const shownVersion = (page: Page): Promise<number> =>
  page.evaluate(() => Number(document.body.dataset.version ?? 0));

/** Waits until the page shows version `v` or a later one. */
export async function showsVersion(page: Page, v: number, timeout = 10_000): Promise<void> {
  // Polled on a timer: a page in a background tab draws no animation frames.
  await page.waitForFunction((want) => Number(document.body.dataset.version ?? 0) >= want, v, {
    timeout,
    polling: 50,
  });
}
