import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { type Bot, webhookCallback } from "grammy";
import type { Logger } from "../log.js";
import type { BotContext } from "./context.js";

/**
 * Webhook mode: Telegram posts updates to `path`; grammY checks the secret header. `/healthz`
 * answers for the container's health check.
 */
export function startWebhookServer(
  bot: Bot<BotContext>,
  opts: { port: number; path: string; secret: string; healthy: () => boolean },
  logger: Logger,
): Promise<Server> {
  const handle = webhookCallback(bot, "http", {
    secretToken: opts.secret,
    timeoutMilliseconds: 55_000,
  });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? "/";
    if (req.method === "GET" && url === "/healthz") {
      const ok = opts.healthy();
      res
        .writeHead(ok ? 200 : 503, { "content-type": "text/plain" })
        .end(ok ? "ok" : "unavailable");
      return;
    }
    if (req.method === "POST" && url === opts.path) {
      handle(req, res).catch((err: unknown) => {
        logger.error({ err }, "webhook update failed");
        if (!res.headersSent) res.writeHead(500).end();
      });
      return;
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, () => resolve(server));
  });
}
