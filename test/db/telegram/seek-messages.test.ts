import { expect } from "vitest";
import { PlayersRepo, SeeksRepo } from "../../../src/db/index.js";
import { SeekMessageStore } from "../../../src/db/telegram/seek-messages.js";
import { onEachDatabase } from "../../helpers/databases.js";

onEachDatabase("the seeks' Stop looking messages", (it) => {
  it("keep the newest three of a seek, hand each out once, and forget one on its own press", async ({
    database,
  }) => {
    await new PlayersRepo(database.db).upsert({ id: 7, firstName: "Ann" }, 1);
    const seeks = new SeeksRepo(database.db);
    const seek = await seeks.insert({
      userId: 7,
      variant: "short",
      matchLength: 1,
      clock: "normal",
      createdAt: 1,
      expiresAt: 2,
      diceSeed: null,
      diceCommitment: null,
    });
    const store = new SeekMessageStore(database.db);
    // /play anyone sent six times while the search waits: six replies with the button.
    for (const messageId of [101, 103, 105, 107, 109, 111])
      await store.add(seek.id, { userId: 7, messageId });
    await store.forget(7, 111);
    const taken = await store.take(seek.id);
    expect(taken.map((m) => m.messageId).sort()).toEqual([107, 109]);
    expect(await store.take(seek.id)).toEqual([]);
  });
});
