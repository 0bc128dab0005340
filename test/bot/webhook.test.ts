import type { AddressInfo } from "node:net";
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
