import type { User } from "grammy/types";
import { expect } from "vitest";
import type { StoredMessage } from "../../bench/testkit/index.js";
import { type Harness, USERS } from "./harness.js";

interface InlineResult {
  id: string;
  type: string;
  caption?: string;
  photo_file_id?: string;
  input_message_content?: { message_text: string };
  reply_markup: { inline_keyboard: never[][] };
}

let queries = 0;

/**
 * `from` types @bot somewhere and sends the card of `offer`, as Telegram then shows it; with
 * inline feedback the bot hears of the chosen result. Returns the inline message.
 */
export async function sendCard(
  harness: Harness,
  offer: "lc" | "ls" | "ss",
  inlineMessageId: string,
  feedback: boolean,
  from: User = USERS.alice,
): Promise<StoredMessage> {
  await harness.handle({ inline_query: { id: `q${++queries}`, from, query: "", offset: "" } });
  const answer = harness.tg.callsOf("answerInlineQuery").at(-1)!;
  const results = JSON.parse(String(JSON.stringify(answer.payload.results))) as InlineResult[];
  // The result id names the game, whether the card is a picture, and when it was offered.
  expect(results.map((r) => r.id.slice(0, 2))).toEqual(["lc", "ls", "ss"]);
  const chosen = results.find((r) => r.id.startsWith(offer))!;
  expect(chosen.id).toMatch(
    new RegExp(`^${offer}\\.${chosen.type === "photo" ? "p" : "t"}\\.[0-9a-z]+$`),
  );
  harness.tg.addInlineMessage(
    inlineMessageId,
    chosen.input_message_content?.message_text ?? null,
    chosen.reply_markup.inline_keyboard,
    chosen.caption ?? null,
    chosen.photo_file_id ?? null,
  );
  if (feedback)
    await harness.handle({
      chosen_inline_result: {
        result_id: chosen.id,
        from,
        query: "",
        inline_message_id: inlineMessageId,
      },
    });
  return harness.tg.inlineMessage(inlineMessageId)!;
}
