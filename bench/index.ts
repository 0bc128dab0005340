/**
 * `npm run bench`: every performance figure of the product from one run on this machine.
 * BENCH_SMOKE=1 runs each part briefly (CI), to prove the benches work; its numbers mean little.
 */
import { benchEngine } from "./engine.js";

type Figures = Record<string, number | string>;
type Part = { name: string; run: () => Promise<Figures> | Figures };

const smoke = process.env.BENCH_SMOKE === "1";

const parts: Part[] = [
  { name: "engine", run: () => benchEngine({ smoke }) },
  { name: "render", run: async () => (await import("./render.js")).benchRender({ smoke }) },
  {
    name: "standings",
    run: async () => (await import("./standings.js")).benchStandings({ smoke }),
  },
  { name: "analysis", run: async () => (await import("./analysis.js")).benchAnalysis({ smoke }) },
  { name: "replay", run: async () => (await import("./replay.js")).benchReplay({ smoke }) },
  { name: "reviews", run: async () => (await import("./reviews.js")).benchReviews({ smoke }) },
  {
    name: "persistence",
    run: async () => (await import("./persistence.js")).benchPersistence({ smoke }),
  },
  { name: "bot", run: async () => (await import("./bot.js")).benchBot({ smoke }) },
  { name: "pace", run: async () => (await import("./pace.js")).benchPace({ smoke }) },
  {
    name: "pace-clock",
    run: async () => (await import("./pace-clock.js")).benchPaceClock({ smoke }),
  },
  { name: "clocks", run: async () => (await import("./clocks.js")).benchClocks({ smoke }) },
  { name: "flood", run: async () => (await import("./flood.js")).benchFlood({ smoke }) },
  { name: "web", run: async () => (await import("./web.js")).benchWeb({ smoke }) },
  { name: "taps", run: async () => (await import("./taps.js")).benchTaps({ smoke }) },
  {
    name: "leaderboards",
    run: async () => (await import("./leaderboards.js")).benchLeaderboards({ smoke }),
  },
  { name: "lobby", run: async () => (await import("./lobby.js")).benchLobby({ smoke }) },
];

for (const part of parts) {
  const t0 = performance.now();
  const figures = await part.run();
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(`\n## ${part.name} (${seconds} s)`);
  for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(28)} ${v}`);
}
