/**
 * A /new dialog's stored state stays bounded: the dialog plugin records every update a wait
 * returns and replays the whole record on each later update, so what it keeps is capped.
 */
import { describe, expect } from "vitest";
import type { StoredMessage } from "../../bench/testkit/index.js";
import { dialogKey, MAX_DIALOG_STEPS } from "../../src/bot/features/new-game/index.js";
import { MAX_DIALOG_STATE_CHARS } from "../../src/db/telegram/dialog-store.js";
import { DialogsRepo } from "../../src/db/telegram/dialogs-repo.js";
import { it } from "./fixtures.js";
import { buttonNamed, buttons, GROUP, type Harness, USERS } from "./harness.js";

const alicesDialog = dialogKey(GROUP, USERS.alice.id);

/** Characters of the dialog's stored state, or null when it has none. */
const stateSize = async (h: Harness): Promise<number | null> => {
  const row = await new DialogsRepo(h.database.db).get(alicesDialog);
  return row ? JSON.stringify(row.state).length : null;
};

/** Alice's dialog at the question asking her opponent's @username, and that question. */
async function askedForName(
  h: Harness,
): Promise<{ dialog: StoredMessage; question: StoredMessage }> {
  await h.send(USERS.alice, "/new");
  const dialog = h.lastMessage();
  for (const label of ["short nardy", "standard", "Running series", "No clock", /@username/]) {
    const live = h.tg.message(GROUP, dialog.messageId)!;
    await h.press(USERS.alice, live, buttonNamed(live, label));
  }
  const question = h.lastMessage();
  expect(question.text).toMatch(/Reply to this message/);
  return { dialog, question };
}

describe("a /new dialog's state", () => {
  it("does not grow with the owner's stray presses on it: each is answered and leaves no trace", async ({
    harness,
  }) => {
    const h = await harness();
    await h.send(USERS.alice, "/new");
    const first = structuredClone(h.lastMessage());
    await h.press(USERS.alice, first, buttonNamed(first, "long nardy"));
    const second = structuredClone(h.tg.message(GROUP, first.messageId)!);
    const before = (await stateSize(h))!;
    expect(before).toBeGreaterThan(0);

    // The first step's button again and again, as a stale app shows it, and forged choices.
    const answers = h.tg.callsOf("answerCallbackQuery").length;
    for (let i = 0; i < 30; i++) {
      await h.press(USERS.alice, first, buttonNamed(first, i % 2 ? "long nardy" : "short nardy"));
      await h.pressData(USERS.alice, second, `n:${USERS.alice.id}:p7`);
    }
    expect(h.tg.callsOf("answerCallbackQuery").length).toBe(answers + 60);
    expect(await stateSize(h)).toBe(before);
    const live = h.tg.message(GROUP, first.messageId)!;
    expect(live.text).toBe("Which rules?");

    // The dialog goes on from its step.
    await h.press(USERS.alice, live, buttonNamed(live, "classic"));
    expect(h.tg.message(GROUP, first.messageId)!.text).toBe("How long is the match?");
    expect(h.tg.problems()).toEqual([]);
  });

  it(`ends after ${MAX_DIALOG_STEPS} steps with a message, its buttons gone, its state deleted`, async ({
    harness,
  }) => {
    const h = await harness();
    const { dialog, question } = await askedForName(h);
    // Five steps so far; each answer that is not a username is one more.
    for (let i = 5; i < MAX_DIALOG_STEPS; i++) {
      await h.send(USERS.alice, `not a name ${i}!`, { replyTo: question });
      expect(h.lastMessage().text).toMatch(/not a username/);
    }
    expect(h.tg.message(GROUP, dialog.messageId)!.text).toMatch(/Waiting for your opponent/);
    expect(await stateSize(h)).not.toBeNull();
    await h.send(USERS.alice, "one too many!", { replyTo: question });
    const ended = h.tg.message(GROUP, dialog.messageId)!;
    expect(ended.text).toBe("This set-up went on too long and was closed. Start again with /new.");
    expect(buttons(ended)).toEqual([]);
    expect(await stateSize(h)).toBeNull();
    // A right answer now starts nothing; a new /new works.
    await h.send(USERS.alice, "@carol", { replyTo: question });
    expect(await h.service.getChallenge(1)).toBeNull();
    await h.send(USERS.alice, "/new");
    const fresh = h.lastMessage();
    await h.press(USERS.alice, fresh, buttonNamed(fresh, "long nardy"));
    expect(h.tg.message(GROUP, fresh.messageId)!.text).toBe("Which rules?");
    expect(h.tg.problems()).toEqual([]);
  });

  it("past its stored size the dialog ends with a message, its buttons gone", async ({
    harness,
  }) => {
    const h = await harness();
    const { dialog, question } = await askedForName(h);
    // The longest messages Telegram delivers, each a step the plugin records whole.
    const sizes: number[] = [];
    for (let i = 0; i < MAX_DIALOG_STEPS && (await stateSize(h)) !== null; i++) {
      sizes.push((await stateSize(h))!);
      await h.send(USERS.alice, `${i}`.padEnd(4_000, "ы"), { replyTo: question });
    }
    expect(await stateSize(h)).toBeNull();
    expect(sizes.length).toBeLessThan(MAX_DIALOG_STEPS - 4);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_DIALOG_STATE_CHARS);
    const ended = h.tg.message(GROUP, dialog.messageId)!;
    expect(ended.text).toBe("This set-up went on too long and was closed. Start again with /new.");
    expect(buttons(ended)).toEqual([]);
    await h.send(USERS.alice, "@carol", { replyTo: question });
    expect(await h.service.getChallenge(1)).toBeNull();
    expect(h.tg.problems()).toEqual([]);
  });
});
