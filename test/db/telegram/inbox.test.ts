import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { UpdateInbox } from "../../../src/db/telegram/inbox.js";
import { onEachDatabase, type TestDatabase } from "../../helpers/databases.js";
import { Clock, HOUR } from "../../services/helpers.js";

function inboxAt(database: TestDatabase, clock: Clock) {
  return new UpdateInbox(database.db, { now: clock.now });
}

const update = (id: number) => ({ id, update: { update_id: id, message: { text: `#${id}` } } });
const doneOf = async (database: TestDatabase, id: number) =>
  (
    await database.db.run((db, { inbox }) =>
      db.select({ doneAt: inbox.doneAt }).from(inbox).where(eq(inbox.updateId, id)),
    )
  )[0]?.doneAt;

onEachDatabase("the update inbox", (it) => {
  it("stores each update once: one delivered again is not new", async ({ database }) => {
    const inbox = inboxAt(database, new Clock());
    expect([...(await inbox.admit([update(1), update(2)]))]).toEqual([1, 2]);
    expect([...(await inbox.admit([update(2), update(3)]))]).toEqual([3]);
    expect([...(await inbox.admit([]))]).toEqual([]);
  });

  it("gives back what was never done, oldest first, with its first arrival", async ({
    database,
  }) => {
    const clock = new Clock();
    const inbox = inboxAt(database, clock);
    await inbox.admit([update(7), update(5)]);
    clock.advance(1_000);
    await inbox.admit([update(6)]);
    await inbox.done(7);
    const { replay, givenUp } = await inbox.takePending();
    expect(replay.map((e) => [e.id, e.receivedAt - clock.t])).toEqual([
      [5, -1_000],
      [6, 0],
    ]);
    expect(replay[0]!.update).toEqual(update(5).update);
    expect(givenUp).toEqual([]);
    expect(await doneOf(database, 7)).toBe(clock.t);
  });

  it("gives an update up once its handling began three times (each time the process died)", async ({
    database,
  }) => {
    const inbox = inboxAt(database, new Clock());
    await inbox.admit([update(1)]);
    expect((await inbox.takePending()).replay.map((e) => e.id)).toEqual([1]);
    expect((await inbox.takePending()).replay.map((e) => e.id)).toEqual([1]);
    const third = await inbox.takePending();
    expect(third.replay).toEqual([]);
    expect(third.givenUp).toEqual([{ id: 1, reason: "begun 3 times" }]);
    expect(await inbox.takePending()).toEqual({ replay: [], givenUp: [] });
  });

  it("gives up an entry that no longer reads as JSON", async ({ database }) => {
    const inbox = inboxAt(database, new Clock());
    await inbox.admit([update(1), update(2)]);
    await database.db.run((db, { inbox }) =>
      db.update(inbox).set({ payload: '{"upd' }).where(eq(inbox.updateId, 1)),
    );
    const { replay, givenUp } = await inbox.takePending();
    expect(replay.map((e) => e.id)).toEqual([2]);
    expect(givenUp).toEqual([{ id: 1, reason: "unreadable" }]);
  });

  it("forgets entries after two days, longer than Telegram keeps an update", async ({
    database,
  }) => {
    const clock = new Clock();
    const inbox = inboxAt(database, clock);
    await inbox.admit([update(1)]);
    clock.advance(47 * HOUR);
    await inbox.admit([update(2)]);
    expect(await inbox.prune()).toBe(0);
    clock.advance(2 * HOUR);
    expect(await inbox.prune()).toBe(1);
    // Gone from the inbox, so the same id would count as new again.
    expect([...(await inbox.admit([update(1), update(2)]))]).toEqual([1]);
  });
});
