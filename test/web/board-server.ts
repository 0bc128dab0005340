/**
 * The board page on the bot's HTTP server with what a stream test needs to hold still: every
 * membership question waits for the test's answer, the heartbeat and the server's limits are
 * the test's, and streams are opened over raw connections a test can drop at any moment.
 */
import type { Server } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import type { User } from "grammy/types";
import { silentLogger } from "../../bench/testkit/index.js";
import { launchData } from "../../bench/testkit/init-data.js";
import { type HttpLimits, startHttpServer } from "../../src/bot/server.js";
import { webBoardPorts } from "../../src/bot/web-ports.js";
import { pageAssets } from "../../src/web/assets.js";
import { WebBoard, type WebLimits } from "../../src/web/web-board.js";
import type { Harness } from "../bot/harness.js";
import { BASE } from "./web-harness.js";

/** A membership question the board asked, waiting for the test's answer. */
export interface Question {
  readonly chatId: number;
  readonly userId: number;
  answer(member: boolean): void;
  fail(): void;
}

export interface BoardServerOptions {
  readonly limits?: Partial<WebLimits>;
  readonly heartbeatMs?: number;
  readonly http?: Partial<HttpLimits>;
  /** The board's clock (launch data's age, remembered memberships). */
  readonly now?: () => number;
}

export interface BoardServer {
  readonly web: WebBoard;
  readonly server: Server;
  readonly port: number;
  /** The next membership question the board asks (or one asked already, unanswered). */
  question(): Promise<Question>;
  /** Membership questions asked and not taken with `question()` yet. */
  readonly asked: number;
  /** Connections the server holds open now. */
  readonly connections: number;
  /** The event stream request of `user` for the game, as bytes on the wire. */
  eventsRequest(user: User, gameId: number): string;
  /** A new connection to the server. */
  connect(): RawClient;
  close(): Promise<void>;
}

/** Polls `test` until it holds (or throws after `ms`). */
export async function until(test: () => boolean | Promise<boolean>, ms = 2_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`not so within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A connection read as it comes: what the server sent, and whether it closed it. */
export class RawClient {
  text = "";
  closedByServer = false;
  readonly connected: Promise<void>;
  readonly closed: Promise<void>;

  constructor(readonly socket: Socket) {
    this.connected = new Promise((r) => socket.once("connect", () => r()));
    this.closed = new Promise((r) => socket.once("close", () => r()));
    socket.on("error", () => {});
    socket.on("data", (d: Buffer) => {
      this.text += d.toString("utf8");
    });
    socket.on("end", () => {
      this.closedByServer = true;
    });
  }

  /** The status of the `n`th answer on this connection, once it came. */
  async status(n = 0, ms = 2_000): Promise<number> {
    await until(() => this.statuses().length > n, ms);
    return this.statuses()[n]!;
  }

  statuses(): number[] {
    return [...this.text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
  }

  /** Whether the connection is still open after `ms`. */
  async openAfter(ms: number): Promise<boolean> {
    return Promise.race([
      this.closed.then(() => false),
      new Promise<boolean>((r) => setTimeout(() => r(true), ms)),
    ]);
  }

  /** The page goes away (the client drops the connection). */
  drop(): Promise<void> {
    this.socket.destroy();
    return this.closed;
  }
}

/** The board page of harness `h` on its own server, as `app.openWebBoard` wires it. */
export async function serveBoard(h: Harness, opts: BoardServerOptions = {}): Promise<BoardServer> {
  const waiting: Question[] = [];
  const wakers: (() => void)[] = [];
  const ports = {
    ...webBoardPorts(h.parts.deps, h.parts.bot.api),
    isMember: (chatId: number, userId: number) =>
      new Promise<boolean>((resolve, reject) => {
        waiting.push({
          chatId,
          userId,
          answer: resolve,
          fail: () => reject(new Error("Bad Gateway")),
        });
        for (const wake of wakers.splice(0)) wake();
      }),
  };
  const token = h.parts.deps.config.token;
  const web = new WebBoard({
    service: h.app.service,
    reviews: h.app.reviews,
    ports,
    logger: silentLogger,
    botToken: token,
    base: BASE,
    assets: pageAssets({ html: "<!doctype html>", js: "", css: "" }, BASE),
    ...(opts.limits ? { limits: opts.limits } : {}),
    ...(opts.heartbeatMs ? { heartbeatMs: opts.heartbeatMs } : {}),
    ...(opts.now ? { now: opts.now } : {}),
  });
  const server = await startHttpServer(
    {
      port: 0,
      healthy: () => true,
      routes: web.handle,
      ...(opts.http ? { limits: opts.http } : {}),
    },
    silentLogger,
  );
  const open = new Set<Socket>();
  server.on("connection", (s: Socket) => {
    open.add(s);
    s.once("close", () => open.delete(s));
  });
  const port = (server.address() as AddressInfo).port;
  return {
    web,
    server,
    port,
    question: async () => {
      while (waiting.length === 0) await new Promise<void>((r) => wakers.push(r));
      return waiting.shift()!;
    },
    get asked() {
      return waiting.length;
    },
    get connections() {
      return open.size;
    },
    eventsRequest: (user, gameId) =>
      `GET ${BASE}/api/game/${gameId}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Authorization: tma ${launchData(token, user)}\r\n\r\n`,
    connect: () => new RawClient(connect(port, "127.0.0.1")),
    close: () =>
      new Promise((resolve) => {
        web.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
