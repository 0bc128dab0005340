import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inBearoffTable } from "../../src/ai/bearoff.js";
import { stockEvaluator } from "../../src/ai/evaluate.js";
import { lookAhead } from "../../src/ai/search.js";
import { outcomeValues } from "../../src/ai/values.js";
import { defaultRules, type Play } from "../../src/engine/index.js";
import { readLongLabels } from "../../tools/train/labelled.js";
import { longLabelLine, searchLabels } from "../../tools/train/long-labels.js";

describe("long nardy's 1-ply labels (tools/label-long.ts)", () => {
  const ev = stockEvaluator("long");
  const opts = { games: 1, seed: 5, explore: 0.1 };
  const labels = searchLabels(ev, opts);

  it("label a whole game's positions, the same for the same seed", () => {
    expect(labels.length).toBeGreaterThan(30);
    expect(searchLabels(ev, opts)).toEqual(labels);
    for (const l of labels) {
      expect(inBearoffTable(l.me) && inBearoffTable(l.opp)).toBe(false);
      const [win, winG, winBG, loseG, loseBG] = l.target as number[];
      expect(win).toBeGreaterThanOrEqual(0);
      expect(win).toBeLessThanOrEqual(1);
      expect(winBG).toBeLessThanOrEqual(winG! + 1e-12);
      expect(winG).toBeLessThanOrEqual(win! + 1e-12);
      expect(loseBG).toBeLessThanOrEqual(loseG! + 1e-12);
      expect(loseG).toBeLessThanOrEqual(1 - win! + 1e-12);
    }
  });

  it("are the 1-ply look-ahead's chances, not the net's own", () => {
    const rules = defaultRules("long");
    const values = outcomeValues("long", {});
    let apart = 0;
    // Past both first turns the look-ahead depends on the position alone.
    for (const l of labels.slice(4).filter((_, i) => i % 4 === 0)) {
      const play = { steps: [], me: l.me, opp: l.opp } as Play;
      const spec = { variant: "long" as const, rules, me: l.opp, opp: l.me, dice: [1, 2] as const };
      const t = lookAhead(ev, { ...spec, firstTurn: false, opponentFirstRoll: null }, play, values);
      expect(l.target).toEqual([
        t.probs.win,
        t.probs.winG,
        t.probs.winBG,
        t.probs.loseG,
        t.probs.loseBG,
      ]);
      apart = Math.max(apart, Math.abs(ev.evaluate(l.me, l.opp).win - t.probs.win));
    }
    expect(apart).toBeGreaterThan(0.01);
  });

  it("round-trip through a label file", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "labels-")), "long.jsonl");
    writeFileSync(file, `${labels.map(longLabelLine).join("\n")}\n`);
    const back = readLongLabels(file);
    expect(back.map((l) => [l.me, l.opp])).toEqual(labels.map((l) => [l.me, l.opp]));
    for (const [i, l] of back.entries())
      for (const [k, p] of l.target.entries()) expect(p).toBeCloseTo(labels[i]!.target[k]!, 5);
  });

  it("refuse a malformed line", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "labels-")), "bad.jsonl");
    writeFileSync(file, `${JSON.stringify({ me: [1, 2], opp: [], t: [0.5] })}\n`);
    expect(() => readLongLabels(file)).toThrow(/bad label line/);
  });
});
