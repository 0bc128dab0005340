import {
  type Color,
  mayTake,
  type OfferKind,
  offersOf,
  other,
  pipCount,
} from "../../engine/index.js";
import { boardViewOf } from "../../render/game-view.js";
import { layoutFor } from "../../render/layout.js";
import type { BoardView, Shape } from "../../render/view.js";
import type { PageBoot, PageGame, PageReview, PageTexts } from "../protocol.js";
import { type PageApi, Refused } from "./api.js";
import { boardMarkup, type Flight, flightsOf, flyingChecker, type Lit, spotOf } from "./board.js";
import { clockAt, clockText, type SideClock, stillRunning, TICK_MS } from "./clock.js";
import { type Frame, reviewFrames } from "./review.js";
import { fill, ICON, statusText, turnBanner, turnFor } from "./status.js";
import { haptic, TelegramApp } from "./telegram.js";
import { LocalTurn } from "./turn.js";

/** The page's parts, as index.html lays them out. */
export interface Parts {
  readonly players: HTMLElement;
  readonly board: HTMLElement;
  readonly status: HTMLElement;
  readonly controls: HTMLElement;
  readonly notice: HTMLElement;
  readonly review: HTMLElement;
}

interface Button {
  readonly text: string;
  readonly act: () => void;
  readonly name: string;
  readonly pressed?: boolean;
}

const SVG_NS = "http://www.w3.org/2000/svg";
const FLIGHT_MS = 260;

/**
 * One game on the page: the board drawn from the game as the server last sent it, the steps
 * the player has tapped on top of it, the buttons of the moment, and, once the game is over,
 * its replay with the analysis's marks.
 */
export class BoardApp {
  private game: PageGame;
  private turn: LocalTurn | null = null;
  private selected: number | null = null;
  private dragFrom: number | null = null;
  private asking = false;
  private busy = false;
  private notice = "";
  private online = true;
  private review: PageReview | null = null;
  private frames: Frame[] = [];
  private frameAt = 0;
  private showBest = false;
  private nextGameId: number | null = null;
  private flying = 0;
  /** Tall on a screen held upright, so the points run along its height. */
  private shape: Shape = viewportShape();
  private stop: () => void = () => {};
  /** Closed for another game: its listeners are gone and late answers draw nothing. */
  private readonly closed = new AbortController();
  private readonly app = new TelegramApp();
  /** ✓ Done failed for want of the server: the turn is sent again when it is back. */
  private resend = false;
  /** The server will not follow this page any more (its launch data is too old): why. */
  private ended: string | null = null;
  /** When the game's clock figures came (performance.now(): the page's wall clock is not used). */
  private clockSince = performance.now();
  /** Draws a running clock again every TICK_MS while the page is seen. */
  private ticker: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly parts: Parts,
    private readonly api: PageApi,
    private readonly boot: PageBoot,
    private readonly open: (gameId: number) => void,
    /** The page's home (the lobby): where a lobby match's players go on from. */
    private readonly home: () => void,
  ) {
    this.game = boot.game;
    this.listen();
  }

  /** Draws the game and follows its changes. */
  start(): void {
    this.adopt(this.game, true);
    this.stop = this.api.follow(this.game.id, this.game.version, {
      game: (g) => this.adopt(g, false),
      next: (id) => {
        this.nextGameId = id;
        // A lobby match goes on by itself: its next game opens here as it begins.
        if (this.game.nextGameDue) this.open(id);
        else this.render();
      },
      ended: (message) => {
        this.ended =
          message === null ? this.boot.texts.closedElsewhere : message || this.boot.texts.offline;
        this.resend = false;
        this.render();
      },
      online: (on) => {
        if (on === this.online) return;
        this.online = on;
        this.render();
        // A turn whose ✓ Done did not reach the server goes again once it is back (if the
        // server had it after all, the game has moved on and there is nothing left to send).
        if (on && this.resend) {
          this.resend = false;
          void this.confirm();
        }
      },
    });
  }

  close(): void {
    this.stop();
    this.closed.abort();
    this.tickClocks();
  }

  private get me(): Color | null {
    return this.boot.role === "spectator" ? null : this.boot.role;
  }

  /** The game waits for this page's player to move. */
  private myMove(g: PageGame): boolean {
    return (
      g.status === "active" &&
      !g.starting &&
      g.state.phase === "move" &&
      g.waitingFor === this.boot.me.id
    );
  }

  /**
   * A newer version of the game: drawn, with the opponent's move flown in. `mine`: the answer
   * to this page's own action; otherwise steps tapped here on an older state are dropped, and
   * the page says why.
   */
  private adopt(g: PageGame, first: boolean, mine = false): void {
    if (g.id !== this.game.id) return;
    if (!first && g.version === this.game.version) {
      this.refresh(g);
      return;
    }
    if (!first && g.version < this.game.version) return;
    const before = this.game;
    this.game = g;
    this.clockSince = performance.now();
    const base = this.turn?.base;
    const sameTurn =
      base && base.turnNumber === g.state.turnNumber && base.steps.length === g.state.steps.length;
    // While this page's own action is on its way, the server's push of its result may come
    // before the answer: that is no one else's change.
    const ours = mine || this.busy;
    if (!sameTurn && !ours && this.turn && this.turn.steps.length > 0)
      this.notice = this.boot.texts.stale;
    if (!this.myMove(g)) this.turn = null;
    else if (!sameTurn) {
      this.turn = new LocalTurn(g.state);
      this.selected = null;
    }
    if (g.status !== "active") this.asking = false;
    if (g.state.phase === "over" && !this.review) void this.loadReview();
    const move = g.state.lastMove;
    const fresh = !first && move && JSON.stringify(move) !== JSON.stringify(before.state.lastMove);
    this.render();
    if (fresh && move.color !== this.me && !reducedMotion())
      void this.fly(flightsOf(this.liveView(), move.color, move.steps));
  }

  /**
   * The version the page has, again: its clock may have started, been held or resumed since
   * (a clock changes no version), or its claim come due. Older figures than the page's are
   * left (an action's answer and the stream's push of it may cross).
   */
  private refresh(g: PageGame): void {
    const had = this.game.clock;
    if (had && g.clock && g.clock.now < had.now) return;
    const redraw = g.claimable !== this.game.claimable || !had !== !g.clock;
    this.game = g;
    this.clockSince = performance.now();
    // Only the clocks: the board is left as it is (a checker flying in, one picked up).
    if (redraw) this.render();
    else this.drawClocks();
  }

  private async loadReview(): Promise<void> {
    try {
      this.review = await this.api.review(this.game.id);
      this.frames = reviewFrames(this.game, this.review, this.me ?? "white");
      this.frameAt = this.frames.length - 1;
      this.render();
    } catch {
      // The board stays; the replay is missing (a later change tries again).
    }
  }

  // ------------------------------------------------------------------ drawing

  private liveView(): BoardView {
    const state = this.turn?.state ?? this.game.state;
    const score = this.game.scoreAfter ?? this.game.score;
    const view = boardViewOf(state, [score.white, score.black]);
    // An offered double: the cube shows the value offered, before the one who answers it.
    const cube =
      state.phase === "double" && view.cube
        ? { value: view.cube.value * 2, owner: other(state.turn) }
        : view.cube;
    // A player's own checkers stay at the bottom on every turn; a watcher sees White's side.
    return { ...view, cube, perspective: this.me ?? "white", shape: this.shape };
  }

  private lit(): Lit | null {
    if (!this.turn || this.busy) return null;
    const targets = this.selected === null ? [] : [...this.turn.destinations(this.selected).keys()];
    return { origins: this.turn.origins(), selected: this.selected, targets: new Set(targets) };
  }

  private render(): void {
    if (this.closed.signal.aborted) return;
    const g = this.game;
    const { players, board, status, controls, notice } = this.parts;
    // Once the game is over, the score it made.
    const score = g.scoreAfter ?? g.score;
    const frame = g.state.phase === "over" ? this.frames[this.frameAt] : undefined;
    const view = frame
      ? { ...(this.showBest && frame.best ? frame.best : frame.view), shape: this.shape }
      : this.liveView();
    fillPlayers(players, g, score, view, this.boot.texts);
    board.innerHTML = boardMarkup(view, frame ? null : this.lit());
    document.body.dataset.shape = this.shape;
    this.flying++;
    const x = this.boot.texts;
    const turn = turnFor(g, this.boot.me.id, this.me !== null);
    const banner = turnBanner(x, g, turn);
    // The resignation's question above its buttons; otherwise whose turn, then the game's line.
    status.textContent = this.asking
      ? this.question()
      : banner
        ? `${banner}\n${statusText(x, g)}`
        : statusText(x, g);
    const watching = this.me === null ? x.watching : "";
    notice.textContent = this.ended
      ? this.ended
      : this.resend
        ? x.notSent
        : !this.online
          ? x.offline
          : this.notice || watching;
    document.body.dataset.turn = this.asking ? "asking" : (turn ?? "none");
    this.fillButtons(controls, this.buttons());
    this.renderReview();
    document.body.dataset.version = String(g.version);
    document.body.dataset.phase = g.starting ? "starting" : g.state.phase;
    this.drawClocks();
    this.app.update({
      // A drag down the board moves a checker, not the app, while the game is played here.
      swipesOff: this.me !== null && g.status === "active",
      // Closing with steps tapped and not sent asks first.
      confirmClose: (this.turn?.steps.length ?? 0) > 0,
    });
  }

  /** Each side's clock as it stands now; ticking on while one runs and the page is seen. */
  private drawClocks(): void {
    const c = this.game.clock;
    if (c && !this.closed.signal.aborted) {
      const now = clockAt(c, performance.now() - this.clockSince);
      for (const color of ["white", "black"] as const) {
        const el = this.parts.players.querySelector<HTMLElement>(`.pips.${color} .clock`);
        if (el) showClock(el, now[color]);
      }
    }
    this.tickClocks();
  }

  /**
   * Starts or stops the ticking: on while a clock runs with time left and the page is seen
   * (a hidden page is drawn anew when it shows again); at zero it waits for the server's flag.
   */
  private tickClocks(): void {
    const c = this.game.clock;
    const on =
      !!c &&
      !this.closed.signal.aborted &&
      !document.hidden &&
      stillRunning(c, performance.now() - this.clockSince);
    if (on && this.ticker === null) this.ticker = setInterval(() => this.drawClocks(), TICK_MS);
    else if (!on && this.ticker !== null) {
      clearInterval(this.ticker);
      this.ticker = null;
    }
  }

  private fillButtons(into: HTMLElement, buttons: readonly Button[]): void {
    into.replaceChildren(
      ...buttons.map((b) => {
        const el = document.createElement("button");
        el.type = "button";
        el.textContent = b.text;
        el.dataset.act = b.name;
        el.disabled = this.busy;
        if (b.pressed) el.setAttribute("aria-pressed", "true");
        el.addEventListener("click", b.act);
        return el;
      }),
    );
  }

  /**
   * The buttons the viewer has now: the game's offers (services/offers.ts, as under the
   * chat's board) that this player may take, the move drawn as this page plays it.
   */
  private buttons(): Button[] {
    const g = this.game;
    const x = this.boot.texts;
    const me = this.me;
    if (!me || this.ended || g.starting || (g.status !== "active" && g.status !== "finished"))
      return [];
    const act = (type: string) => () => void this.send({ type });
    const b = (name: string, text: string, run: () => void): Button => ({ name, text, act: run });
    if (g.state.phase === "over" && this.nextGameId !== null)
      return [b("next", x.rematch, () => this.open(this.nextGameId!))];
    // A lobby match over: home, or at once a search for another like it.
    if (g.status === "finished" && g.lobby && !g.nextGameDue)
      return [
        b("find-another", x.findAnother, () => void this.findAnother(g.lobby!)),
        b("home", x.home, () => this.home()),
      ];
    if (this.asking) {
      const kinds =
        g.variant === "long"
          ? [b("resign-yes", x.resignYes, () => this.resign())]
          : (["single", "gammon", "backgammon"] as const).map((k) =>
              b(`resign-${k}`, x.kinds[k]!, () => this.resign(k)),
            );
      return [...kinds, b("cancel", x.cancel, () => this.ask(false))];
    }
    const out: Button[] = [];
    for (const offer of offersOf(g).flat()) {
      if (!mayTake(offer, g, this.boot.me.id)) continue;
      switch (offer.kind) {
        case "move":
          if (!this.turn) break;
          if (this.turn.steps.length > 0 || g.state.steps.length > 0)
            out.push(b("undo", x.undo, () => this.undo()));
          if (this.turn.complete()) out.push(b("confirm", x.confirm, () => void this.confirm()));
          break;
        case "rematch":
          out.push(b("rematch", x.rematch, () => void this.rematch()));
          break;
        case "resign":
          out.push(b("resign", x.resign, () => this.ask(true)));
          break;
        case "claim":
          out.push(b("claim", x.claim, act("claim-timeout")));
          break;
        default:
          out.push(b(offer.kind, x[OFFER_TEXT[offer.kind]], act(offer.kind)));
      }
    }
    return out;
  }

  /** The resignation's question, naming the opponent. */
  private question(): string {
    const g = this.game;
    const x = this.boot.texts;
    const opponent = this.me === "white" ? g.black : g.white;
    return fill(g.variant === "long" ? x.resignLong : x.resignShort, { name: opponent.name });
  }

  private renderReview(): void {
    const el = this.parts.review;
    const x = this.boot.texts;
    const review = this.review;
    el.hidden = !review || this.game.state.phase !== "over";
    if (!review || el.hidden) return;
    const at = this.frameAt;
    const last = this.frames.length - 1;
    const frame = this.frames[at]!;
    const go = (i: number) => () => {
      this.frameAt = Math.max(0, Math.min(last, i));
      this.showBest = false;
      this.render();
    };
    const nav = document.createElement("div");
    nav.className = "nav";
    this.fillButtons(nav, [
      { name: "first", text: "«", act: go(0) },
      { name: "back", text: "◀", act: go(at - 1) },
      { name: "forward", text: "▶", act: go(at + 1) },
      { name: "last", text: "»", act: go(last) },
    ]);
    const label = document.createElement("p");
    label.className = "frame";
    label.textContent = `${x.replay} · ${at === 0 ? x.start : fill(x.turnOf, { n: at, total: last })}`;
    const parts: HTMLElement[] = [label, nav];
    for (const line of frame.lines(x)) {
      const p = document.createElement("p");
      p.className = "mark";
      p.textContent = line;
      parts.push(p);
    }
    if (frame.best) {
      const toggle = document.createElement("div");
      this.fillButtons(toggle, [
        {
          name: "played",
          text: fill(x.played, { play: frame.playedText }),
          pressed: !this.showBest,
          act: () => this.best(false),
        },
        {
          name: "best",
          text: fill(x.best, { play: frame.bestText, loss: frame.lossText }),
          pressed: this.showBest,
          act: () => this.best(true),
        },
      ]);
      parts.push(toggle);
    }
    if (review.marks === null) {
      const p = document.createElement("p");
      p.textContent = x.noAnalysis;
      parts.push(p);
    } else {
      const chips = document.createElement("div");
      chips.className = "marks";
      this.fillButtons(
        chips,
        this.frames.flatMap((f, i) =>
          f.marks.map((m) => ({
            name: `mark-${i}`,
            text: `${i} ${ICON[m.color]} ${x.levels[m.level]} −${m.loss.toFixed(3)}`,
            pressed: i === at,
            act: go(i),
          })),
        ),
      );
      parts.push(chips);
    }
    el.replaceChildren(...parts);
  }

  private best(on: boolean): void {
    this.showBest = on;
    this.render();
  }

  // ------------------------------------------------------------------ input

  private listen(): void {
    const board = this.parts.board;
    const signal = this.closed.signal;
    document.addEventListener("visibilitychange", () => this.drawClocks(), { signal });
    window.addEventListener(
      "resize",
      () => {
        const line = this.parts.players.querySelector<HTMLElement>(".line");
        if (line) fitLine(line);
        const shape = viewportShape();
        if (shape === this.shape) return;
        this.shape = shape;
        this.render();
      },
      { signal },
    );
    board.addEventListener(
      "pointerdown",
      (e) => {
        const spot = spotAt(e.target);
        if (spot === null) return;
        e.preventDefault();
        this.dragFrom = this.turn?.origins().has(spot) ? spot : null;
        this.tap(spot, e.timeStamp);
      },
      { signal },
    );
    board.addEventListener(
      "pointerup",
      (e) => {
        const from = this.dragFrom;
        this.dragFrom = null;
        const spot = spotAt(document.elementFromPoint(e.clientX, e.clientY));
        // Dropped somewhere else than it was picked up: a drag, the same as a second tap.
        if (from !== null && spot !== null && spot !== from && this.selected === from)
          this.tap(spot, e.timeStamp);
      },
      { signal },
    );
  }

  private tap(spot: number, at: number): void {
    const turn = this.turn;
    if (!turn || this.busy) return;
    if (this.selected !== null && turn.take(this.selected, spot)) {
      this.selected = null;
      this.notice = "";
      haptic("move");
      this.render();
      // How long a tap takes to show its move (read by the benchmark).
      requestAnimationFrame(() => performance.measure("nardy:tap", { start: at }));
      return;
    }
    // A checker picked, and a point it cannot go to tapped: felt as well as seen.
    if (this.selected !== null && this.selected !== spot && !turn.origins().has(spot))
      haptic("refused");
    this.selected = this.selected === spot || !turn.origins().has(spot) ? null : spot;
    this.render();
  }

  private undo(): void {
    if (this.turn?.undo()) {
      this.selected = null;
      this.render();
    } else void this.send({ type: "undo" });
  }

  private ask(on: boolean): void {
    this.asking = on;
    this.notice = "";
    this.render();
  }

  private resign(kind?: string): void {
    this.asking = false;
    void this.send(kind ? { type: "resign", kind } : { type: "resign" });
  }

  /** The tapped steps as one action; a chat that asks to confirm turns gets its commit. */
  private async confirm(): Promise<void> {
    const turn = this.turn;
    if (!turn?.complete()) return;
    const steps = turn.steps.map(({ from, to, die }) => ({ from, to, die }));
    const played = steps.length > 0 ? await this.send({ type: "play", steps }) : this.game;
    const s = played?.state;
    if (
      played &&
      s?.phase === "move" &&
      this.myMove(played) &&
      s.turnNumber === turn.base.turnNumber
    )
      await this.send({ type: "commit" });
  }

  private async send(action: Record<string, unknown>): Promise<PageGame | null> {
    this.busy = true;
    this.notice = "";
    this.render();
    try {
      const { game } = await this.api.act(this.game.id, this.game.version, action);
      this.busy = false;
      this.adopt(game, false, true);
      return game;
    } catch (e) {
      this.busy = false;
      this.notice = e instanceof Refused ? e.refusal.message : this.boot.texts.offline;
      // The turn is kept here; it goes again once the server answers (see `online`).
      if (!(e instanceof Refused) && (action.type === "play" || action.type === "commit"))
        this.resend = true;
      if (e instanceof Refused && e.refusal.game) this.adopt(e.refusal.game, false);
      return null;
    } finally {
      this.busy = false;
      this.render();
    }
  }

  /** A search on the lobby game's terms: its game if it pairs at once, else the home waiting. */
  private async findAnother(terms: NonNullable<PageGame["lobby"]>): Promise<void> {
    this.busy = true;
    this.render();
    try {
      const { gameId } = await this.api.seek(this.game.variant, terms.matchLength, terms.clock);
      return gameId === undefined ? this.home() : this.open(gameId);
    } catch (e) {
      const r = e instanceof Refused ? e.refusal : null;
      // Already looking: the home shows that search.
      if (r?.code === "already-seeking") return this.home();
      this.notice = r?.message ?? this.boot.texts.offline;
    } finally {
      this.busy = false;
      this.render();
    }
  }

  private async rematch(): Promise<void> {
    this.busy = true;
    this.render();
    try {
      const { gameId } = await this.api.rematch(this.game.id);
      this.open(gameId);
    } catch (e) {
      const r = e instanceof Refused ? e.refusal : null;
      if (r?.gameId !== undefined) return this.open(r.gameId);
      this.notice = r?.message ?? this.boot.texts.offline;
    } finally {
      this.busy = false;
      this.render();
    }
  }

  /** The opponent's checkers flown from where they stood to where they stand now. */
  private async fly(flights: readonly Flight[]): Promise<void> {
    const drawn = this.flying;
    const radius = layoutFor(this.game.variant, this.shape).radius;
    for (const f of flights) {
      // Into the board's group, whose coordinates the flights are in (turned on a tall board).
      const svg = this.parts.board.querySelector<SVGGElement>("svg g.board");
      if (!svg || drawn !== this.flying) return;
      const g = document.createElementNS(SVG_NS, "g");
      g.setAttribute("class", "fly");
      g.innerHTML = flyingChecker(f.color, radius);
      svg.appendChild(g);
      const hidden =
        f.lands === null
          ? null
          : svg.querySelector<SVGGElement>(`g[data-point="${f.lands}"][data-count]`);
      if (hidden) hidden.style.opacity = "0";
      const path = [f.from, f.to].map((p) => ({ transform: `translate(${p.x}px, ${p.y}px)` }));
      await g
        .animate(path, { duration: FLIGHT_MS, easing: "ease-in-out", fill: "forwards" })
        .finished.catch(() => {});
      g.remove();
      if (hidden) hidden.style.opacity = "";
    }
  }
}

function spotAt(target: EventTarget | null): number | null {
  const el = target instanceof Element ? target.closest<SVGElement>("[data-spot]") : null;
  return spotOf(el?.dataset.spot);
}

const viewportShape = (): Shape => (window.innerHeight > window.innerWidth ? "tall" : "wide");

const reducedMotion = (): boolean =>
  window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

/** The page's word for each offer that is one action of the same name. */
const OFFER_TEXT = {
  roll: "roll",
  double: "double",
  take: "take",
  drop: "drop",
  "accept-resign": "accept",
  "decline-resign": "decline",
} as const satisfies Partial<Record<OfferKind, keyof PageTexts>>;

/**
 * "⚪ Alice  0 : 0  Bob ⚫" in three cells, each side's pip count under its name: a long name
 * is cut on its own, so the score and both colours always show. With a clock, the pips
 * line runs the whole width, each side's time beside its pips towards the middle, where
 * the running one's longer figures have room. Names are text nodes, never markup.
 */
function fillPlayers(
  into: HTMLElement,
  g: PageGame,
  score: { readonly white: number; readonly black: number },
  view: BoardView,
  x: PageTexts,
): void {
  const cell = (cls: string, ...parts: [string, string][]) => {
    const el = document.createElement("span");
    el.className = cls;
    for (const [part, text] of parts) {
      const span = document.createElement("span");
      span.className = part;
      span.textContent = text;
      el.append(span);
    }
    return el;
  };
  const count = (c: Color): [string, string] => [
    "count",
    fill(x.pips, { n: pipCount(view.board[c]) }),
  ];
  // The board's own side first, as an upright board shows the two pip counts.
  const left = view.perspective;
  const right = other(left);
  const player = (c: Color) => (c === "white" ? g.white : g.black);
  const names = [
    cell(`side ${left} left`, ["icon", ICON[left]], ["name", player(left).name]),
    cell("score", ["points", `${score[left]} : ${score[right]}`]),
    cell(`side ${right} right`, ["name", player(right).name], ["icon", ICON[right]]),
  ];
  into.classList.toggle("clocked", !!g.clock);
  if (!g.clock) {
    into.replaceChildren(
      ...names,
      cell(`pips ${left} left`, count(left)),
      cell(`pips ${right} right`, count(right)),
    );
    return;
  }
  // The count's words apart from its number: on a screen too narrow for both, only the
  // number stays (the board draws the same count).
  const [before = "", after = ""] = x.pips.split("{n}");
  const counted = (c: Color): [string, string][] => [
    ["word", before],
    ["n", String(pipCount(view.board[c]))],
    ["word", after],
  ];
  const side = (c: Color, clockFirst: boolean) => {
    const countEl = span("count", "");
    countEl.append(...counted(c).flatMap(([cls, t]) => (t ? [span(cls, t)] : [])));
    // Filled by drawClocks; its legend for whoever wonders what the two figures are.
    const clockEl = span("clock", "");
    clockEl.setAttribute("role", "timer");
    clockEl.title = x.clock;
    const el = span(`pips ${c} ${clockFirst ? "right" : "left"}`, "");
    el.append(...(clockFirst ? [clockEl, countEl] : [countEl, clockEl]));
    return el;
  };
  const line = document.createElement("span");
  line.className = "line";
  line.append(side(left, false), side(right, true));
  into.replaceChildren(...names, line);
  fitLine(line);
}

const span = (cls: string, text: string): HTMLElement => {
  const el = document.createElement("span");
  el.className = cls;
  el.textContent = text;
  return el;
};

/** The clocks' line, its counts' words left out when the line would not fit on one row. */
function fitLine(line: HTMLElement): void {
  line.classList.remove("tight");
  const [a, b] = line.children as unknown as [HTMLElement, HTMLElement];
  if (a.offsetTop !== b.offsetTop) line.classList.add("tight");
}

/** A side's clock: its figures, lit while it runs, a warning colour when low. */
function showClock(el: HTMLElement, s: SideClock): void {
  const text = clockText(s);
  if (el.textContent !== text) el.textContent = text;
  el.classList.toggle("running", s.running);
  el.classList.toggle("low", s.low);
}
