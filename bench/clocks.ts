/**
 * A thousand clocked games at once in one process, on real time, with the clock keeper
 * (src/services/clock-keeper.ts) started as src/main.ts starts it. The app is built as the
 * benches build it (a file database, the fake Bot API); its boards are stopped, so what is
 * measured is the keeper's timer, the flag's transaction and its news (the board edit a flag
 * asks for is the outbox's work, which bench/bot.ts and bench/pace.ts measure).
 *
 * Each game is a short blitz challenge (8 s a move + 20 s in reserve) accepted and begun
 * through the service, as the bot begins it once its board is posted. Once all are begun,
 * every game's clock is started by `clockSeen` as if its buttons had been delivered a while
 * ago, so that its deadline falls within the next seconds: the deadlines are spread evenly
 * over [16 s, 30 s] from then, so that the keeper's warnings (news "clock-low", LOW_CLOCK_MS
 * = 10 s before each deadline) begin after the idle window. Nobody presses. Smoke: 100
 * games over [1.2 s, 3 s], the warnings due at once and within the idle window.
 *
 * Figures:
 * - flag latency: when the flag fell (the game's "game-over" news, right after the flag's
 *   commit, read on Date.now, the service's clock) minus the deadline the clock had
 *   (`flagAt`), over every game; p50, p99, max, and the least (a flag before its deadline
 *   would be a bug: it must not be negative). Goal: p99 ≤ 1 s. The warnings' latency alike.
 * - idle CPU: `process.cpuUsage()` (user + system) over a window with every clock running,
 *   no deadline reached and no warning due, divided by the window's wall time (in % of one
 *   core); the same window before any clock ran is the baseline. Goal: < 2 %. Then the CPU
 *   over the whole phase of warnings and flags, for scale.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApp } from "../src/app.js";
import { parseConfig } from "../src/config.js";
import { openDatabase } from "../src/db/index.js";
import { timeControl } from "../src/engine/index.js";
import { renderDecisionsPng } from "../src/render/decision.js";
import { renderBoardPng } from "../src/render/png.js";
import { renderReplayGif } from "../src/render/replay.js";
import { renderStandingsPng } from "../src/render/standings.js";
import { LOW_CLOCK_MS } from "../src/services/clocks.js";
import type { DiceOrigin } from "../src/services/index.js";
import { percentile, round } from "./stats.js";
import { BOT_INFO, FakeBotApi, silentLogger } from "./testkit/index.js";
import { UNLIMITED } from "./unlimited.js";

const TOKEN = "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU (user + system) over `ms` of wall time, as a share of one core, in %. */
async function cpuOver(ms: number): Promise<number> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await sleep(ms);
  const c = process.cpuUsage(c0);
  return (100 * (c.user + c.system)) / 1000 / (performance.now() - t0);
}

export async function benchClocks({
  smoke,
}: {
  smoke: boolean;
}): Promise<Record<string, number | string>> {
  const games = smoke ? 100 : 1_000;
  /** The deadlines, from the moment every game is begun: evenly over [first, last]. */
  const [firstMs, lastMs] = smoke ? [1_200, 3_000] : [16_000, 30_000];
  /** The idle window starts this long after the clocks start, and ends before any warning. */
  const [idleFromMs, idleMs] = smoke ? [200, 800] : [1_000, 4_000];

  const dir = mkdtempSync(path.join(tmpdir(), "nardy-clocks-"));
  const fake = new FakeBotApi({ token: TOKEN, keepUploads: false });
  fake.rules.flood.enabled = false;
  const parsed = parseConfig({ BOT_TOKEN: TOKEN, LOG_LEVEL: "silent" });
  if (!parsed.ok) throw new Error(parsed.errors.join("; "));
  const database = openDatabase(path.join(dir, "clocks.sqlite"));
  let seeds = 0;
  const app = await createApp(parsed.config, {
    database,
    botInfo: BOT_INFO,
    logger: silentLogger,
    render: {
      board: renderBoardPng,
      decisions: renderDecisionsPng,
      replay: renderReplayGif,
      standings: renderStandingsPng,
    },
    computer: null,
    newSeed: () => createHash("sha256").update(`clocks:${seeds++}`).digest(),
    budgets: UNLIMITED,
    fetch: fake.fetch as never,
  });
  const { service } = app;
  // The bench begins the games itself, where the bot would once their boards are posted.
  app.bot.boards.stop();

  const deadline = new Map<number, number>();
  const fellAt = new Map<number, number>();
  const warnedAt = new Map<number, number>();
  let wrongEnd = 0;
  app.dispatcher.on("game", "bench", ({ game, happened }) => {
    if (happened.includes("clock-low") && !warnedAt.has(game.id)) warnedAt.set(game.id, Date.now());
    if (!happened.includes("game-over") || fellAt.has(game.id)) return;
    fellAt.set(game.id, Date.now());
    if (game.state.result?.reason !== "time") wrongEnd++;
  });

  try {
    await app.clocks.start();
    const t0 = performance.now();
    const ids: number[] = [];
    for (let i = 0; i < games; i++) {
      const chatId = -2_000_000 - i;
      const chat = { id: chatId, type: "supergroup", title: `Clocks ${i}` };
      const a = { id: 100_000 + 2 * i, firstName: `A${i}` };
      const b = { id: 100_001 + 2 * i, firstName: `B${i}` };
      const c = await service.createChallenge({
        challenger: a,
        chat,
        variant: "short",
        timeControl: "blitz",
      });
      if (!c.ok) throw new Error(c.error.message);
      const accepted = await service.acceptChallenge(c.value.id, b);
      if (!accepted.ok) throw new Error(accepted.error.message);
      const origin: DiceOrigin = {
        kind: "chat",
        chatId,
        messageId: 1,
        date: Math.floor(Date.now() / 1000),
      };
      const begun = await service.beginGame(accepted.value.game.id, origin);
      if (!begun.ok) throw new Error(begun.error.message);
      ids.push(begun.value.game.id);
    }
    const createMs = performance.now() - t0;

    // The baseline: the keeper started, no clock running (after what the begins left settles).
    await sleep(idleFromMs);
    const baseline = await cpuOver(idleMs);

    const control = timeControl("blitz", "short", 1);
    if (control.kind !== "delay") throw new Error("blitz is a delay clock");
    const whole = control.delayMs + control.reserveMs;
    const start = Date.now();
    for (const [i, id] of ids.entries()) {
      const lead = Math.round(
        firstMs + ((lastMs - firstMs) * ((i * 7919) % games)) / Math.max(1, games - 1),
      );
      const g = (await service.getGame(id))!;
      // Seen `whole - lead` ago: the deadline falls `lead` after the start.
      if (!(await service.clockSeen(id, g.version, start + lead - whole)))
        throw new Error(`game ${id}: the clock did not start`);
      deadline.set(id, (await service.getGame(id))!.flagAt!);
    }
    const startMs = Date.now() - start;
    const running = (await service.runningClocks()).length;
    if (running !== games) throw new Error(`${running} clocks running, not ${games}`);

    await sleep(Math.max(0, idleFromMs - startMs));
    const idle = await cpuOver(idleMs);
    if (fellAt.size > 0 || Date.now() > Math.min(...deadline.values()))
      throw new Error("a deadline came within the idle window");
    const warnedInIdle = warnedAt.size;
    if (!smoke && warnedInIdle > 0) throw new Error("a warning came within the idle window");
    const busyFrom = { cpu: process.cpuUsage(), at: performance.now() };
    const stillRunning = (await service.runningClocks()).length;
    if (stillRunning !== games) throw new Error(`${stillRunning} of ${games} ran through idle`);

    const lastDeadline = Math.max(...deadline.values());
    while (fellAt.size < games && Date.now() < lastDeadline + 10_000) await sleep(50);
    if (fellAt.size < games) throw new Error(`${games - fellAt.size} games never flagged`);
    const busy = process.cpuUsage(busyFrom.cpu);
    const busyPct = (100 * (busy.user + busy.system)) / 1000 / (performance.now() - busyFrom.at);
    if (wrongEnd > 0) throw new Error(`${wrongEnd} games ended other than on time`);

    const late = ids.map((id) => fellAt.get(id)! - deadline.get(id)!);
    // Warnings due once the clocks ran (in smoke, some were due before they started).
    const warned = ids.filter(
      (id) => warnedAt.has(id) && deadline.get(id)! - LOW_CLOCK_MS >= start,
    );
    const warnLate = warned.map((id) => warnedAt.get(id)! - (deadline.get(id)! - LOW_CLOCK_MS));
    return {
      "clocked games": games,
      "games begun, s": round(createMs / 1000, 1),
      "deadlines spread over, s": `${firstMs / 1000}–${lastMs / 1000}`,
      "flag latency p50 ms": Math.round(percentile(late, 50)),
      "flag latency p99 ms (goal ≤ 1000)": Math.round(percentile(late, 99)),
      "flag latency max ms": Math.round(percentile(late, 100)),
      "flag latency min ms (≥ 0)": Math.round(Math.min(...late)),
      "games warned (clock-low)": warnedAt.size,
      "warning latency p99 ms": warnLate.length ? Math.round(percentile(warnLate, 99)) : "n/a",
      "warning latency max ms": warnLate.length ? Math.round(percentile(warnLate, 100)) : "n/a",
      "idle CPU, no clock % (baseline)": round(baseline, 2),
      [`idle CPU, ${games} clocks % (goal < 2)`]: round(idle, 2),
      "warnings within the idle window": warnedInIdle,
      "CPU while warning and flagging %": round(busyPct, 1),
    };
  } finally {
    app.clocks.stop();
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchClocks({ smoke: process.env.BENCH_SMOKE === "1" });
  for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(40)} ${v}`);
}
