import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../log.js";
import type { GameReviews, GameService, GameView, ServiceError } from "../services/index.js";
import type { PageAssets } from "./assets.js";
import { deviceBytes } from "./device-bytes.js";
import { type HomeLobby, type HomeReply, LobbyHome } from "./home.js";
import { accepts, readBody, sendJson } from "./http.js";
import { checkInitData, initDataKey, type WebUser } from "./init-data.js";
import { RateLimiter, Recent } from "./limits.js";
import { pageGame, playerName, seatOf } from "./page-game.js";
import type { Translate, WebBoardPorts } from "./ports.js";
import {
  AUTH_SCHEME,
  EVENT,
  type PageBoot,
  type PageGame,
  type PageTexts,
  type Refusal,
  type Role,
  SEAT_ID,
} from "./protocol.js";
import { Reviews } from "./review.js";
import { canStream, GameStreams, sseEvent } from "./streams.js";
import { deniedText, pageTexts, refusalText } from "./texts.js";

export interface WebLimits {
  /** API requests per user: a burst, then so many a second. */
  readonly burst: number;
  readonly perSecond: number;
  /** Requests with launch data that does not check out, per address. */
  readonly failedBurst: number;
  readonly failedPerSecond: number;
  /** Open pages (event streams) per user, and in all. */
  readonly streamsPerUser: number;
  readonly streams: number;
  /** Bytes of a request's body. */
  readonly body: number;
}

const DEFAULT_LIMITS: WebLimits = {
  burst: 40,
  perSecond: 10,
  failedBurst: 30,
  failedPerSecond: 5,
  streamsPerUser: 4,
  streams: 5_000,
  body: 4_096,
};

/** A membership answer is trusted this long; asking costs a Bot API call. */
const MEMBER_TTL_MS = 5 * 60_000;
/** A membership question that takes longer is a no (the page may ask again). */
const MEMBER_TIMEOUT_MS = 5_000;

export interface WebBoardOptions {
  readonly service: GameService;
  readonly reviews: GameReviews;
  readonly ports: WebBoardPorts;
  readonly logger: Logger;
  /** Launch data is signed with a key made from it. */
  readonly botToken: string;
  /** The page's path ("/board"; "" at the root), from its public URL. */
  readonly base: string;
  readonly assets: PageAssets;
  readonly now?: () => number;
  readonly limits?: Partial<WebLimits>;
  /** The lobby the page's home shows; without it the home's routes are not served. */
  readonly lobby?: HomeLobby;
  /** Called once the board is closed (the app ends its subscription). */
  readonly onClose?: () => void;
  /** How often a quiet stream hears a comment (HEARTBEAT_MS; tests make it short). */
  readonly heartbeatMs?: number;
}

type Route = "boot" | "act" | "rematch" | "events" | "review";
const API = /^api\/game\/(\d{1,16})(?:\/(act|rematch|events|review))?$/;
type HomeRoute = "boot" | "state" | "seek" | "join" | "cancel";
const HOME_API = /^api\/home(?:\/(state|seek|join|cancel))?$/;

/** An answer that ends a request early. */
class Answer extends Error {
  constructor(
    readonly status: number,
    readonly body: Refusal & { readonly gameId?: number },
    readonly headers: Record<string, string> = {},
  ) {
    super(body.code);
  }
}

/**
 * The board page and its API, on the bot's own HTTP server: the page, each game as the
 * signed user may see it, their actions through the game service (the same version check as
 * the buttons), and every change pushed to the open pages of its game. Every API request
 * carries Telegram's signed launch data; a player acts only for themselves, on their own
 * games; members of a group see its games read-only.
 */
export class WebBoard {
  private readonly key: Buffer;
  private readonly limits: WebLimits;
  private readonly now: () => number;
  private readonly requests: RateLimiter;
  private readonly failures: RateLimiter;
  private readonly streams: GameStreams;
  private readonly reviews: Reviews;
  private readonly members = new Recent<string, { at: number; answer: Promise<boolean> }>(10_000);
  private readonly texts = new Map<string, PageTexts>();
  private readonly home: LobbyHome | null;

  constructor(private readonly opts: WebBoardOptions) {
    this.key = initDataKey(opts.botToken);
    this.limits = { ...DEFAULT_LIMITS, ...opts.limits };
    this.now = opts.now ?? Date.now;
    this.requests = new RateLimiter(this.limits.burst, this.limits.perSecond, this.now);
    this.failures = new RateLimiter(this.limits.failedBurst, this.limits.failedPerSecond, this.now);
    this.streams = new GameStreams(
      { perUser: this.limits.streamsPerUser, total: this.limits.streams },
      opts.heartbeatMs,
    );
    this.reviews = new Reviews(opts.reviews);
    this.home = opts.lobby ? new LobbyHome(opts.lobby, opts.service, opts.ports) : null;
  }

  /** Open pages now. */
  get openPages(): number {
    return this.streams.size;
  }

  /** Serves the request when it is the page's; false leaves it to the server's other routes. */
  readonly handle = (req: IncomingMessage, res: ServerResponse): boolean => {
    let url: URL;
    try {
      url = new URL(req.url ?? "/", "http://localhost");
    } catch {
      // A request target no URL parser takes is nobody's (the server answers 404).
      return false;
    }
    const { base } = this.opts;
    if (url.pathname !== base && !url.pathname.startsWith(`${base}/`)) return false;
    const rest = url.pathname === base ? "" : url.pathname.slice(base.length + 1);
    const asset = this.opts.assets.get(rest);
    if (asset && (req.method === "GET" || req.method === "HEAD")) {
      this.serveAsset(req, res, rest);
      return true;
    }
    const home = this.home ? HOME_API.exec(rest) : null;
    if (home) {
      const route: HomeRoute = (home[1] as HomeRoute | undefined) ?? "boot";
      const post = route === "seek" || route === "join" || route === "cancel";
      if (req.method !== (post ? "POST" : "GET")) {
        res.writeHead(405, { allow: post ? "POST" : "GET" }).end();
        return true;
      }
      this.homeApi(req, res, route, post).catch((err: unknown) =>
        this.failed(req, res, err, route),
      );
      return true;
    }
    const m = API.exec(rest);
    if (!m) {
      res.writeHead(404).end();
      return true;
    }
    const route: Route = (m[2] as Route | undefined) ?? "boot";
    const post = route === "act" || route === "rematch";
    if (req.method !== (post ? "POST" : "GET")) {
      res.writeHead(405, { allow: post ? "POST" : "GET" }).end();
      return true;
    }
    this.api(req, res, route, Number(m[1]), url).catch((err: unknown) =>
      this.failed(req, res, err, route),
    );
    return true;
  };

  private failed(req: IncomingMessage, res: ServerResponse, err: unknown, route: string): void {
    if (err instanceof Answer) sendJson(req, res, err.status, err.body, err.headers);
    else {
      this.opts.logger.error({ err, route }, "board page request failed");
      if (!res.headersSent) sendJson(req, res, 500, { code: "error", message: "" });
      else res.end();
    }
  }

  /** The home's requests: signed and counted as the game's, bodies capped the same way. */
  private async homeApi(
    req: IncomingMessage,
    res: ServerResponse,
    route: HomeRoute,
    post: boolean,
  ): Promise<void> {
    const home = this.home!;
    const user = await this.signedUser(req);
    const locale = await this.opts.ports.localeOf(user.id, user.languageCode);
    const t = this.opts.ports.textsFor(locale);
    const wait = this.requests.take(`u${user.id}`);
    if (wait > 0) throw tooMany(wait);
    const body = post ? await this.body(req, t) : null;
    const reply: HomeReply =
      route === "boot"
        ? { status: 200, body: await home.boot(user, locale, t) }
        : route === "state"
          ? { status: 200, body: await home.state(user.id) }
          : route === "cancel"
            ? await home.cancel(user, t)
            : await home[route](user, body, t);
    sendJson(req, res, reply.status, reply.body, reply.headers);
  }

  /** A game changed: every open page of it hears so now; a next game's, that it began. */
  async changed(game: GameView): Promise<void> {
    if (this.streams.watching(game.id)) {
      const data = JSON.stringify(this.pageGame(game));
      const reached = this.streams.push(
        game.id,
        sseEvent(EVENT.game, game.version, data),
        game.version,
      );
      if (game.waitingFor !== null && reached.has(game.waitingFor)) await this.delivered(game);
    }
    if (game.starting && game.previousGameId !== null)
      this.streams.push(
        game.previousGameId,
        sseEvent(EVENT.next, null, JSON.stringify({ gameId: game.id })),
      );
  }

  /** The player to act has the game on their page: their time runs from now. */
  private async delivered(game: GameView): Promise<void> {
    if (game.clock) await this.service.clockSeen(game.id, game.version);
  }

  /** Ends every open page's stream (they reconnect to the next process). */
  close(): void {
    this.streams.closeAll();
    this.opts.onClose?.();
  }

  private serveAsset(req: IncomingMessage, res: ServerResponse, name: string): void {
    const a = this.opts.assets.get(name)!;
    const headers: Record<string, string> = {
      "content-type": a.type,
      etag: a.etag,
      vary: "accept-encoding",
      "x-content-type-options": "nosniff",
      "cache-control": a.immutable ? "public, max-age=31536000, immutable" : "no-cache",
    };
    if (name === "")
      Object.assign(headers, {
        "content-security-policy":
          "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'",
        "referrer-policy": "no-referrer",
      });
    if (req.headers["if-none-match"] === a.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    const [body, encoding] = accepts(req, "br")
      ? [a.br, "br"]
      : accepts(req, "gzip")
        ? [a.gzip, "gzip"]
        : [a.raw, null];
    if (encoding) headers["content-encoding"] = encoding;
    headers["content-length"] = String(body.length);
    res.writeHead(200, headers).end(req.method === "HEAD" ? undefined : body);
  }

  private async api(
    req: IncomingMessage,
    res: ServerResponse,
    route: Route,
    gameId: number,
    url: URL,
  ): Promise<void> {
    const user = await this.signedUser(req);
    const t = this.opts.ports.textsFor(await this.opts.ports.localeOf(user.id, user.languageCode));
    const wait = this.requests.take(`u${user.id}`);
    if (wait > 0) throw tooMany(wait);
    // The body first: a request that carries too much is refused before any work.
    const body = route === "act" || route === "rematch" ? await this.body(req, t) : null;
    const game = await this.service.getGame(gameId);
    if (!game) throw new Answer(404, { code: "not-found", message: deniedText(t, "not-found") });
    const role = await this.roleOf(game, user.id);
    if (!role)
      throw new Answer(403, { code: "not-allowed", message: deniedText(t, "not-allowed") });
    switch (route) {
      case "boot":
        return this.boot(req, res, user, role, gameId, t);
      case "events":
        return this.openStream(req, res, user, gameId, url);
      case "review":
        return this.review(req, res, gameId, t);
      case "act":
        return this.act(req, res, user, game, body, t);
      case "rematch":
        return this.rematch(req, res, user, game, body, t);
    }
  }

  private get service(): GameService {
    return this.opts.service;
  }

  /** The user the request's launch data names, if Telegram signed it within the day. */
  private async signedUser(req: IncomingMessage): Promise<WebUser> {
    const header = req.headers.authorization ?? "";
    const raw = header.startsWith(`${AUTH_SCHEME} `) ? header.slice(AUTH_SCHEME.length + 1) : null;
    const check = checkInitData(raw, this.key, this.now());
    if (check.ok) return check.data.user;
    const wait = this.failures.take(`a${req.socket.remoteAddress ?? ""}`);
    if (wait > 0) throw tooMany(wait);
    // Unsigned: its language only chooses the words of the refusal.
    const t = this.opts.ports.textsFor(await this.opts.ports.localeOf(null, unsignedLanguage(raw)));
    // Launch data that turned a day old while the page was open: that page has to be reopened.
    const why = check.reason === "stale" ? "expired" : "auth";
    throw new Answer(401, { code: check.reason, message: deniedText(t, why) });
  }

  private async body(req: IncomingMessage, t: Translate): Promise<unknown> {
    const text = await readBody(req, this.limits.body);
    const bad = new Answer(400, { code: "bad-input", message: t("err-bad-input") });
    if (text === null) throw new Answer(413, { code: "too-large", message: t("err-bad-input") });
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw bad;
    }
  }

  /**
   * A player sees and plays their game. Anyone else sees a group's game read-only while they
   * are in that group (Telegram is asked, and the answer kept for a while). A game in a
   * private chat, or in an inline message whose chat the bot cannot know, is its players'.
   */
  private async roleOf(game: GameView, userId: number): Promise<Role | null> {
    const seat = seatOf(game, userId);
    if (seat) return seat;
    const inGroup = game.chatId !== null && game.chatId < 0 && game.message?.kind !== "inline";
    return inGroup && (await this.member(game.chatId!, userId)) ? "spectator" : null;
  }

  private member(chatId: number, userId: number): Promise<boolean> {
    const key = `${chatId}:${userId}`;
    const known = this.members.get(key);
    if (known && this.now() - known.at < MEMBER_TTL_MS) return known.answer;
    const answer = Promise.race([
      this.opts.ports.isMember(chatId, userId).catch(() => false),
      new Promise<boolean>((resolve) => setTimeout(resolve, MEMBER_TIMEOUT_MS, false).unref()),
    ]);
    this.members.set(key, { at: this.now(), answer });
    return answer;
  }

  /** The game for the page, its clock's figures as of the service's time (its clock's own). */
  private pageGame(game: GameView): PageGame {
    return pageGame(game, this.service.claimable(game), this.service.config.now());
  }

  private textsIn(locale: string, t: Translate): PageTexts {
    let texts = this.texts.get(locale);
    if (!texts) {
      texts = pageTexts(t);
      this.texts.set(locale, texts);
    }
    return texts;
  }

  private async boot(
    req: IncomingMessage,
    res: ServerResponse,
    user: WebUser,
    role: Role,
    gameId: number,
    t: Translate,
  ): Promise<void> {
    // Read again: the membership question may have taken a while.
    const game = (await this.service.getGame(gameId))!;
    const locale = await this.opts.ports.localeOf(user.id, user.languageCode);
    const boot: PageBoot = {
      me: {
        id: SEAT_ID[role],
        name: playerName(user),
      },
      role,
      locale,
      texts: this.textsIn(locale, t),
      game: this.pageGame(game),
    };
    sendJson(req, res, 200, boot);
    if (game.waitingFor === user.id) await this.delivered(game);
  }

  /** The game's changes as they happen, from the version the page names (it has that one). */
  private async openStream(
    req: IncomingMessage,
    res: ServerResponse,
    user: WebUser,
    gameId: number,
    url: URL,
  ): Promise<void> {
    const can = canStream(res);
    // Left while its viewer was checked: nobody to answer, nothing to count.
    if (can === "gone") return;
    // Behind another answer on its connection: it could not be counted exactly.
    if (can === "queued")
      throw new Answer(400, { code: "pipelined", message: "" }, { connection: "close" });
    if (!this.streams.hasRoom(user.id))
      throw new Answer(503, { code: "busy", message: "" }, { "retry-after": "10" });
    // Opened first, then read: a change made while the game is read reaches the stream too.
    const stream = this.streams.open(res, gameId, user.id);
    if (!stream) return;
    const game = (await this.service.getGame(gameId))!;
    const seen = Number(req.headers["last-event-id"] ?? url.searchParams.get("v") ?? NaN);
    // A clock changes without a new version (started, held, resumed after a restart): a page
    // coming back to a clocked game hears its figures as they are now, whatever it has.
    if (seen === game.version && !game.clock) return;
    const first = sseEvent(EVENT.game, game.version, JSON.stringify(this.pageGame(game)));
    if (this.streams.catchUp(stream, game.version, first) && game.waitingFor === user.id)
      await this.delivered(game);
  }

  private async review(
    req: IncomingMessage,
    res: ServerResponse,
    gameId: number,
    t: Translate,
  ): Promise<void> {
    const review = await this.reviews.of(gameId);
    if (!review) throw new Answer(409, { code: "game-active", message: t("err-game-not-over") });
    sendJson(req, res, 200, review);
  }

  private async act(
    req: IncomingMessage,
    res: ServerResponse,
    user: WebUser,
    game: GameView,
    body: unknown,
    t: Translate,
  ): Promise<void> {
    this.playerOnly(game, user, t);
    const { version, action } = (body ?? {}) as { version?: unknown; action?: unknown };
    if (typeof version !== "number" || !Number.isSafeInteger(version))
      throw new Answer(400, { code: "bad-input", message: t("err-bad-input") });
    // Said before acting: the chat's board this change asks for is then for onlookers.
    this.opts.ports.playing(game.id, user.id);
    const r = await this.service.act(game.id, user.id, action as never, version);
    if (r.ok) sendJson(req, res, 200, { game: this.pageGame(r.value.game) });
    else throw this.refused(r.error, t);
  }

  private async rematch(
    req: IncomingMessage,
    res: ServerResponse,
    user: WebUser,
    game: GameView,
    body: unknown,
    t: Translate,
  ): Promise<void> {
    this.playerOnly(game, user, t);
    // An inline game's next game is shown in the same inline message, as with its button.
    const inline = game.message?.kind === "inline" ? game.message : null;
    // The presser's device fixes the dice's second part, as Telegram's id does for a press.
    const bytes = deviceBytes((body as { nonce?: unknown } | null)?.nonce);
    const started = bytes === null ? {} : { secondPart: `page:${bytes}` };
    const r = await this.service.rematch(game.id, user, inline, started);
    if (r.ok) sendJson(req, res, 200, { gameId: r.value.game.id });
    else throw this.refused(r.error, t);
  }

  private playerOnly(game: GameView, user: WebUser, t: Translate): void {
    if (!seatOf(game, user.id))
      throw new Answer(403, { code: "not-a-player", message: t("err-not-a-player") });
  }

  private refused(error: ServiceError, t: Translate): Answer {
    const body = {
      code: error.code,
      message: refusalText(t, error),
      ...(error.game ? { game: this.pageGame(error.game) } : {}),
      ...(error.gameId !== undefined ? { gameId: error.gameId } : {}),
    };
    return new Answer(STATUS[error.code] ?? 422, body);
  }
}

const STATUS: Partial<Record<ServiceError["code"], number>> = {
  stale: 409,
  "not-found": 404,
  "not-a-player": 403,
  "bad-input": 400,
  busy: 503,
};

const tooMany = (waitMs: number): Answer =>
  new Answer(
    429,
    { code: "too-many", message: "" },
    { "retry-after": String(Math.ceil(waitMs / 1000)) },
  );

/** The language code of launch data not checked (or that failed the check). */
function unsignedLanguage(raw: string | null): string | null {
  try {
    const user = JSON.parse(new URLSearchParams(raw ?? "").get("user") ?? "null") as {
      language_code?: unknown;
    } | null;
    return typeof user?.language_code === "string" ? user.language_code : null;
  } catch {
    return null;
  }
}
