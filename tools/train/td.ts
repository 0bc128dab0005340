import { flip } from "../../src/ai/evaluate.js";
import type { Net } from "../../src/ai/net.js";
import type { Probs } from "../../src/ai/types.js";
import type { Trajectory } from "./self-play.js";

const asArray = (p: Probs): number[] => [p.win, p.winG, p.winBG, p.loseG, p.loseBG];

/**
 * TD(λ) by λ-returns computed backwards over one finished game: each position's target mixes
 * the next position's evaluation (seen from this side) with the later targets; the last
 * position's target is the result. Then one cross-entropy gradient step per position.
 */
export function tdLearn(net: Net, game: Trajectory, alpha: number, lambda: number): void {
  const n = game.inputs.length;
  if (n < 2) return;
  const targets: Probs[] = new Array(n);
  targets[n - 1] = game.probs[n - 1]!;
  for (let t = n - 2; t >= 0; t--) {
    const next = flip(game.probs[t + 1]!);
    const later = flip(targets[t + 1]!);
    targets[t] = {
      win: (1 - lambda) * next.win + lambda * later.win,
      winG: (1 - lambda) * next.winG + lambda * later.winG,
      winBG: (1 - lambda) * next.winBG + lambda * later.winBG,
      loseG: (1 - lambda) * next.loseG + lambda * later.loseG,
      loseBG: (1 - lambda) * next.loseBG + lambda * later.loseBG,
    };
  }
  // The last position is the finished game: the net is never asked about it.
  for (let t = 0; t < n - 1; t++) step(net, game.inputs[t]!, asArray(targets[t]!), alpha);
}

const delta = new Float64Array(64);
const hiddenDelta = new Float64Array(256);

/** One gradient step of cross-entropy towards `target` (sigmoid outputs: δ = t − y). */
export function step(net: Net, x: Float64Array, target: readonly number[], alpha: number): void {
  const y = net.forward(x);
  const h = net.h;
  const H = net.hidden;
  for (let k = 0; k < net.outputs; k++) delta[k] = target[k]! - y[k]!;
  for (let j = 0; j < H; j++) {
    let s = 0;
    for (let k = 0; k < net.outputs; k++) s += net.w2[k * H + j]! * delta[k]!;
    hiddenDelta[j] = s * h[j]! * (1 - h[j]!);
  }
  for (let k = 0; k < net.outputs; k++) {
    const d = alpha * delta[k]!;
    net.b2[k]! += d;
    const row = k * H;
    for (let j = 0; j < H; j++) net.w2[row + j]! += d * h[j]!;
  }
  for (let j = 0; j < H; j++) net.b1[j]! += alpha * hiddenDelta[j]!;
  for (let i = 0; i < net.inputs; i++) {
    const v = x[i]!;
    if (v === 0) continue;
    const row = i * H;
    const a = alpha * v;
    for (let j = 0; j < H; j++) net.w1[row + j]! += a * hiddenDelta[j]!;
  }
}
