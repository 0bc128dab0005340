import { performance } from "node:perf_hooks";
import { renderStandingsPng } from "../src/render/standings.js";
import type { BracketView, StandingsPicture, TableView } from "../src/render/standings-view.js";
import { median, round } from "./stats.js";

const NAMES = ["Ольга", "Тарас", "Alice", "Bob", "Giorgi", "Анна", "Zoë", "Mehmet"];
const nameOf = (i: number) => `${NAMES[i % NAMES.length]} ${i + 1}`;

/** A finished 32-player round robin's table. */
function table(players: number): TableView {
  return {
    kind: "table",
    title: "Tournament",
    subtitle: "short nardy · standard · to 3 points · round robin",
    headings: ["#", "Player", "P", "W", "L", "Points", "+/−"],
    rows: Array.from({ length: players }, (_, i) => ({
      place: i + 1,
      name: nameOf(i),
      played: players - 1,
      wins: players - 1 - i,
      losses: i,
      pointsFor: 3 * (players - 1 - i),
      pointsAgainst: 3 * i,
      highlight: i === 0,
    })),
    footer: `Winner: ${nameOf(0)}`,
  };
}

/** A 32-player knock-out halfway through its first round. */
function bracket(players: number): BracketView {
  const rounds: BracketView["rounds"][number][] = [];
  for (let size = players / 2, r = 0; size >= 1; size /= 2, r++)
    rounds.push({
      name: size === 1 ? "Final" : `Round ${r + 1}`,
      matches: Array.from({ length: size }, (_, j) => {
        const decided = r === 0 && j % 2 === 0;
        const side = (k: number, won: boolean) =>
          r === 0
            ? { name: nameOf(2 * j + k), score: decided ? (won ? "3" : "1") : null, won }
            : null;
        return { a: side(0, decided), b: side(1, false), bye: false, live: r === 0 && !decided };
      }),
    });
  return {
    kind: "bracket",
    title: "Tournament",
    subtitle: "long nardy · classic · 1 game · knock-out",
    rounds,
    tbd: "?",
    byeText: "bye",
    footer: "",
  };
}

async function timed(view: StandingsPicture, runs: number): Promise<{ ms: number; kb: number }> {
  await renderStandingsPng(view); // the font and the first composite, once
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    bytes = (await renderStandingsPng(view)).length;
    times.push(performance.now() - t0);
  }
  return { ms: round(median(times), 1), kb: round(bytes / 1024, 1) };
}

/** A tournament's standings picture at its largest (32 players): median time and size. */
export async function benchStandings(opts: { smoke?: boolean } = {}) {
  const runs = opts.smoke ? 2 : 15;
  const t = await timed(table(32), runs);
  const b = await timed(bracket(32), runs);
  return {
    table32MedianMs: t.ms,
    table32Kb: t.kb,
    bracket32MedianMs: b.ms,
    bracket32Kb: b.kb,
  };
}
