/**
 * `/top global` on a file database holding 200,000 rating changes this month (smoke: 20,000)
 * among 20,000 players, both games: the whole of its boards (each game's all-time and month
 * tops, the players read) as the bot builds them, p50 and p99 (goal p99 < 10 ms); and, for
 * comparison, the month's board summed from the history itself, as it was read before the
 * sums were kept.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { globalBoards } from "../src/bot/features/stats/rating.js";
import { monthStart, openDatabase } from "../src/db/index.js";
import { seededRandom } from "../src/engine/index.js";
import { GameService } from "../src/services/index.js";
import { percentile, round } from "./stats.js";
import { memoryFrontEnd } from "./testkit/memory-front-end.js";

const NOW = Date.UTC(2026, 11, 20, 12);
const PLAYERS = 20_000;

export async function benchLeaderboards(
  opts: { smoke?: boolean } = {},
): Promise<Record<string, number>> {
  const changes = opts.smoke ? 20_000 : 200_000;
  const runs = opts.smoke ? 30 : 300;
  const dir = mkdtempSync(join(tmpdir(), "nardy-bench-top-"));
  const database = openDatabase(join(dir, "top.sqlite"));
  try {
    seed(database.sqlite, changes);
    const service = new GameService(database.db, memoryFrontEnd(), { now: () => NOW });
    const whole: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const boards = await globalBoards(service, NOW);
      whole.push(performance.now() - t);
      if (boards.some((b) => b.month.length === 0)) throw new Error("an empty month board");
    }
    const fromHistory = database.sqlite.prepare(
      `select h.user_id, sum(h.delta) as gained from rating_history h
       join ratings r on r.user_id = h.user_id and r.variant = h.variant
       where h.variant = ? and h.at >= ? group by h.user_id, r.rating
       order by gained desc, r.rating desc, h.user_id limit 10`,
    );
    const summed: number[] = [];
    for (let i = 0; i < Math.min(runs, 30); i++) {
      const t = performance.now();
      fromHistory.all("short", monthStart(NOW));
      summed.push(performance.now() - t);
    }
    return {
      changes,
      top_global_p50_ms: round(percentile(whole, 50), 3),
      top_global_p99_ms: round(percentile(whole, 99), 3),
      month_from_history_p50_ms: round(percentile(summed, 50), 1),
    };
  } finally {
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Players, their standings, and `changes` history lines this month with their kept sums. */
function seed(sqlite: ReturnType<typeof openDatabase>["sqlite"], changes: number): void {
  const random = seededRandom(11);
  const month = monthStart(NOW);
  sqlite.pragma("foreign_keys = OFF"); // the games the lines name are left out
  sqlite.transaction(() => {
    const player = sqlite.prepare(
      "insert into players (id, first_name, created_at, updated_at) values (?, ?, ?, ?)",
    );
    const standing = sqlite.prepare(
      "insert into ratings (user_id, variant, rating, experience, matches, updated_at) values (?, ?, ?, 400, 100, ?)",
    );
    for (let id = 1; id <= PLAYERS; id++) {
      player.run(id, `P${id}`, month, month);
      for (const variant of ["long", "short"])
        standing.run(id, variant, 1200 + Math.floor(random() * 800), month);
    }
    const line = sqlite.prepare(
      "insert into rating_history (user_id, variant, at, rating, delta, game_id, match_length) values (?, ?, ?, 1500, ?, ?, 1)",
    );
    const sum = sqlite.prepare(
      `insert into rating_months (variant, month, user_id, gained) values (?, ?, ?, ?)
       on conflict do update set gained = gained + excluded.gained`,
    );
    for (let i = 0; i < changes; i++) {
      const userId = 1 + Math.floor(random() * PLAYERS);
      const variant = random() < 0.6 ? "short" : "long";
      const delta = round((random() - 0.5) * 20, 2);
      const at = month + Math.floor(random() * (NOW - month));
      line.run(userId, variant, at, delta, 1 + i);
      sum.run(variant, month, userId, delta);
    }
  })();
  sqlite.pragma("foreign_keys = ON");
  sqlite.exec("analyze");
}
