import { describe, expect, it } from "vitest";
import { bearOffSpecs, blockHeavySpecs, randomGameSpecs } from "../../bench/testkit/positions.js";
import {
  legalPlays,
  nextSteps,
  playsAfter,
  type Step,
  type TurnSpec,
  turnShape,
} from "../../src/engine/index.js";
import { sampled } from "../helpers/samples.js";

const key = (me: readonly number[], opp: readonly number[]): string =>
  `${me.join(",")}|${opp.join(",")}`;

/** Walks every path of legal next steps; returns the end positions and the number of paths. */
function leaves(spec: TurnSpec): { ends: Set<string>; paths: number } {
  const shape = turnShape(spec);
  const ends = new Set<string>();
  let paths = 0;
  const walk = (taken: Step[]): void => {
    const r = nextSteps(spec, taken, shape);
    // Thrown, not expect()ed: this runs at every node of every tree, and a failure names the path.
    if (!r.ok) throw new Error(`a listed step led nowhere: ${JSON.stringify(taken)}`);
    if (r.complete) {
      if (r.steps.length > 0)
        throw new Error(`steps listed after a full play: ${JSON.stringify(taken)}`);
      ends.add(key(r.me, r.opp));
      paths++;
      return;
    }
    if (r.steps.length === 0)
      throw new Error(`an unfinished turn lists no step: ${JSON.stringify(taken)}`);
    for (const s of r.steps) walk([...taken, s]);
  };
  walk([]);
  return { ends, paths };
}

/** The end positions of every path of legal next steps that starts with `prefix`. */
function endsBelow(spec: TurnSpec, prefix: Step[]): Set<string> {
  const shape = turnShape(spec);
  const ends = new Set<string>();
  const walk = (taken: Step[]): void => {
    const r = nextSteps(spec, taken, shape);
    if (!r.ok) return;
    if (r.complete) ends.add(key(r.me, r.opp));
    else for (const s of r.steps) walk([...taken, s]);
  };
  walk(prefix);
  return ends;
}

/** playsAfter the prefix: each end below it in the step tree, once. */
function expectPlaysAfterMatchesTree(spec: TurnSpec, prefix: Step[]): void {
  const after = playsAfter(spec, prefix).map((p) => key(p.me, p.opp));
  expect(new Set(after).size).toBe(after.length);
  expect(after.sort()).toEqual([...endsBelow(spec, prefix)].sort());
}

function expectTreeMatchesPlays(specs: readonly TurnSpec[]): number {
  let checked = 0;
  for (const spec of specs) {
    const plays = new Set(legalPlays(spec).map((p) => key(p.me, p.opp)));
    const { ends } = leaves(spec);
    if (plays.size === 0) expect([...ends]).toEqual([key(spec.me, spec.opp)]);
    else expect([...ends].sort()).toEqual([...plays].sort());
    checked++;
  }
  return checked;
}

describe("step-by-step input: the leaves of the step tree are exactly the full plays", () => {
  it("long nardy random-game positions", () => {
    // `npm test` walks the trees of fewer games' positions; the slow suite all of these.
    const games = sampled(12, 5);
    expect(expectTreeMatchesPlays(randomGameSpecs("long", games, 21))).toBeGreaterThan(80 * games);
  }, 120_000);

  it("short nardy random-game positions", () => {
    const games = sampled(6, 3);
    expect(expectTreeMatchesPlays(randomGameSpecs("short", games, 22))).toBeGreaterThan(50 * games);
  }, 120_000);

  it("block-heavy positions under every block reading", () => {
    // The slow suite checks all; `npm test` the first part of each reading's sample.
    const part = sampled(1, 0.25);
    const specs = [
      ...blockHeavySpecs(400 * part, 31, "strict"),
      ...blockHeavySpecs(400 * part, 32, "final"),
      ...blockHeavySpecs(300 * part, 33, "home"),
    ];
    expect(expectTreeMatchesPlays(specs)).toBe(1100 * part);
  }, 120_000);

  it("bear-off positions", () => {
    expect(
      expectTreeMatchesPlays([...bearOffSpecs("long", 300, 41), ...bearOffSpecs("short", 300, 42)]),
    ).toBe(600);
  }, 120_000);

  it("playsAfter a prefix lists exactly the leaves below it", () => {
    let checked = 0;
    for (const spec of [...randomGameSpecs("long", 2, 61), ...randomGameSpecs("short", 3, 62)]) {
      const first = nextSteps(spec, []);
      if (!first.ok || first.complete) continue;
      for (const step of first.steps) {
        expectPlaysAfterMatchesTree(spec, [step]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  }, 120_000);

  it("playsAfter two steps of a double, in any order, lists exactly the leaves below them", () => {
    let checked = 0;
    const doubles = [
      ...randomGameSpecs("short", 4, 63),
      ...bearOffSpecs("short", 200, 64),
      ...randomGameSpecs("long", 2, 67),
    ].filter((s) => s.dice[0] === s.dice[1]);
    for (const spec of doubles) {
      const shape = turnShape(spec);
      if (shape.maxDice < 3) continue;
      const first = nextSteps(spec, [], shape);
      if (!first.ok) continue;
      for (const a of first.steps) {
        const second = nextSteps(spec, [a], shape);
        if (!second.ok) continue;
        for (const b of second.steps) {
          expectPlaysAfterMatchesTree(spec, [a, b]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
  }, 120_000);

  it("each play's own steps, taken one by one, are accepted and end at its position", () => {
    let checked = 0;
    for (const spec of [...randomGameSpecs("long", 2, 65), ...randomGameSpecs("short", 2, 66)]) {
      const shape = turnShape(spec);
      for (const play of legalPlays(spec)) {
        const r = nextSteps(spec, play.steps, shape);
        expect(r.ok && r.complete).toBe(true);
        if (r.ok) expect(key(r.me, r.opp)).toBe(key(play.me, play.opp));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  }, 120_000);

  it("a step that begins no legal play is refused, and so are steps after a full play", () => {
    const spec = randomGameSpecs("long", 1, 5)[3]!;
    const first = nextSteps(spec, []);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const listed = new Set(first.steps.map((s) => `${s.from}/${s.to}/${s.die}`));
    for (let from = 1; from <= 24; from++)
      for (const die of new Set(spec.dice)) {
        const step = { from, to: Math.max(0, from - die), die };
        expect(nextSteps(spec, [step]).ok).toBe(listed.has(`${from}/${step.to}/${die}`));
      }
    const play = legalPlays(spec)[0]!;
    expect(nextSteps(spec, [...play.steps, play.steps[0]!]).ok).toBe(false);
  });
});
