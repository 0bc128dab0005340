import { PageApi, Refused } from "./api.js";
import { BoardApp, type Parts } from "./app.js";
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
  const open = async (gameId: number): Promise<void> => {
    current?.close();
    current = null;
    const url = new URL(location.href);
    url.searchParams.set("g", String(gameId));
    history.replaceState(null, "", url);
    try {
      const boot = await api.boot(gameId);
      document.documentElement.lang = boot.locale;
      current = new BoardApp(parts, api, boot, (id) => void open(id));
      current.start();
      performance.mark("nardy:drawn");
    } catch (e) {
      parts.status.textContent = e instanceof Refused ? e.refusal.message : String(e);
      document.body.dataset.phase = "refused";
    }
  };
  await open(gameIdOf(location.search, launch.startParam));
}

void main();
