/**
 * What Telegram hands a Mini App, read without Telegram's script (the page loads nothing
 * from elsewhere): the launch parameters in the URL's fragment (the signed launch data, the
 * theme), and the few events the page sends to the app and hears from it.
 */

/** Telegram's theme colours (`themeParams`), as `#rrggbb`. */
export type Theme = Readonly<Record<string, string>>;

export interface Launch {
  /** The signed launch data, sent with every request ("" when the page was not opened by Telegram). */
  readonly initData: string;
  /** The link's `startapp` parameter. */
  readonly startParam: string | null;
  readonly theme: Theme;
}

const KEPT = "nardy-launch";

function parseTheme(json: string | null): Theme {
  try {
    const t = JSON.parse(json ?? "{}") as Record<string, unknown>;
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(t ?? {}))
      if (typeof v === "string" && /^#[0-9a-f]{3,8}$/i.test(v)) out[k] = v;
    return out;
  } catch {
    return {};
  }
}

/** The launch parameters; kept for the tab's life, since a reload may come without them. */
export function readLaunch(hash: string, storage: Storage | null): Launch {
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  let initData = p.get("tgWebAppData") ?? "";
  let themeJson = p.get("tgWebAppThemeParams");
  if (initData) storage?.setItem(KEPT, JSON.stringify({ initData, themeJson }));
  else {
    const kept = JSON.parse(storage?.getItem(KEPT) ?? "null") as {
      initData: string;
      themeJson: string | null;
    } | null;
    initData = kept?.initData ?? "";
    themeJson = kept?.themeJson ?? null;
  }
  const startParam = new URLSearchParams(initData).get("start_param");
  return { initData, startParam, theme: parseTheme(themeJson) };
}

/** The game to open: `?g=12` (a button in a private chat), else the link's `startapp=g12`; 0 for none. */
export function gameIdOf(search: string, startParam: string | null): number {
  const raw = new URLSearchParams(search).get("g") ?? /^g(\d{1,16})$/.exec(startParam ?? "")?.[1];
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

interface Bridge {
  TelegramWebviewProxy?: { postEvent(type: string, data: string): void };
  external?: { notify?(message: string): void };
  Telegram?: { WebView?: { receiveEvent(type: string, data: unknown): void } };
}

/** Sends an event to the Telegram app the page runs in (nothing when it runs elsewhere). */
export function postEvent(type: string, data: Record<string, unknown> = {}): void {
  const w = window as unknown as Bridge;
  try {
    if (w.TelegramWebviewProxy) w.TelegramWebviewProxy.postEvent(type, JSON.stringify(data));
    else if (typeof w.external?.notify === "function")
      w.external.notify(JSON.stringify({ eventType: type, eventData: data }));
    else if (window.parent !== window)
      window.parent.postMessage(JSON.stringify({ eventType: type, eventData: data }), "*");
  } catch {
    // Outside Telegram there is no one to tell.
  }
}

/** What the page asks of the Telegram app around it while a game is played. */
export interface AppBehaviour {
  /** Swiping down the page does not minimise the app. */
  readonly swipesOff: boolean;
  /** Closing the app asks first. */
  readonly confirmClose: boolean;
}

/** Tells the app each change of behaviour once (Bot API 7.7's swipes, 6.2's closing). */
export class TelegramApp {
  private told: AppBehaviour | null = null;

  update(want: AppBehaviour): void {
    if (this.told?.swipesOff !== want.swipesOff)
      postEvent("web_app_setup_swipe_behavior", { allow_vertical_swipe: !want.swipesOff });
    if (this.told?.confirmClose !== want.confirmClose)
      postEvent("web_app_setup_closing_behavior", { need_confirmation: want.confirmClose });
    this.told = want;
  }
}

/** A tap felt: a step played, or a point the picked checker cannot go to. */
export function haptic(kind: "move" | "refused"): void {
  postEvent(
    "web_app_trigger_haptic_feedback",
    kind === "move"
      ? { type: "impact", impact_style: "light" }
      : { type: "notification", notification_type: "error" },
  );
}

/** Calls `onTheme` whenever the app's theme changes (the user switched to dark mode, say). */
export function onThemeChange(onTheme: (theme: Theme) => void): void {
  const receive = (type: string, data: unknown) => {
    if (type === "theme_changed")
      onTheme(parseTheme(JSON.stringify((data as { theme_params?: unknown })?.theme_params)));
  };
  const w = window as unknown as Bridge;
  w.Telegram = { ...w.Telegram, WebView: { receiveEvent: receive } };
  window.addEventListener("message", (e) => {
    if (e.source !== window.parent || typeof e.data !== "string") return;
    try {
      const m = JSON.parse(e.data) as { eventType?: unknown; eventData?: unknown };
      if (typeof m.eventType === "string") receive(m.eventType, m.eventData);
    } catch {
      // Not Telegram's.
    }
  });
}

/** Applies the theme as CSS variables (`--tg-bg_color`...); the page's style falls back. */
export function applyTheme(root: HTMLElement, theme: Theme): void {
  for (const [k, v] of Object.entries(theme)) root.style.setProperty(`--tg-${k}`, v);
  root.dataset.scheme = isDark(theme.bg_color) ? "dark" : "light";
}

function isDark(color: string | undefined): boolean {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(color ?? "");
  if (!m) return false;
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((h) => Number.parseInt(h, 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! < 128;
}
