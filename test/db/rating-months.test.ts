import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, RatingsRepo } from "../../src/db/index.js";
import { databaseUpTo } from "./older-database.js";

const dir = mkdtempSync(join(tmpdir(), "nardy-rating-months-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FEBRUARY = Date.UTC(2026, 1, 1);
const MARCH = Date.UTC(2026, 2, 1);

describe("the kept monthly rating gains", () => {
  it("are summed from an older database's history when it is upgraded, month by month in UTC", async () => {
    const path = join(dir, "before-months.sqlite");
    const raw = databaseUpTo(dir, "0021_seeks_told", path);
    // The games the lines name are left out: only the sums are looked at here.
    raw.pragma("foreign_keys = OFF");
    for (const [id, name] of [
      [1, "Ann"],
      [2, "Bo"],
    ] as const)
      raw
        .prepare("insert into players (id, first_name, created_at, updated_at) values (?, ?, 1, 1)")
        .run(id, name);
    const line = raw.prepare(
      "insert into rating_history (user_id, variant, at, rating, delta, game_id, match_length) values (?, ?, ?, 1500, ?, ?, 1)",
    );
    // The month's last millisecond and the next month's first fall on either side.
    line.run(1, "long", FEBRUARY - 1, 4.5, 1);
    line.run(1, "long", FEBRUARY, 2.25, 2);
    line.run(1, "long", MARCH - 1, -1, 3);
    line.run(2, "long", FEBRUARY + 5, -2.25, 2);
    line.run(1, "short", FEBRUARY + 9, 7, 4);
    raw
      .prepare(
        "insert into ratings (user_id, variant, rating, experience, matches, updated_at) values (1, 'long', 1505.5, 3, 3, 1)",
      )
      .run();
    raw.close();

    const upgraded = openDatabase(path);
    const rows = upgraded.sqlite
      .prepare("select variant, month, user_id, gained from rating_months order by 1, 2, 3")
      .all();
    expect(rows).toEqual([
      { variant: "long", month: Date.UTC(2026, 0, 1), user_id: 1, gained: 4.5 },
      { variant: "long", month: FEBRUARY, user_id: 1, gained: 1.25 },
      { variant: "long", month: FEBRUARY, user_id: 2, gained: -2.25 },
      { variant: "short", month: FEBRUARY, user_id: 1, gained: 7 },
    ]);

    // A match recorded afterwards adds to its month's sum.
    upgraded.sqlite.pragma("foreign_keys = OFF");
    const ratings = new RatingsRepo(upgraded.db);
    await ratings.record({
      userId: 2,
      variant: "long",
      rating: 1510,
      delta: 12.25,
      experience: 1,
      matches: 1,
      gameId: 9,
      matchLength: 1,
      at: MARCH - 10,
    });
    const board = await ratings.gainedInMonth("long", FEBRUARY, 10);
    expect(board.map((r) => [r.userId, r.gained])).toEqual([
      [2, 10],
      [1, 1.25],
    ]);
    upgraded.close();
  });
});
