/**
 * An exact set of keys made of three whole numbers below 2^53, with open addressing over
 * typed arrays: move generation looks up thousands of positions per roll, and strings or
 * nested maps cost more than the search itself.
 */
export class KeyTable {
  private mask: number;
  private a: Float64Array;
  private b: Float64Array;
  private c: Float64Array;
  /** A slot is in use when it carries the current generation, so clearing costs nothing. */
  private used: Uint32Array;
  private generation = 1;
  private values: Int32Array;
  private count = 0;

  constructor(capacity = 256) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.mask = size - 1;
    this.a = new Float64Array(size);
    this.b = new Float64Array(size);
    this.c = new Float64Array(size);
    this.used = new Uint32Array(size);
    this.values = new Int32Array(size);
  }

  clear(): void {
    this.generation++;
    this.count = 0;
  }

  private slot(a: number, b: number, c: number): number {
    let h = Math.imul((a | 0) ^ ((a / 4294967296) | 0), 0x9e3779b1);
    h = Math.imul(h ^ (b | 0) ^ ((b / 4294967296) | 0), 0x85ebca6b);
    h = Math.imul(h ^ (c | 0) ^ ((c / 4294967296) | 0), 0xc2b2ae35);
    return (h ^ (h >>> 15)) & this.mask;
  }

  /** The value stored with the key, or -1 after adding the key with `value` (≥ 0). */
  getOrAdd(a: number, b: number, c: number, value: number): number {
    if (this.count * 2 >= this.mask) this.grow();
    let i = this.slot(a, b, c);
    for (;;) {
      if (this.used[i] !== this.generation) {
        this.used[i] = this.generation;
        this.a[i] = a;
        this.b[i] = b;
        this.c[i] = c;
        this.values[i] = value;
        this.count++;
        return -1;
      }
      if (this.a[i] === a && this.b[i] === b && this.c[i] === c) return this.values[i]!;
      i = (i + 1) & this.mask;
    }
  }

  /** Adds the key; true when it was new. */
  insert(a: number, b: number, c: number): boolean {
    return this.getOrAdd(a, b, c, 0) === -1;
  }

  has(a: number, b: number, c: number): boolean {
    let i = this.slot(a, b, c);
    while (this.used[i] === this.generation) {
      if (this.a[i] === a && this.b[i] === b && this.c[i] === c) return true;
      i = (i + 1) & this.mask;
    }
    return false;
  }

  private grow(): void {
    const { a, b, c, used, values, generation } = this;
    const size = (this.mask + 1) * 2;
    this.mask = size - 1;
    this.a = new Float64Array(size);
    this.b = new Float64Array(size);
    this.c = new Float64Array(size);
    this.used = new Uint32Array(size);
    this.values = new Int32Array(size);
    this.count = 0;
    this.generation = 1;
    for (let i = 0; i < used.length; i++)
      if (used[i] === generation) this.getOrAdd(a[i]!, b[i]!, c[i]!, values[i]!);
  }
}
