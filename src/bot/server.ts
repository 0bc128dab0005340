import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Update } from "grammy/types";
import type { Logger } from "../log.js";
import type { UpdateFeed } from "./update-feed.js";

/** Telegram's updates are small; anything far larger is not one. */
const MAX_BODY = 1 << 20;

/**
 * What a connection may take of the server. A client slow to send its headers or its body,
 * or an open connection that says nothing, holds a socket and memory: each is cut. A board
 * page's stream sends a heartbeat well within `idleMs`, so it stays open.
 */
export const HTTP_LIMITS = {
  headersMs: 10_000,
  requestMs: 30_000,
  /** Between requests on a kept-alive connection. */
  keepAliveMs: 5_000,
  /** Nothing sent either way on the socket for this long. */
  idleMs: 60_000,
  /** Open connections from one address (Telegram's webhook opens up to 40). */
  perAddress: 64,
} as const;
export type HttpLimits = { readonly [K in keyof typeof HTTP_LIMITS]: number };

/** More routes on the same server: true when the request was theirs to answer. */
export type HttpRoutes = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface HttpServerOptions {
  readonly port: number;
  readonly healthy: () => boolean;
  /**
   * With several processes on one database: a standby answers `/healthz` saying so and
   * everything else 503 (a proxy tries the active one; Telegram sends the update again), and
   * `/healthz/active` answers 200 on the active one only, for a proxy to route by.
   */
  readonly role?: () => "active" | "standby";
  /** Webhook mode: Telegram posts updates to `path` with the secret header. */
  readonly webhook?: {
    readonly feed: UpdateFeed;
    readonly path: string;
    readonly secret: string;
  } | null;
  /** Whatever else the bot serves (the board page). */
  readonly routes?: HttpRoutes | null;
  /** HTTP_LIMITS unless given; `perAddress` 0 caps nothing (behind a proxy that does). */
  readonly limits?: Partial<HttpLimits>;
}

/**
 * The bot's HTTP server. In webhook mode Telegram posts updates to its path with the secret
 * header; each update is stored in the inbox before Telegram gets its 200, and handled
 * after: a process that dies in between handles it at its next start, and an update Telegram
 * sends again (it never got the answer) is not handled twice. `/healthz` answers for the
 * container's health check; `routes` take the rest.
 */
export function startHttpServer(opts: HttpServerOptions, logger: Logger): Promise<Server> {
  const { webhook } = opts;
  const limits = { ...HTTP_LIMITS, ...opts.limits };
  // Node looks for requests past their time every 30 s unless told: a slow client would
  // keep its socket that much longer.
  const checkEvery = Math.max(10, Math.min(1_000, limits.headersMs / 2));
  const server = createServer({ connectionsCheckingInterval: checkEvery }, (req, res) => {
    const url = req.url ?? "/";
    const role = opts.role?.();
    if (req.method === "GET" && url === "/healthz") {
      const ok = opts.healthy();
      res
        .writeHead(ok ? 200 : 503, { "content-type": "text/plain" })
        .end(ok ? (role ? `ok: ${role}` : "ok") : "unavailable");
      return;
    }
    if (req.method === "GET" && url === "/healthz/active") {
      const ok = opts.healthy() && role !== "standby";
      res
        .writeHead(ok ? 200 : 503, { "content-type": "text/plain" })
        .end(ok ? "active" : "not active");
      return;
    }
    if (role === "standby") {
      res.writeHead(503, { "content-type": "text/plain", "retry-after": "1" }).end("standby");
      return;
    }
    if (webhook && req.method === "POST" && url === webhook.path) {
      if (!sameSecret(req.headers["x-telegram-bot-api-secret-token"], webhook.secret)) {
        res.writeHead(401).end();
        return;
      }
      take(req)
        .then(async (update) => {
          if (!update) {
            res.writeHead(400).end();
            return;
          }
          const fresh = await webhook.feed.admit([update]);
          res.writeHead(200).end();
          for (const u of fresh) void webhook.feed.handle(u);
        })
        .catch((err: unknown) => {
          // Not stored: Telegram gets no 200 and sends the update again.
          logger.error({ err }, "webhook update not stored");
          if (!res.headersSent) res.writeHead(500).end();
        });
      return;
    }
    if (opts.routes?.(req, res)) return;
    res.writeHead(404).end();
  });
  server.headersTimeout = limits.headersMs;
  server.requestTimeout = limits.requestMs;
  server.keepAliveTimeout = limits.keepAliveMs;
  server.timeout = limits.idleMs;
  if (limits.perAddress > 0) capPerAddress(server, limits.perAddress, logger);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, () => resolve(server));
  });
}

/** Closes a connection at once when its address holds `cap` open already. */
function capPerAddress(server: Server, cap: number, logger: Logger): void {
  const open = new Map<string, number>();
  const refused = new Set<string>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "?";
    const n = open.get(address) ?? 0;
    if (n >= cap) {
      if (!refused.has(address)) {
        refused.add(address);
        logger.warn({ address, open: n }, "too many connections from one address: refused");
      }
      socket.destroy();
      return;
    }
    open.set(address, n + 1);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else {
        open.delete(address);
        refused.delete(address);
      }
    });
  });
}

function sameSecret(header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== "string") return false;
  const a = Buffer.from(header);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The posted update, or null when the body is not one. */
async function take(req: IncomingMessage): Promise<Update | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  try {
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
    const id = (body as { update_id?: unknown } | null)?.update_id;
    return Number.isSafeInteger(id) ? (body as Update) : null;
  } catch {
    return null;
  }
}
