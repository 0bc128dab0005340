import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { User } from "grammy/types";
import { EventStream } from "../../bench/testkit/event-stream.js";
import { silentLogger } from "../../bench/testkit/index.js";
import { launchData } from "../../bench/testkit/init-data.js";
import { startHttpServer } from "../../src/bot/server.js";
import { type PageAssets, type PageFiles, pageAssets } from "../../src/web/assets.js";
import type { PageBoot, PageGame } from "../../src/web/protocol.js";
import type { WebBoard, WebLimits } from "../../src/web/web-board.js";
import type { Harness } from "../bot/harness.js";

/** Where the board page is served in these tests. */
export const BASE = "/board";

/** Stand-ins for the built page: the API tests need none of it. */
const STAND_IN: PageFiles = {
  html: '<!doctype html><script src="%BASE%/page.js?v=%JS%"></script>',
  js: "console.log('page')",
  css: "body{}",
};

export interface WebHarness {
  readonly web: WebBoard;
  readonly server: Server;
  /** http://127.0.0.1:port/board */
  readonly url: string;
  /** A page as `user` opened it from Telegram (signed launch data). */
  as(user: User, opts?: { ageS?: number; initData?: string }): PageClient;
  close(): Promise<void>;
}

export interface WebHarnessOptions {
  readonly files?: PageFiles;
  readonly limits?: Partial<WebLimits>;
  readonly assets?: PageAssets;
  readonly port?: number;
}

/** The board page on the bot of harness `h`, as the process wires it, on its own server. */
export async function webHarness(h: Harness, opts: WebHarnessOptions = {}): Promise<WebHarness> {
  const token = h.parts.deps.config.token;
  const web = h.app.openWebBoard({
    base: BASE,
    assets: opts.assets ?? pageAssets(opts.files ?? STAND_IN, BASE),
    ...(opts.limits ? { limits: opts.limits } : {}),
  });
  const server = await startHttpServer(
    { port: opts.port ?? 0, healthy: () => true, routes: web.handle },
    silentLogger,
  );
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${BASE}`;
  let closed: Promise<void> | undefined;
  return {
    web,
    server,
    url,
    as: (user, o = {}) =>
      new PageClient(url, o.initData ?? launchData(token, user, { ageS: o.ageS ?? 0 })),
    // Once, however often asked: a test may close it itself to play a restart.
    close: () => {
      closed ??= new Promise((resolve) => {
        web.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

export interface Answer<T> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

/** One page's requests, each carrying its launch data as the page sends it. */
export class PageClient {
  constructor(
    readonly url: string,
    readonly initData: string,
  ) {}

  private async call<T>(path: string, body?: unknown): Promise<Answer<T>> {
    const res = await fetch(`${this.url}/api/game/${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        authorization: `tma ${this.initData}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined
        ? {}
        : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: (text ? JSON.parse(text) : null) as T,
      headers: res.headers,
    };
  }

  boot(gameId: number) {
    return this.call<PageBoot & { code?: string; message?: string }>(String(gameId));
  }

  act(gameId: number, version: number, action: unknown) {
    return this.call<{ game?: PageGame; code?: string; message?: string }>(`${gameId}/act`, {
      version,
      action,
    });
  }

  rematch(gameId: number, body: unknown = {}) {
    return this.call<{ gameId?: number; code?: string }>(`${gameId}/rematch`, body);
  }

  review(gameId: number) {
    return this.call<unknown>(`${gameId}/review`);
  }

  /** The game's event stream, as the page reads it. */
  async events(gameId: number, lastEventId?: number): Promise<EventStream> {
    const stop = new AbortController();
    const res = await fetch(`${this.url}/api/game/${gameId}/events`, {
      headers: {
        authorization: `tma ${this.initData}`,
        ...(lastEventId === undefined ? {} : { "last-event-id": String(lastEventId) }),
      },
      signal: stop.signal,
    });
    return new EventStream(res, stop);
  }
}
