import type { Net } from "../../src/ai/net.js";
import type { SparseInputs } from "./labelled.js";

const delta = new Float64Array(8);
let hiddenDelta = new Float64Array(0);

/** Forward pass of row `r` of `x` into `net.h` and `net.y` (sigmoid hidden and outputs). */
export function forwardSparse(net: Net, x: SparseInputs, r: number): Float64Array {
  const H = net.hidden;
  const h = net.h;
  h.set(net.b1);
  for (let e = x.start[r]!; e < x.start[r + 1]!; e++) {
    const v = x.value[e]!;
    const row = x.index[e]! * H;
    for (let j = 0; j < H; j++) h[j]! += v * net.w1[row + j]!;
  }
  for (let j = 0; j < H; j++) h[j] = 1 / (1 + Math.exp(-h[j]!));
  for (let k = 0; k < net.outputs; k++) {
    let s = net.b2[k]!;
    const row = k * H;
    for (let j = 0; j < H; j++) s += h[j]! * net.w2[row + j]!;
    net.y[k] = 1 / (1 + Math.exp(-s));
  }
  return net.y;
}

/** One cross-entropy gradient step of row `r` towards `target` (sigmoid outputs: δ = t − y). */
export function stepSparse(
  net: Net,
  x: SparseInputs,
  r: number,
  target: ArrayLike<number>,
  alpha: number,
): void {
  const y = forwardSparse(net, x, r);
  const H = net.hidden;
  const h = net.h;
  if (hiddenDelta.length !== H) hiddenDelta = new Float64Array(H);
  for (let k = 0; k < net.outputs; k++) delta[k] = target[k]! - y[k]!;
  for (let j = 0; j < H; j++) {
    let s = 0;
    for (let k = 0; k < net.outputs; k++) s += net.w2[k * H + j]! * delta[k]!;
    hiddenDelta[j] = alpha * s * h[j]! * (1 - h[j]!);
  }
  for (let k = 0; k < net.outputs; k++) {
    const d = alpha * delta[k]!;
    net.b2[k]! += d;
    const row = k * H;
    for (let j = 0; j < H; j++) net.w2[row + j]! += d * h[j]!;
  }
  for (let j = 0; j < H; j++) net.b1[j]! += hiddenDelta[j]!;
  for (let e = x.start[r]!; e < x.start[r + 1]!; e++) {
    const v = x.value[e]!;
    const row = x.index[e]! * H;
    for (let j = 0; j < H; j++) net.w1[row + j]! += v * hiddenDelta[j]!;
  }
}
