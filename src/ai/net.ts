/**
 * A small feed-forward net: inputs → one sigmoid hidden layer → sigmoid outputs (the five
 * outcome probabilities). Inputs are mostly zero, so the first layer walks the non-zero ones.
 */
export interface NetWeights {
  readonly inputs: number;
  readonly hidden: number;
  readonly outputs: number;
  /** inputs × hidden, one row of `hidden` weights per input. */
  readonly w1: ArrayLike<number>;
  readonly b1: ArrayLike<number>;
  /** outputs × hidden. */
  readonly w2: ArrayLike<number>;
  readonly b2: ArrayLike<number>;
}

/** The stored form (JSON): plain arrays, plus how it was trained. */
export interface StoredNet {
  readonly inputs: number;
  readonly hidden: number;
  readonly outputs: number;
  readonly w1: number[];
  readonly b1: number[];
  readonly w2: number[];
  readonly b2: number[];
  readonly trainedGames?: number;
  readonly note?: string;
}

export class Net {
  readonly inputs: number;
  readonly hidden: number;
  readonly outputs: number;
  readonly w1: Float64Array;
  readonly b1: Float64Array;
  readonly w2: Float64Array;
  readonly b2: Float64Array;
  /** Hidden activations of the last forward pass (the trainer reads them). */
  readonly h: Float64Array;
  readonly y: Float64Array;

  constructor(w: NetWeights) {
    this.inputs = w.inputs;
    this.hidden = w.hidden;
    this.outputs = w.outputs;
    if (w.w1.length !== w.inputs * w.hidden || w.w2.length !== w.outputs * w.hidden)
      throw new Error("net weights do not match their shape");
    this.w1 = Float64Array.from(w.w1);
    this.b1 = Float64Array.from(w.b1);
    this.w2 = Float64Array.from(w.w2);
    this.b2 = Float64Array.from(w.b2);
    this.h = new Float64Array(w.hidden);
    this.y = new Float64Array(w.outputs);
  }

  /** Small random weights, for training from scratch. */
  static random(inputs: number, hidden: number, outputs: number, rnd: () => number): Net {
    const r = (n: number, s: number) => Array.from({ length: n }, () => (rnd() * 2 - 1) * s);
    return new Net({
      inputs,
      hidden,
      outputs,
      w1: r(inputs * hidden, 0.1),
      b1: r(hidden, 0.1),
      w2: r(outputs * hidden, 0.1),
      b2: r(outputs, 0.1),
    });
  }

  /** Evaluates `x` (length `inputs`); the result is `this.y`, overwritten by the next call. */
  forward(x: ArrayLike<number>): Float64Array {
    const H = this.hidden;
    const h = this.h;
    const w1 = this.w1;
    h.set(this.b1);
    for (let i = 0; i < this.inputs; i++) {
      const v = x[i]!;
      if (v === 0) continue;
      const row = i * H;
      // Four at a time: fewer loop checks in the hottest loop of every evaluation.
      let j = 0;
      for (; j + 4 <= H; j += 4) {
        h[j]! += v * w1[row + j]!;
        h[j + 1]! += v * w1[row + j + 1]!;
        h[j + 2]! += v * w1[row + j + 2]!;
        h[j + 3]! += v * w1[row + j + 3]!;
      }
      for (; j < H; j++) h[j]! += v * w1[row + j]!;
    }
    for (let j = 0; j < H; j++) h[j] = 1 / (1 + Math.exp(-h[j]!));
    const w2 = this.w2;
    for (let k = 0; k < this.outputs; k++) {
      let s = this.b2[k]!;
      const row = k * H;
      for (let j = 0; j < H; j++) s += h[j]! * w2[row + j]!;
      this.y[k] = 1 / (1 + Math.exp(-s));
    }
    return this.y;
  }

  toStored(extra: { trainedGames?: number; note?: string } = {}): StoredNet {
    const round = (a: Float64Array) => Array.from(a, (v) => Math.round(v * 1e5) / 1e5);
    return {
      inputs: this.inputs,
      hidden: this.hidden,
      outputs: this.outputs,
      ...extra,
      w1: round(this.w1),
      b1: round(this.b1),
      w2: round(this.w2),
      b2: round(this.b2),
    };
  }
}
