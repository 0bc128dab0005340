import { performance } from "node:perf_hooks";
import { type CubeAnswer, cubeDecision, type Level } from "../src/ai/index.js";
import { defaultRules } from "../src/engine/index.js";
import {
  CUBE_FIXTURE_FILES,
  type CubeFigures,
  type CubeFixture,
  cubeFigures,
  gnubgZeroPly,
  loadCubeFixtures,
} from "./cube-score.js";
import { median, round } from "./stats.js";

/** The `cube` op's answer for a fixture position (short nardy, the side on roll's view). */
export function ourAnswer(f: CubeFixture, level: Level): CubeAnswer {
  const rules = defaultRules("short");
  const pos = {
    variant: "short" as const,
    rules,
    me: f.me,
    opp: f.opp,
    cube: { value: f.cube, owner: f.owner },
    canDouble: true,
  };
  return cubeDecision(pos, { match: f.match, cubeValue: f.cube }, level);
}

export interface CubeBenchRow {
  readonly set: keyof typeof CUBE_FIXTURE_FILES;
  readonly ours: CubeFigures;
  /** Our figures on each sample of the set, in order. */
  readonly samples: readonly CubeFigures[];
  readonly gnubg0: CubeFigures;
  readonly medianDecisionMs: number;
}

/** Our cube answers and gnubg 0-ply's on each fixture set, costed by gnubg 2-ply. */
export function cubeBench(level: Level): CubeBenchRow[] {
  return (Object.keys(CUBE_FIXTURE_FILES) as (keyof typeof CUBE_FIXTURE_FILES)[]).map((set) => {
    const times: number[] = [];
    const samples = CUBE_FIXTURE_FILES[set].map((file) => {
      const fixtures = loadCubeFixtures(file);
      const answers = fixtures.map((f) => {
        const t0 = performance.now();
        const a = ourAnswer(f, level);
        times.push(performance.now() - t0);
        return a;
      });
      return { fixtures, answers };
    });
    const fixtures = samples.flatMap((s) => s.fixtures);
    return {
      set,
      ours: cubeFigures(
        fixtures,
        samples.flatMap((s) => s.answers),
      ),
      samples: samples.map((s) => cubeFigures(s.fixtures, s.answers)),
      gnubg0: cubeFigures(fixtures, fixtures.map(gnubgZeroPly)),
      medianDecisionMs: round(median(times), 1),
    };
  });
}

const mp = (x: number) => (1000 * x).toFixed(1);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function line(who: string, f: CubeFigures): string {
  return (
    `${who} ${mp(f.meanCost)} [95% ${mp(f.meanCost95[0])}..${mp(f.meanCost95[1])}] ` +
    `thousandths/decision (doubling ${mp(f.doubleCost)}, taking ${mp(f.takeCost)}), ` +
    `double/no double right ${pct(f.doubleRight)}, take/pass right ${pct(f.takeRight)}`
  );
}

export function describeCube(level: Level, r: CubeBenchRow): string {
  const bySample =
    r.samples.length > 1
      ? ` (samples: ${r.samples.map((f) => `${mp(f.meanCost)} of ${f.positions}`).join(", ")})`
      : "";
  return (
    `cube ${r.set} (${r.ours.positions} positions, costed by gnubg 2-ply): ` +
    `${line(level, r.ours)}${bySample}, median ${r.medianDecisionMs} ms; ` +
    line("gnubg 0-ply", r.gnubg0)
  );
}
