/**
 * A clock with fractions of a millisecond (performance.now() based, as the benches' is): a
 * press's time left is then no whole number, and the answer's deadline must still be set.
 */
import { performance } from "node:perf_hooks";
import { expect } from "vitest";
import { it } from "./fixtures.js";
import { buttonNamed, USERS } from "./harness.js";

it("a press is answered when the bot's clock has fractions of a millisecond", async ({
  harness,
}) => {
  const h = await harness({ now: () => 1_767_225_600_000 + performance.now() });
  await h.send(USERS.alice, "/play short");
  const card = h.lastMessage();
  const calls = h.tg.calls.length;
  await h.press(USERS.bob, card, buttonNamed(card, /^✅/));
  const answers = h.tg.calls.slice(calls).filter((c) => c.method === "answerCallbackQuery");
  expect(answers).toHaveLength(1);
  expect(answers[0]!.answer?.ok).toBe(true);
});
