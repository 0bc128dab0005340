/** Token buckets by key (a user, an address), the least recently used forgotten past `maxKeys`. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 10_000,
  ) {}

  /** Takes one token: 0 when there was one, else the milliseconds until there is. */
  take(key: string): number {
    const now = this.now();
    const b = this.buckets.get(key);
    const tokens = b
      ? Math.min(this.capacity, b.tokens + ((now - b.at) / 1000) * this.perSecond)
      : this.capacity;
    this.buckets.delete(key);
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now });
      return Math.ceil(((1 - tokens) / this.perSecond) * 1000);
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
    return 0;
  }
}

/** A map that forgets its least recently set entries past `max`. */
export class Recent<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }

  delete(key: K): void {
    this.map.delete(key);
  }
}
