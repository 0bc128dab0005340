import type { Variant } from "../engine/index.js";
import type {
  GameService,
  LobbyService,
  RatingLeaderRow,
  ServiceError,
} from "../services/index.js";
import { deviceBytes } from "./device-bytes.js";
import type { WebUser } from "./init-data.js";
import { playerName } from "./page-game.js";
import type { Translate, WebBoardPorts } from "./ports.js";
import {
  HOME_CLOCKS,
  type HomeAnswer,
  type HomeBoard,
  type HomeBoot,
  type HomeGame,
  type HomeRow,
  type HomeSeek,
  type HomeState,
  type HomeTexts,
  type Refusal,
} from "./protocol.js";
import { refusalText } from "./texts.js";

/** What the home asks of the lobby. */
export type HomeLobby = Pick<
  LobbyService,
  "seek" | "cancel" | "join" | "waitingOf" | "openSeeks" | "latestSeekOf"
>;

/** An answer of the home's: its status, its JSON, its headers. */
export interface HomeReply {
  readonly status: number;
  readonly body: HomeBoot | HomeState | HomeAnswer | (Refusal & { readonly state?: HomeState });
  readonly headers?: Record<string, string>;
}

/** How often an open home asks for the state (one small query each time). */
export const HOME_POLL_MS = 3_000;
/** The leaderboards are read at most this often for everyone: they change with finished matches. */
const BOARDS_TTL_MS = 30_000;
const TOP = 10;
/** Games in progress listed to go back to. */
const GAMES_SHOWN = 5;
const VARIANTS: readonly Variant[] = ["long", "short"];
/** A seek's part of its dice from the page (SeekInput.mark): the device's bytes, "w…". */
const nonceMark = (nonce: unknown): string | null => {
  const bytes = deviceBytes(nonce);
  return bytes === null ? null : `w${bytes}`;
};

/** The longest match the lobby plays (its seeks may be for any length to it). */
const LONGEST = 11;

interface Boards {
  readonly at: number;
  /** One read for everyone asking meanwhile. */
  readonly rows: Promise<
    readonly {
      readonly variant: Variant;
      readonly allTime: readonly RatingLeaderRow[];
      readonly month: readonly RatingLeaderRow[];
    }[]
  >;
}

/**
 * The board page's home, opened without a game (from the bot's menu button): the lobby's open
 * seeks with a Join each, a Seek on the person's terms, their own search with Cancel, the
 * games they have going, and the rating leaderboards. Strangers are shown by first name and
 * rating only. Seeks and joins count against the person's /play limit.
 */
export class LobbyHome {
  private boards: Boards | null = null;
  private readonly texts = new Map<string, HomeTexts>();

  constructor(
    private readonly lobby: HomeLobby,
    private readonly service: GameService,
    private readonly ports: WebBoardPorts,
  ) {}

  async boot(user: WebUser, locale: string, t: Translate): Promise<HomeBoot> {
    return {
      me: { id: user.id, name: playerName(user) },
      locale,
      texts: this.textsIn(locale, t),
      state: await this.state(user.id),
      boards: await this.leaderboards(user.id, t),
      games: await this.games(user.id),
      pollMs: HOME_POLL_MS,
    };
  }

  async state(userId: number): Promise<HomeState> {
    const own = await this.lobby.waitingOf(userId);
    const mine = own
      ? await this.seekOf(own.id, own.variant, own.matchLength, own.clock, own.userId, "")
      : null;
    const latest = own ? null : await this.lobby.latestSeekOf(userId);
    const met =
      latest?.status === "paired" && latest.gameId
        ? await this.service.getGame(latest.gameId)
        : null;
    return {
      seeks: (await this.lobby.openSeeks(userId)).map((s) => ({
        id: s.id,
        variant: s.variant,
        matchLength: s.matchLength,
        clock: s.clock,
        name: s.firstName,
        rating: Math.round(s.rating),
      })),
      mine,
      paired: met?.status === "active" ? met.id : null,
    };
  }

  async seek(user: WebUser, body: unknown, t: Translate): Promise<HomeReply> {
    const b = (body ?? {}) as Record<string, unknown>;
    const variant = b.variant;
    const clock = b.clock;
    if (
      (variant !== "long" && variant !== "short") ||
      typeof b.matchLength !== "number" ||
      typeof clock !== "string" ||
      !(HOME_CLOCKS as readonly string[]).includes(clock)
    )
      return this.badInput(t);
    if (await this.lobby.waitingOf(user.id))
      return this.refused(user, 409, "already-seeking", t("seek-already"));
    const limited = await this.limited(user, t);
    if (limited) return limited;
    const r = await this.lobby.seek({
      seeker: user,
      variant,
      matchLength: b.matchLength,
      clock: clock as (typeof HOME_CLOCKS)[number],
      mark: nonceMark(b.nonce),
    });
    if (!r.ok) return this.failed(user, r.error, t);
    this.ports.startLimit(user.id, true);
    const gameId = r.value.kind === "paired" ? r.value.game.game.id : undefined;
    return this.answer(user, gameId);
  }

  async join(user: WebUser, body: unknown, t: Translate): Promise<HomeReply> {
    const { seekId, nonce } = (body ?? {}) as Record<string, unknown>;
    if (typeof seekId !== "number" || !Number.isSafeInteger(seekId) || seekId <= 0)
      return this.badInput(t);
    const limited = await this.limited(user, t);
    if (limited) return limited;
    const r = await this.lobby.join(user, seekId, nonceMark(nonce));
    if (!r.ok) return this.failed(user, r.error, t);
    this.ports.startLimit(user.id, true);
    return this.answer(user, r.value.game.game.id);
  }

  async cancel(user: WebUser, t: Translate): Promise<HomeReply> {
    const r = await this.lobby.cancel(user.id);
    if (!r.ok) return this.refused(user, 409, "not-seeking", t("seek-none"));
    return this.answer(user);
  }

  private async answer(user: WebUser, gameId?: number): Promise<HomeReply> {
    const state = await this.state(user.id);
    return { status: 200, body: gameId === undefined ? { state } : { state, gameId } };
  }

  /** Over the person's /play limit: refused with when to try again. */
  private async limited(user: WebUser, t: Translate): Promise<HomeReply | null> {
    const wait = this.ports.startLimit(user.id, false);
    if (wait <= 0) return null;
    const minutes = Math.max(1, Math.ceil(wait / 60_000));
    return {
      ...(await this.refused(user, 429, "too-many", t("limit-challenges", { minutes }))),
      headers: { "retry-after": String(Math.ceil(wait / 1000)) },
    };
  }

  private async failed(user: WebUser, error: ServiceError, t: Translate): Promise<HomeReply> {
    switch (error.code) {
      case "not-found":
        return await this.refused(user, 409, "gone", t("web-home-gone"));
      case "self-challenge":
        return await this.refused(user, 409, "own", t("web-home-own"));
      case "bad-input":
        return this.badInput(t);
      case "held-out":
        return await this.refused(user, 403, "held-out", refusalText(t, error));
      case "busy":
        return await this.refused(user, 503, "busy", refusalText(t, error));
      default:
        return await this.refused(user, 422, error.code, refusalText(t, error));
    }
  }

  private badInput(t: Translate): HomeReply {
    return { status: 400, body: { code: "bad-input", message: t("err-bad-input") } };
  }

  /** A refusal with the state as it is, so the page shows what changed meanwhile. */
  private async refused(
    user: WebUser,
    status: number,
    code: string,
    message: string,
  ): Promise<HomeReply> {
    return { status, body: { code, message, state: await this.state(user.id) } };
  }

  private async seekOf(
    id: number,
    variant: Variant,
    matchLength: number,
    clock: string,
    userId: number,
    name: string,
  ): Promise<HomeSeek> {
    const rating = Math.round((await this.service.ratingOf(userId, variant)).rating);
    return { id, variant, matchLength, clock, name, rating };
  }

  /** Each game's top ten, all time and this month, the viewer marked, and their own rating. */
  private async leaderboards(userId: number, t: Translate): Promise<HomeBoard[]> {
    const now = this.service.config.now();
    if (!this.boards || now - this.boards.at >= BOARDS_TTL_MS || now < this.boards.at) {
      const boards: Boards = {
        at: now,
        rows: Promise.all(
          VARIANTS.map(async (variant) => ({
            variant,
            allTime: await this.service.ratingLeaderboard(variant, { limit: TOP }),
            month: await this.service.ratingLeaderboard(variant, { month: now, limit: TOP }),
          })),
        ),
      };
      // A failed read is not kept: the next ask tries again.
      boards.rows.catch(() => {
        if (this.boards === boards) this.boards = null;
      });
      this.boards = boards;
    }
    const rows = await this.boards.rows;
    const row = (r: RatingLeaderRow, i: number, figure: string): HomeRow => ({
      rank: i + 1,
      name: r.player.firstName,
      figure,
      me: r.player.id === userId,
    });
    return Promise.all(
      rows.map(async (b) => {
        const own = await this.service.ratingOf(userId, b.variant);
        return {
          variant: b.variant,
          allTime: b.allTime.map((r, i) =>
            row(r, i, t("web-home-row-all", { rating: Math.round(r.rating), matches: r.matches })),
          ),
          month: b.month.map((r, i) => {
            const gained = r.gained ?? 0;
            return row(
              r,
              i,
              t("web-home-row-month", {
                sign: gained < 0 ? "\u2212" : "+",
                gained: Math.abs(gained),
                rating: Math.round(r.rating),
              }),
            );
          }),
          you: t("web-home-you", { rating: Math.round(own.rating), matches: own.matches }),
        };
      }),
    );
  }

  /** The viewer's games in progress, newest first, each opponent by first name. */
  private async games(userId: number): Promise<HomeGame[]> {
    return (await this.service.activeGamesAnywhere(userId))
      .sort((a, b) => b.id - a.id)
      .slice(0, GAMES_SHOWN)
      .map((g) => ({
        id: g.id,
        variant: g.variant,
        opponent: (g.white.id === userId ? g.black : g.white).firstName,
      }));
  }

  private textsIn(locale: string, t: Translate): HomeTexts {
    let texts = this.texts.get(locale);
    if (!texts) {
      texts = homeTexts(t);
      this.texts.set(locale, texts);
    }
    return texts;
  }
}

/** The home's texts in one language. */
export function homeTexts(t: Translate): HomeTexts {
  const lengths: Record<string, string> = {};
  for (let n = 1; n <= LONGEST; n++) lengths[n] = t("web-home-length-of", { n });
  return {
    title: t("web-home-title"),
    intro: t("web-home-intro"),
    length: t("web-home-length"),
    clock: t("web-home-clock"),
    seekLong: t("web-home-seek-long"),
    seekShort: t("web-home-seek-short"),
    waiting: t("web-home-waiting", { game: "{game}" }),
    cancel: t("btn-seek-cancel"),
    seeks: t("web-home-seeks"),
    noSeeks: t("web-home-no-seeks"),
    join: t("web-home-join"),
    rating: t("web-home-rating", { rating: "{rating}" }),
    games: t("web-home-games"),
    open: t("web-home-open"),
    vs: t("web-home-vs", { game: "{game}", name: "{name}" }),
    boards: t("web-home-boards"),
    allTime: t("web-home-all-time"),
    month: t("web-home-month"),
    boardEmpty: t("web-home-board-empty"),
    monthEmpty: t("web-home-month-empty"),
    paired: t("web-home-paired"),
    paused: t("web-home-paused"),
    refresh: t("web-home-refresh"),
    offline: t("web-offline"),
    variants: { long: t("variant-long"), short: t("variant-short") },
    lengths,
    clocks: Object.fromEntries(HOME_CLOCKS.map((c) => [c, t(`clock-${c}`)])),
  };
}
