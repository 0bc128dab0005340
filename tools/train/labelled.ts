import { readFileSync } from "node:fs";
import { decodePositionId, type Side } from "../../src/engine/index.js";

/** A training position: the side that just moved (`me`), the side to roll, and my chances. */
export interface Labelled {
  readonly me: Side;
  readonly opp: Side;
  readonly target: readonly number[];
}

/** Reads tools/train/gnubg-labels.py output: a Position ID (the other side on roll), 5 chances. */
export function readLabels(file: string): Labelled[] {
  const out: Labelled[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const parts = line.trim().split(" ");
    if (parts.length !== 6) continue;
    const pos = decodePositionId(parts[0]!);
    if (!pos) throw new Error(`bad position id in ${file}: ${parts[0]}`);
    out.push({ me: pos.opponent, opp: pos.onRoll, target: parts.slice(1).map(Number) });
  }
  return out;
}

/** Reads tools/label-long.ts output: one JSON line per position. */
export function readLongLabels(file: string): Labelled[] {
  const out: Labelled[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const { me, opp, t } = JSON.parse(line) as { me: Side; opp: Side; t: number[] };
    if (me.length !== 26 || opp.length !== 26 || t.length !== 5)
      throw new Error(`bad label line in ${file}: ${line.slice(0, 80)}`);
    out.push({ me, opp, target: t });
  }
  return out;
}

/** The non-zero inputs of many positions, packed: row i is entries start[i]..start[i + 1]. */
export class SparseInputs {
  start = new Uint32Array(1024);
  index = new Uint16Array(1 << 16);
  value = new Float32Array(1 << 16);
  rows = 0;
  private used = 0;

  add(x: Float64Array): void {
    if (this.rows + 2 > this.start.length) this.start = grow(this.start, this.start.length * 2);
    if (this.used + x.length > this.index.length) {
      this.index = grow(this.index, this.index.length * 2);
      this.value = grow(this.value, this.value.length * 2);
    }
    this.start[this.rows] = this.used;
    for (let j = 0; j < x.length; j++) {
      if (x[j] === 0) continue;
      this.index[this.used] = j;
      this.value[this.used++] = x[j]!;
    }
    this.start[++this.rows] = this.used;
  }
}

function grow<T extends Uint32Array | Uint16Array | Float32Array>(a: T, n: number): T {
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a);
  return b;
}
