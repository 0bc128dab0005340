import type { Variant } from "../../engine/index.js";
import {
  HOME_CLOCKS,
  HOME_LENGTHS,
  type HomeAnswer,
  type HomeBoard,
  type HomeBoot,
  type HomeSeek,
  type HomeState,
  type HomeTexts,
} from "../protocol.js";
import { type PageApi, Refused } from "./api.js";
import { fill } from "./status.js";

/** The searches stop being refreshed this long after the last tap (a tap starts them again). */
export const IDLE_STOP_MS = 10 * 60_000;
/** Waits after failed refreshes, longer each time. */
const BACKOFF_MS = [3_000, 5_000, 10_000, 30_000];

type Period = "allTime" | "month";

/** "Long nardy · 3 points · ⏱ blitz": a seek's terms as the home names them. */
export function seekTerms(x: HomeTexts, s: Pick<HomeSeek, "variant" | "matchLength" | "clock">) {
  const variant = x.variants[s.variant];
  const length = x.lengths[String(s.matchLength)] ?? String(s.matchLength);
  return `${capital(variant)} · ${length} · ⏱ ${x.clocks[s.clock] ?? s.clock}`;
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  cls = "",
  text = "",
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
}

/**
 * The page's home, opened without a game: the lobby's open searches with a Join each, a Seek
 * with a length and a clock, the person's own search with Cancel, their games in progress,
 * and the leaderboards. The searches are asked for again every few seconds while the page
 * is seen, one request at a time, until ten minutes pass without a tap. When a search of the
 * person's that this page saw waiting meets its game, that game's board opens.
 */
export class HomeApp {
  private state: HomeState;
  private length: number = HOME_LENGTHS[0];
  private clock: string = "normal";
  private variant: Variant = "long";
  private period: Period = "allTime";
  private busy = false;
  private notice = "";
  /** A search of the person's was seen waiting (or made) here: its pairing opens the game. */
  private sawWaiting: boolean;
  private lastTap = performance.now();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private asking = false;
  private failures = 0;
  private paused = false;
  /** The server will not answer this page any more (its launch data is too old): why. */
  private ended: string | null = null;
  private drawnSeeks = "";
  private drawnBoard = "";
  /** The choosers' and tabs' buttons, each with whether it is the one chosen. */
  private readonly choices: [HTMLButtonElement, () => boolean][] = [];
  private readonly closed = new AbortController();
  private readonly x: HomeTexts;
  private readonly parts: {
    readonly mine: HTMLElement;
    readonly waiting: HTMLElement;
    readonly seek: HTMLElement;
    readonly lengths: HTMLElement;
    readonly clocks: HTMLElement;
    readonly go: HTMLElement;
    readonly notice: HTMLElement;
    readonly games: HTMLElement;
    readonly seeks: HTMLElement;
    readonly paused: HTMLElement;
    readonly boards: HTMLElement;
    readonly board: HTMLElement;
  };

  constructor(
    private readonly root: HTMLElement,
    private readonly api: PageApi,
    private readonly boot: HomeBoot,
    private readonly open: (gameId: number) => void,
  ) {
    this.x = boot.texts;
    this.state = boot.state;
    this.sawWaiting = boot.state.mine !== null;
    const x = this.x;
    const section = (cls: string, title?: string) => {
      const s = el("section", cls);
      if (title) s.append(el("h2", "", title));
      return s;
    };
    const mine = section("mine");
    const waiting = el("p", "waiting");
    mine.append(waiting);
    const seek = section("seek");
    const lengths = el("div", "choices lengths");
    const clocks = el("div", "choices clocks");
    const go = el("div", "go");
    seek.append(el("p", "label", x.length), lengths, el("p", "label", x.clock), clocks, go);
    const games = section("games", x.games);
    const seeks = section("seeks", x.seeks);
    const paused = el("div", "paused");
    const boards = section("boards", x.boards);
    const notice = el("p", "notice");
    notice.setAttribute("aria-live", "polite");
    const board = el("div", "board");
    this.parts = {
      ...{ mine, waiting, seek, lengths, clocks, go, notice },
      ...{ games, seeks, paused, boards, board },
    };
    root.replaceChildren(
      el("h1", "", x.title),
      el("p", "intro", x.intro),
      mine,
      seek,
      notice,
      games,
      seeks,
      paused,
      boards,
    );
    this.build();
  }

  start(): void {
    this.root.hidden = false;
    this.render();
    document.addEventListener(
      "visibilitychange",
      () => {
        if (document.hidden) this.stopTimer();
        else this.schedule(0);
      },
      { signal: this.closed.signal },
    );
    this.schedule();
  }

  close(): void {
    this.closed.abort();
    this.stopTimer();
    this.root.hidden = true;
  }

  // ------------------------------------------------------------------ refreshing

  private stopTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(delay = this.boot.pollMs): void {
    this.stopTimer();
    if (this.closed.signal.aborted || this.ended || this.paused || document.hidden) return;
    this.timer = setTimeout(() => void this.refresh(), delay);
  }

  private async refresh(): Promise<void> {
    if (this.asking || this.closed.signal.aborted) return;
    if (performance.now() - this.lastTap >= IDLE_STOP_MS) {
      this.paused = true;
      this.render();
      return;
    }
    this.asking = true;
    try {
      const state = await this.api.homeState();
      if (this.failures > 0) this.notice = "";
      this.failures = 0;
      this.adopt(state);
    } catch (e) {
      if (e instanceof Refused && (e.status === 401 || e.status === 403)) {
        this.ended = e.refusal.message || this.x.offline;
        this.render();
        return;
      }
      this.failures++;
      this.notice = this.x.offline;
      this.render();
    } finally {
      this.asking = false;
      const wait = this.failures
        ? BACKOFF_MS[Math.min(this.failures - 1, BACKOFF_MS.length - 1)]!
        : this.boot.pollMs;
      this.schedule(wait);
    }
  }

  /** A tap: the refreshing goes on (again) from now. */
  private tapped(): void {
    this.lastTap = performance.now();
    if (!this.paused) return;
    this.paused = false;
    this.schedule(0);
  }

  /** The state as the server last told it; a search seen waiting that met its game opens it. */
  private adopt(state: HomeState): void {
    if (this.closed.signal.aborted) return;
    this.state = state;
    if (state.mine) this.sawWaiting = true;
    if (state.paired !== null && this.sawWaiting && !state.mine) {
      this.notice = this.x.paired;
      this.render();
      this.open(state.paired);
      return;
    }
    this.render();
  }

  // ------------------------------------------------------------------ actions

  private async act(run: () => Promise<HomeAnswer>): Promise<void> {
    this.tapped();
    if (this.busy) return;
    this.busy = true;
    this.notice = "";
    this.render();
    try {
      const answer = await run();
      this.busy = false;
      if (answer.gameId !== undefined) {
        this.notice = this.x.paired;
        this.render();
        this.open(answer.gameId);
        return;
      }
      this.adopt(answer.state);
    } catch (e) {
      const r = e instanceof Refused ? (e.refusal as { message: string; state?: HomeState }) : null;
      this.notice = r?.message || this.x.offline;
      this.busy = false;
      if (r?.state) this.adopt(r.state);
      else this.render();
    } finally {
      this.busy = false;
    }
  }

  private seek(variant: Variant): Promise<void> {
    return this.act(async () => {
      const answer = await this.api.seek(variant, this.length, this.clock);
      this.sawWaiting = true;
      return answer;
    });
  }

  private join(seekId: number): Promise<void> {
    return this.act(() => this.api.join(seekId));
  }

  private cancel(): Promise<void> {
    return this.act(async () => {
      const answer = await this.api.cancelSeek();
      this.sawWaiting = false;
      return answer;
    });
  }

  // ------------------------------------------------------------------ drawing

  /** A button; every one is disabled while an action is on its way or the page has ended. */
  private button(name: string, text: string, run: () => void): HTMLButtonElement {
    const b = el("button", "", text);
    b.type = "button";
    b.dataset.act = name;
    b.addEventListener("click", run);
    return b;
  }

  /**
   * One of a chooser's buttons, pressed when `on()` holds. The buttons stay the same elements
   * across refreshes: a tap under way is never lost to a redraw.
   */
  private choice(name: string, text: string, on: () => boolean, set: () => void) {
    const b = this.button(name, text, () => {
      this.tapped();
      set();
      this.render();
    });
    this.choices.push([b, on]);
    return b;
  }

  /** The parts drawn once: the choosers, the Seek and Cancel buttons, the games, the tabs. */
  private build(): void {
    const x = this.x;
    const p = this.parts;
    p.mine.append(this.button("cancel", x.cancel, () => void this.cancel()));
    p.lengths.append(
      ...HOME_LENGTHS.map((n) =>
        this.choice(
          `length-${n}`,
          x.lengths[String(n)] ?? String(n),
          () => this.length === n,
          () => {
            this.length = n;
          },
        ),
      ),
    );
    p.clocks.append(
      ...HOME_CLOCKS.map((c) =>
        this.choice(
          `clock-${c}`,
          x.clocks[c] ?? c,
          () => this.clock === c,
          () => {
            this.clock = c;
          },
        ),
      ),
    );
    p.go.append(
      this.button("seek-long", x.seekLong, () => void this.seek("long")),
      this.button("seek-short", x.seekShort, () => void this.seek("short")),
    );
    p.paused.append(
      el("p", "", x.paused),
      this.button("refresh", x.refresh, () => this.tapped()),
    );
    this.drawGames();
    const tabs = (cls: string, buttons: HTMLButtonElement[]) => {
      const d = el("div", `tabs ${cls}`);
      d.append(...buttons);
      return d;
    };
    p.boards.append(
      tabs(
        "variants",
        (["long", "short"] as const).map((v) =>
          this.choice(
            `board-${v}`,
            capital(x.variants[v]),
            () => this.variant === v,
            () => {
              this.variant = v;
            },
          ),
        ),
      ),
      tabs(
        "periods",
        (["allTime", "month"] as const).map((period) =>
          this.choice(
            `period-${period}`,
            period === "allTime" ? x.allTime : x.month,
            () => this.period === period,
            () => {
              this.period = period;
            },
          ),
        ),
      ),
      this.parts.board,
    );
  }

  private render(): void {
    if (this.closed.signal.aborted) return;
    const x = this.x;
    const p = this.parts;
    const mine = this.state.mine;
    p.mine.hidden = !mine;
    p.seek.hidden = !!mine;
    if (mine) p.waiting.textContent = fill(x.waiting, { game: seekTerms(x, mine) });
    for (const [b, on] of this.choices) b.setAttribute("aria-pressed", String(on()));
    p.notice.textContent = this.ended ?? this.notice;
    this.drawSeeks();
    p.paused.hidden = !this.paused;
    this.drawBoard();
    const off = this.busy || this.ended !== null;
    for (const b of this.root.querySelectorAll("button")) b.disabled = off;
    document.body.dataset.phase = "home";
    document.body.dataset.seeks = String(this.state.seeks.length);
    document.body.dataset.waiting = mine ? "yes" : "no";
  }

  private drawGames(): void {
    const x = this.x;
    const games = this.boot.games;
    const s = this.parts.games;
    s.hidden = games.length === 0;
    const list = el("ul");
    for (const g of games) {
      const li = el("li");
      const info = el("div", "info");
      info.append(
        el("span", "what", fill(x.vs, { game: capital(x.variants[g.variant]), name: g.opponent })),
      );
      li.append(
        info,
        this.button(`open-${g.id}`, x.open, () => this.open(g.id)),
      );
      list.append(li);
    }
    s.append(list);
  }

  /** The searches, drawn again only when they (or the page's buttons' state) changed. */
  private drawSeeks(): void {
    const x = this.x;
    const seeks = this.state.seeks;
    const key = JSON.stringify(seeks);
    if (key === this.drawnSeeks) return;
    this.drawnSeeks = key;
    const s = this.parts.seeks;
    const title = s.firstElementChild!;
    if (seeks.length === 0) {
      s.replaceChildren(title, el("p", "empty", x.noSeeks));
      return;
    }
    const list = el("ul");
    for (const seek of seeks) {
      const li = el("li");
      li.dataset.seek = String(seek.id);
      const info = el("div", "info");
      const who = el("span", "who");
      who.append(
        el("span", "seeker", seek.name),
        " ",
        el("span", "rating", `· ${fill(x.rating, { rating: seek.rating })}`),
      );
      info.append(el("span", "what", seekTerms(x, seek)), who);
      li.append(
        info,
        this.button(`join-${seek.id}`, x.join, () => void this.join(seek.id)),
      );
      list.append(li);
    }
    s.replaceChildren(title, list);
  }

  /** The leaderboard the tabs choose, drawn again only when they change. */
  private drawBoard(): void {
    const key = `${this.variant}:${this.period}`;
    if (key === this.drawnBoard) return;
    this.drawnBoard = key;
    const x = this.x;
    const board: HomeBoard | undefined = this.boot.boards.find((b) => b.variant === this.variant);
    const rows = board ? board[this.period] : [];
    const body: HTMLElement[] = [];
    if (rows.length === 0)
      body.push(el("p", "empty", this.period === "allTime" ? x.boardEmpty : x.monthEmpty));
    else {
      const list = el("ol", "rows");
      for (const r of rows) {
        const li = el("li", r.me ? "me" : "");
        li.append(
          el("span", "rank", `${r.rank}.`),
          el("span", "name", r.name),
          el("span", "figure", r.figure),
        );
        list.append(li);
      }
      body.push(list);
    }
    if (board) body.push(el("p", "you", board.you));
    this.parts.board.replaceChildren(...body);
  }
}
