import { type AddressInfo, createConnection } from "node:net";
import { afterEach, describe, expect } from "vitest";
import { silentLogger } from "../../bench/testkit/index.js";
import { startHttpServer } from "../../src/bot/server.js";
import { it } from "./fixtures.js";
import { GROUP, USERS } from "./harness.js";

let close: (() => void) | null = null;
afterEach(() => {
  close?.();
});

describe("webhook mode", () => {
  it("takes updates only with the secret header, and answers /healthz", async ({ h }) => {
    let healthy = true;
    const server = await startHttpServer(
      {
        port: 0,
        webhook: { feed: h.parts.feed!, path: "/hook", secret: "s3cret" },
        healthy: () => healthy,
      },
      silentLogger,
    );
    close = () => server.close();
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const update = {
      update_id: 1,
      message: {
        message_id: 1,
        date: 0,
        chat: { id: GROUP, type: "supergroup", title: "Nardy club" },
        from: USERS.alice,
        text: "/help",
        entities: [{ type: "bot_command", offset: 0, length: 5 }],
      },
    };
    const post = (secret: string | null) =>
      fetch(`${base}/hook`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(secret ? { "x-telegram-bot-api-secret-token": secret } : {}),
        },
        body: JSON.stringify(update),
      });

    expect((await post(null)).status).toBe(401);
    expect((await post("wrong")).status).toBe(401);
    expect(h.tg.callsOf("sendMessage")).toHaveLength(0);
    expect((await post("s3cret")).status).toBe(200);
    await h.parts.feed!.settled();
    expect(h.tg.callsOf("sendMessage")).toHaveLength(1);

    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    healthy = false;
    expect((await fetch(`${base}/healthz`)).status).toBe(503);
    expect((await fetch(`${base}/other`)).status).toBe(404);
  });
});

describe("the HTTP server's own limits", () => {
  it("refuses a webhook body over 1 MB, and one that is not an update", async ({ h }) => {
    const server = await startHttpServer(
      {
        port: 0,
        webhook: { feed: h.parts.feed!, path: "/hook", secret: "s3cret" },
        healthy: () => true,
      },
      silentLogger,
    );
    close = () => server.close();
    const post = (body: string) =>
      fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-telegram-bot-api-secret-token": "s3cret",
        },
        body,
      });
    const huge = JSON.stringify({ update_id: 7, message: { text: "x".repeat(1 << 20) } });
    expect((await post(huge)).status).toBe(400);
    expect((await post('{"no":"id"}')).status).toBe(400);
    expect((await post("not json")).status).toBe(400);
    await h.parts.feed!.settled();
    expect(await h.parts.feed!.replays()).toEqual([]);
  });

  const listen = async (limits: Parameters<typeof startHttpServer>[0]["limits"]) => {
    const server = await startHttpServer({ port: 0, healthy: () => true, limits }, silentLogger);
    close = () => server.close();
    return (server.address() as AddressInfo).port;
  };
  /** A raw connection: resolves when the server closes it. */
  const connect = (port: number) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    socket.on("error", () => {});
    // Read what comes, or the socket never sees the server's end.
    socket.resume();
    return { socket, closed };
  };
  const isOpenAfter = async (closed: Promise<void>, ms: number) =>
    Promise.race([closed.then(() => false), new Promise((r) => setTimeout(() => r(true), ms))]);

  it("cuts a client that sends its headers too slowly", async () => {
    const port = await listen({ headersMs: 150, requestMs: 300 });
    const slow = connect(port);
    slow.socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n");
    // The headers are never finished: the server closes the connection.
    expect(await isOpenAfter(slow.closed, 2_000)).toBe(false);
  });

  it("closes a connection that stays silent", async () => {
    const port = await listen({ idleMs: 150, keepAliveMs: 100 });
    const idle = connect(port);
    expect(await isOpenAfter(idle.closed, 2_000)).toBe(false);
  });

  it("caps the connections one address holds; one closed makes room again", async () => {
    const port = await listen({ perAddress: 3 });
    const held = [connect(port), connect(port), connect(port)];
    await Promise.all(held.map((c) => new Promise((r) => c.socket.once("connect", r))));
    const fourth = connect(port);
    expect(await isOpenAfter(fourth.closed, 1_000)).toBe(false);
    for (const c of held) expect(c.socket.destroyed).toBe(false);
    held[0]!.socket.destroy();
    await held[0]!.closed;
    // The server sees the close a moment later.
    await new Promise((r) => setTimeout(r, 50));
    const fifth = connect(port);
    expect(await isOpenAfter(fifth.closed, 300)).toBe(true);
    for (const c of [...held, fifth]) c.socket.destroy();
    await new Promise((r) => setTimeout(r, 50));
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});

describe("the HTTP server of one of several processes", () => {
  let close: (() => void) | null = null;
  afterEach(() => close?.());

  it("says which it is: the active one takes the webhook, a standby answers 503 to the rest", async () => {
    let role: "active" | "standby" = "standby";
    let delivered = 0;
    const server = await startHttpServer(
      {
        port: 0,
        healthy: () => true,
        role: () => role,
        webhook: {
          feed: { admit: async (u: unknown[]) => u, handle: async () => void delivered++ } as never,
          path: "/hook",
          secret: "s3cret",
        },
      },
      silentLogger,
    );
    close = () => server.close();
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const post = () =>
      fetch(`${base}/hook`, {
        method: "POST",
        headers: {
          "x-telegram-bot-api-secret-token": "s3cret",
          "content-type": "application/json",
        },
        body: JSON.stringify({
          update_id: 1,
          message: { message_id: 1, date: 1, chat: { id: 1, type: "private" }, text: "x" },
        }),
      });
    const health = await fetch(`${base}/healthz`);
    expect([health.status, await health.text()]).toEqual([200, "ok: standby"]);
    expect((await fetch(`${base}/healthz/active`)).status).toBe(503);
    const refused = await post();
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(delivered).toBe(0);
    role = "active";
    expect(await (await fetch(`${base}/healthz`)).text()).toBe("ok: active");
    expect((await fetch(`${base}/healthz/active`)).status).toBe(200);
    expect((await post()).status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    expect(delivered).toBe(1);
  });
});
