import {
  AUTH_SCHEME,
  EVENT,
  type HomeAnswer,
  type HomeBoot,
  type HomeState,
  type PageBoot,
  type PageGame,
  type PageReview,
  type Refusal,
} from "../protocol.js";

/** A request the server refused, with its words for it. */
export class Refused extends Error {
  constructor(
    readonly status: number,
    readonly refusal: Refusal & { readonly gameId?: number },
  ) {
    super(refusal.message || refusal.code);
  }
}

/** Waits before reconnecting a lost stream: quickly at first, then less often. */
const RETRY_MS = [500, 1_000, 2_000, 5_000, 10_000];

export interface StreamHandlers {
  readonly game: (game: PageGame) => void;
  /** The series' next game has started. */
  readonly next: (gameId: number) => void;
  /** Connected, or lost (and being tried again). */
  readonly online: (on: boolean) => void;
  /**
   * Refused for good (the launch data turned too old, say), with the server's words; null:
   * closed because the same user opened the board in more pages.
   */
  readonly ended: (message: string | null) => void;
}

/** The board page's server: every request carries the signed launch data. */
export class PageApi {
  constructor(
    private readonly base: string,
    private readonly initData: string,
  ) {}

  private headers(): Record<string, string> {
    return { authorization: `${AUTH_SCHEME} ${this.initData}` };
  }

  private call<T>(path: string, body?: unknown): Promise<T> {
    return this.request(`game/${path}`, body);
  }

  private async request<T>(path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}/api/${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        ...this.headers(),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      cache: "no-store",
    });
    const data = (await res.json().catch(() => ({ code: "error", message: "" }))) as unknown;
    if (!res.ok) throw new Refused(res.status, data as Refusal);
    return data as T;
  }

  boot(gameId: number): Promise<PageBoot> {
    return this.call(String(gameId));
  }

  act(gameId: number, version: number, action: unknown): Promise<{ game: PageGame }> {
    return this.call(`${gameId}/act`, { version, action });
  }

  rematch(gameId: number): Promise<{ gameId: number }> {
    return this.call(`${gameId}/rematch`, { nonce: nonce() });
  }

  review(gameId: number): Promise<PageReview> {
    return this.call(`${gameId}/review`);
  }

  /** The home: the lobby's searches, the person's own, their games, the leaderboards. */
  home(): Promise<HomeBoot> {
    return this.request("home");
  }

  homeState(): Promise<HomeState> {
    return this.request("home/state");
  }

  seek(variant: string, matchLength: number, clock: string): Promise<HomeAnswer> {
    return this.request("home/seek", { variant, matchLength, clock, nonce: nonce() });
  }

  join(seekId: number): Promise<HomeAnswer> {
    return this.request("home/join", { seekId, nonce: nonce() });
  }

  cancelSeek(): Promise<HomeAnswer> {
    return this.request("home/cancel", {});
  }

  /**
   * Follows the game's changes as server-sent events, read with fetch (so the launch data
   * goes in a header, not the URL). A lost connection is opened again, naming the last
   * version seen, so the page catches up on what it missed. Returns a function that stops.
   */
  follow(gameId: number, version: number, on: StreamHandlers): () => void {
    const stop = new AbortController();
    let seen = version;
    let closed = false;
    const run = async () => {
      for (let attempt = 0; !stop.signal.aborted; attempt++) {
        try {
          const res = await fetch(`${this.base}/api/game/${gameId}/events`, {
            headers: { ...this.headers(), "last-event-id": String(seen) },
            signal: stop.signal,
            cache: "no-store",
          });
          // Refused for good (signed data too old, no longer allowed): no point asking again.
          if ([401, 403, 404].includes(res.status)) {
            const refusal = (await res.json().catch(() => ({}))) as Partial<Refusal>;
            return on.ended(refusal.message ?? "");
          }
          if (!res.ok || !res.body) throw new Error(`events: ${res.status}`);
          on.online(true);
          attempt = 0;
          await readEvents(res.body, ({ event, data }) => {
            if (event === EVENT.game) {
              const game = JSON.parse(data) as PageGame;
              seen = game.version;
              on.game(game);
            } else if (event === EVENT.next)
              on.next((JSON.parse(data) as { gameId: number }).gameId);
            else if (event === EVENT.closed) closed = true;
          });
          // A newer page of the same user took this one's place: not to be opened again.
          if (closed) return on.ended(null);
        } catch {
          if (stop.signal.aborted) return;
        }
        on.online(false);
        const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    };
    void run();
    return () => stop.abort();
  }
}

/** One server-sent event. */
export interface SentEvent {
  readonly event: string;
  readonly id: string | null;
  readonly data: string;
}

/** Reads `event:`/`id:`/`data:` blocks from a text/event-stream body until it ends. */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (e: SentEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      let id: string | null = null;
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) event = line.slice(7);
        else if (line.startsWith("id: ")) id = line.slice(4);
        else if (line.startsWith("data: ")) data.push(line.slice(6));
      }
      if (data.length > 0) onEvent({ event, id, data: data.join("\n") });
    }
  }
}

/** 16 bytes drawn here, on the player's device: the act's part of its game's dice. */
function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
