import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RoutingProxy {
  readonly port: number;
  /** The upstream port requests go to now; null while none answers as the active one. */
  active(): number | null;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A stand-in for deploy/Caddyfile's proxy: every request goes to the upstream answering 200 on
 * `/healthz/active` (checked every `checkMs`); while none does, or one refuses the connection,
 * the request is held and tried again for up to `holdMs`. A response cut off upstream (a
 * process killed mid-stream) is cut off here too, so a page's stream ends and reconnects.
 */
export async function routingProxy(
  upstreams: readonly number[],
  { checkMs = 200, holdMs = 15_000 } = {},
): Promise<RoutingProxy> {
  let active: number | null = null;
  const check = async () => {
    for (const port of upstreams) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz/active`, {
        signal: AbortSignal.timeout(500),
      })
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) {
        active = port;
        return;
      }
    }
    active = null;
  };
  await check();
  const timer = setInterval(() => void check(), checkMs);
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const deadline = Date.now() + holdMs;
    for (;;) {
      const port = active;
      if (port !== null && (await forward(port, req, body, res))) return;
      if (Date.now() > deadline) {
        res.writeHead(502).end();
        return;
      }
      await sleep(100);
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as AddressInfo).port,
    active: () => active,
    close: async () => {
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** One try at `port`: false when it could not be reached (try again), true once answered. */
function forward(
  port: number,
  req: http.IncomingMessage,
  body: Buffer,
  res: http.ServerResponse,
): Promise<boolean> {
  return new Promise((resolve) => {
    const up = http.request(
      { host: "127.0.0.1", port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        res.flushHeaders();
        answer.pipe(res);
        answer.on("aborted", () => res.destroy());
        answer.on("error", () => res.destroy());
        resolve(true);
      },
    );
    up.on("error", () => {
      if (res.headersSent) res.destroy();
      resolve(res.headersSent);
    });
    res.on("close", () => up.destroy());
    up.end(body);
  });
}
