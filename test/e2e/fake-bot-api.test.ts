/**
 * What only the HTTP fake of the Bot API does: long polling serves just the updates Telegram
 * would deliver, uploads come chunked over real HTTP, a wrong token and injected rate limits
 * are told apart from the bot's own mistakes. (The rules shared with the in-process fake are
 * tested against both in test/bot/fake-telegram.test.ts.)
 */
import { Api, type GrammyError, InputFile } from "grammy";
import type { Update, User } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TG } from "../helpers/bot-api-rules.js";
import { FakeBotApi } from "./fake-bot-api.js";

const TOKEN = "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi";
const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(256, 3)]);
const ALICE: User = { id: 1011, is_bot: false, first_name: "Alice" };
const CHAT = -100_900;

const fake = new FakeBotApi({ token: TOKEN, maxHoldMs: 50 });
let api: Api;
let root = "";

beforeAll(async () => {
  root = await fake.listen();
  api = new Api(TOKEN, { apiRoot: root });
});
afterAll(() => fake.close());

const poll = async (offset = 0) =>
  (await api.getUpdates({ offset, timeout: 1 })) as unknown as Update[];

describe("FakeBotApi over HTTP", () => {
  it("queues only what a bot in privacy mode gets", async () => {
    expect(fake.sendText(ALICE, CHAT, "hello everyone")).toBeNull();
    const command = fake.sendText(ALICE, CHAT, "/play");
    expect(command).not.toBeNull();
    const updates = await poll();
    expect(updates.map((u) => u.message?.text)).toEqual(["/play"]);
    expect(updates[0]!.message!.entities).toEqual([{ type: "bot_command", offset: 0, length: 5 }]);
    expect(fake.undelivered.map((u) => u.reason)).toEqual([
      "privacy mode: not a command, reply to or mention of the bot",
    ]);
    // The bot's message and a reply to it: delivered; the user's messages are not the bot's.
    const sent = await api.sendMessage(CHAT, "Whom?", {
      reply_markup: { force_reply: true, selective: true },
    });
    expect(fake.sendText(ALICE, CHAT, "@bob", fake.message(CHAT, sent.message_id))).not.toBeNull();
    const next = await poll(updates[0]!.update_id + 1);
    expect(next.at(-1)!.message!.reply_to_message!.message_id).toBe(sent.message_id);
    expect(fake.chatMessages(CHAT).map((m) => m.messageId)).toEqual([sent.message_id]);
  });

  it("uploads come chunked over HTTP and are kept", async () => {
    const from = fake.calls.length;
    const sent = await api.sendPhoto(CHAT, new InputFile(PNG, "board.png"), { caption: "board" });
    const call = fake.calls.slice(from).find((c) => c.method === "sendPhoto")!;
    expect(call.chunked).toBe(true);
    expect(fake.message(CHAT, sent.message_id)!.photo).toEqual(PNG);
    expect(
      await api
        .sendPhoto(CHAT, new InputFile(Buffer.from("not a picture"), "x.png"))
        .catch((e: GrammyError) => e.description),
    ).toBe("Bad Request: IMAGE_PROCESS_FAILED");
  });

  it("a wrong token is a rejection, an injected 429 is not", async () => {
    const rejectedBefore = fake.rejected.length;
    const wrong = new Api(`654321:${"Z".repeat(35)}`, { apiRoot: root });
    await expect(wrong.getMe()).rejects.toMatchObject({ error_code: 401 });
    expect(fake.rejected.slice(rejectedBefore).map((r) => r.error_code)).toEqual([401]);
    fake.rateLimitNext("getMe", 0);
    const injectedBefore = fake.rules.injected.length;
    const rejectedAfter = fake.rejected.length;
    await expect(api.getMe()).rejects.toMatchObject({ error_code: 429 });
    expect(fake.rules.injected.length).toBe(injectedBefore + 1);
    expect(fake.rejected.length).toBe(rejectedAfter);
  });

  it("a kick queues my_chat_member, then every call into the chat is 403 and presses stay away", async () => {
    const board = await api.sendMessage(CHAT, "board", {
      reply_markup: { inline_keyboard: [[{ text: "b", callback_data: "g:1" }]] },
    });
    const before = (await poll()).at(-1)?.update_id ?? 0;
    fake.kick(CHAT);
    const updates = await poll(before + 1);
    expect(updates.map((u) => u.my_chat_member?.new_chat_member.status)).toEqual(["left"]);
    fake.press(ALICE, fake.message(CHAT, board.message_id)!, "g:1");
    expect(await poll(updates[0]!.update_id + 1)).toEqual([]);
    await expect(api.sendMessage(CHAT, "x")).rejects.toMatchObject({
      error_code: 403,
      description: TG.kickedSupergroup,
    });
    expect(fake.unansweredQueries()).toEqual([]);
  });
});
