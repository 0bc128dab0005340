/**
 * Labels for long nardy's net from its own 1-ply search (tools/train/long-labels.ts): a net
 * trained on them (`tools/train-net.ts --variant long`) learns at 0-ply what the search sees
 * one roll deeper.
 *
 *   npx tsx tools/label-long.ts --out labels.jsonl --games 2000 --seed 1
 *     [--net weights.json] [--explore 0.1]
 *
 * The games are played and labelled by the shipped net, or by `--net`. One JSON line per
 * position: `me` (just moved) and `opp` (to roll) as 26 counts, `t` the five chances of `me`.
 * About 80 positions a game, 6 ms each on one core.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { Evaluator, stockEvaluator } from "../src/ai/evaluate.js";
import { Net, type StoredNet } from "../src/ai/net.js";
import { longLabelLine, searchLabels } from "./train/long-labels.js";

const { values: args } = parseArgs({
  options: {
    out: { type: "string" },
    games: { type: "string", default: "1000" },
    seed: { type: "string", default: "1" },
    net: { type: "string" },
    explore: { type: "string", default: "0.1" },
  },
});
if (!args.out) throw new Error("--out file");
const ev = args.net
  ? new Evaluator("long", new Net(JSON.parse(readFileSync(args.net, "utf8")) as StoredNet))
  : stockEvaluator("long");
const t0 = Date.now();
const labels = searchLabels(ev, {
  games: Number(args.games),
  seed: Number(args.seed),
  explore: Number(args.explore),
  progress: (games, positions) => {
    if (games % 100 === 0)
      console.log(
        `${games} games, ${positions} positions, ${Math.round((Date.now() - t0) / 1000)}s`,
      );
  },
});
writeFileSync(args.out, `${labels.map(longLabelLine).join("\n")}\n`);
console.log(`${labels.length} positions written to ${args.out}`);
