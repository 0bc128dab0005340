import type { ServerResponse } from "node:http";
import { EVENT } from "./protocol.js";

/** An open page's stream. */
export interface Stream {
  readonly res: ServerResponse;
  readonly gameId: number;
  readonly userId: number;
  /** The newest game version written to it; null: none yet. */
  version: number | null;
}

export interface StreamLimits {
  /** Open pages per user; a newer one closes their oldest. */
  readonly perUser: number;
  /** Open pages in all. */
  readonly total: number;
}

/**
 * A comment line every so often keeps a quiet stream open: proxies, and the bot's own HTTP
 * server, close a connection that sends nothing for a minute.
 */
export const HEARTBEAT_MS = 25_000;
/** A page that reads slower than this much is behind is dropped (it reconnects and catches up). */
const MAX_BUFFERED = 256 * 1024;

/** One server-sent event: `id` is the game's version, so a reconnect names what it has. */
export const sseEvent = (event: string, id: number | null, data: string): string =>
  `${id === null ? "" : `id: ${id}\n`}event: ${event}\ndata: ${data}\n\n`;

/**
 * Whether a stream on `res` would hear its close. "gone": the client left while the request
 * was checked (an await before this); its close came already and will not come again.
 * "queued": the response waits behind another on its connection (pipelining, which no browser
 * does); a connection lost before its turn never closes it.
 */
export function canStream(res: ServerResponse): "yes" | "gone" | "queued" {
  if (res.destroyed || res.req.destroyed || res.req.socket.destroyed) return "gone";
  return res.socket === null ? "queued" : "yes";
}

/**
 * Every open page of every game, as a server-sent event stream. A change is written to each
 * page of its game at once (one serialisation for all of them).
 */
export class GameStreams {
  private readonly byGame = new Map<number, Set<Stream>>();
  /** Each user's streams, oldest first. */
  private readonly byUser = new Map<number, Stream[]>();
  private count = 0;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly limits: StreamLimits,
    heartbeatMs = HEARTBEAT_MS,
  ) {
    this.heartbeat = setInterval(() => this.beat(), heartbeatMs);
    this.heartbeat.unref();
  }

  /** Open streams in all. */
  get size(): number {
    return this.count;
  }

  /** Whether one more stream may open (the user's oldest makes room for it). */
  hasRoom(userId: number): boolean {
    const mine = this.byUser.get(userId)?.length ?? 0;
    return this.count < this.limits.total || mine >= this.limits.perUser;
  }

  /**
   * Starts the stream on `res`: from now on it hears the game's changes, so the game read
   * after this misses none (see `catchUp`). It is counted until its response closes; one
   * whose close cannot be heard is not opened (see `canStream`): null. The user's oldest page
   * past their limit is told why and closed for good (it does not reconnect and close the
   * next).
   */
  open(res: ServerResponse, gameId: number, userId: number): Stream | null {
    if (canStream(res) !== "yes") return null;
    const mine = this.byUser.get(userId) ?? [];
    while (mine.length >= this.limits.perUser) {
      const oldest = mine[0]!;
      this.forget(oldest);
      oldest.res.end(sseEvent(EVENT.closed, null, JSON.stringify({ reason: "newer-page" })));
    }
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      // A buffering proxy (nginx) would hold the events back.
      "x-accel-buffering": "no",
    });
    res.write("retry: 2000\n\n");
    const stream: Stream = { res, gameId, userId, version: null };
    const game = this.byGame.get(gameId) ?? new Set<Stream>();
    game.add(stream);
    this.byGame.set(gameId, game);
    mine.push(stream);
    this.byUser.set(userId, mine);
    this.count++;
    res.once("close", () => this.forget(stream));
    return stream;
  }

  /**
   * The game as read after the stream opened, for a page behind it: written unless a change
   * pushed meanwhile brought that version or a newer one. Whether it was written.
   */
  catchUp(stream: Stream, version: number, text: string): boolean {
    if (stream.version !== null && stream.version >= version) return false;
    stream.version = version;
    return this.write(stream, text);
  }

  /** Whether any page of the game is open. */
  watching(gameId: number): boolean {
    return this.byGame.has(gameId);
  }

  /**
   * Writes an event to every open page of the game (`version`: the game's, when it is its
   * state); returns whose pages it reached.
   */
  push(gameId: number, text: string, version: number | null = null): Set<number> {
    const reached = new Set<number>();
    for (const s of this.byGame.get(gameId) ?? []) {
      if (version !== null && (s.version === null || version > s.version)) s.version = version;
      if (this.write(s, text)) reached.add(s.userId);
    }
    return reached;
  }

  /** Ends every stream (the pages reconnect to whoever serves next). */
  closeAll(): void {
    for (const set of this.byGame.values()) for (const s of set) s.res.end();
    clearInterval(this.heartbeat);
  }

  /** Whether the text was written (a page too far behind is dropped instead). */
  private write(s: Stream, text: string): boolean {
    if (s.res.writableLength > MAX_BUFFERED) {
      s.res.destroy();
      return false;
    }
    s.res.write(text);
    return true;
  }

  private beat(): void {
    for (const set of this.byGame.values()) for (const s of set) this.write(s, ": \n\n");
  }

  private forget(stream: Stream): void {
    const game = this.byGame.get(stream.gameId);
    if (!game?.delete(stream)) return;
    this.count--;
    if (game.size === 0) this.byGame.delete(stream.gameId);
    const mine = this.byUser.get(stream.userId) ?? [];
    const i = mine.indexOf(stream);
    if (i >= 0) mine.splice(i, 1);
    if (mine.length === 0) this.byUser.delete(stream.userId);
  }
}
