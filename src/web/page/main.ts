import { PageApi, Refused } from "./api.js";
import { BoardApp, type Parts } from "./app.js";
import { HomeApp } from "./home.js";
import { applyTheme, gameIdOf, onThemeChange, postEvent, readLaunch } from "./telegram.js";

const byId = (id: string): HTMLElement => document.getElementById(id)!;

async function main(): Promise<void> {
  const launch = readLaunch(location.hash, window.sessionStorage ?? null);
  const root = document.documentElement;
  applyTheme(root, launch.theme);
  onThemeChange((theme) => applyTheme(root, theme));
  postEvent("web_app_ready");
  postEvent("web_app_expand");
  const api = new PageApi(document.body.dataset.base ?? "", launch.initData);
  const parts: Parts = {
    players: byId("players"),
    board: byId("board"),
    status: byId("status"),
    controls: byId("controls"),
    notice: byId("notice"),
    review: byId("review"),
  };
  let current: BoardApp | null = null;
  let home: HomeApp | null = null;
  const open = async (gameId: number): Promise<void> => {
    current?.close();
    current = null;
    home?.close();
    home = null;
    document.body.dataset.view = "game";
    const url = new URL(location.href);
    url.searchParams.set("g", String(gameId));
    history.replaceState(null, "", url);
    try {
      const boot = await api.boot(gameId);
      document.documentElement.lang = boot.locale;
      current = new BoardApp(
        parts,
        api,
        boot,
        (id) => void open(id),
        () => void showHome(),
      );
      current.start();
      performance.mark("nardy:drawn");
    } catch (e) {
      parts.status.textContent = e instanceof Refused ? e.refusal.message : String(e);
      document.body.dataset.phase = "refused";
    }
  };
  // Opened without a game (the bot's menu button, a link naming none): the lobby's home.
  const showHome = async (): Promise<void> => {
    current?.close();
    current = null;
    home?.close();
    home = null;
    const url = new URL(location.href);
    url.searchParams.delete("g");
    history.replaceState(null, "", url);
    document.body.dataset.view = "home";
    try {
      const boot = await api.home();
      document.documentElement.lang = boot.locale;
      home = new HomeApp(byId("home"), api, boot, (id) => void open(id));
      home.start();
    } catch (e) {
      // A server without the home says no game is named, as before it had one.
      if (e instanceof Refused && e.status === 404) return open(0);
      document.body.dataset.view = "game";
      parts.status.textContent = e instanceof Refused ? e.refusal.message : String(e);
      document.body.dataset.phase = "refused";
    }
  };
  const gameId = gameIdOf(location.search, launch.startParam);
  await (gameId > 0 ? open(gameId) : showHome());
}

void main();
