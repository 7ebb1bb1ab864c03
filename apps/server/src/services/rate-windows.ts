/** Milliseconds now; injected so tests can move time instead of waiting for it. */
export type Clock = () => number;

/** Keys tracked at once by one limiter; the least recently touched are forgotten beyond this. */
const DEFAULT_MAX_KEYS = 10_000;

/** A Map that forgets its least recently touched keys beyond `maxKeys` (insertion order = age). */
class BoundedMap<V> {
  readonly #entries = new Map<string, V>();
  constructor(readonly maxKeys: number) {}

  get(key: string): V | undefined {
    return this.#entries.get(key);
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    while (this.#entries.size > this.maxKeys) this.#entries.delete(this.#entries.keys().next().value!);
  }
}

/**
 * Token buckets per key: `capacity` actions at once, refilled at `capacity` per `periodMs`.
 * take() spends one token and says whether there was one.
 */
export class TokenBuckets {
  readonly #buckets: BoundedMap<{ tokens: number; at: number }>;

  constructor(
    readonly capacity: number,
    readonly periodMs: number,
    readonly clock: Clock,
    maxKeys = DEFAULT_MAX_KEYS,
  ) {
    this.#buckets = new BoundedMap(maxKeys);
  }

  take(key: string): boolean {
    const now = this.clock();
    const bucket = this.#buckets.get(key);
    const tokens = bucket ? Math.min(this.capacity, bucket.tokens + ((now - bucket.at) * this.capacity) / this.periodMs) : this.capacity;
    const ok = tokens >= 1;
    this.#buckets.set(key, { tokens: ok ? tokens - 1 : tokens, at: now });
    return ok;
  }
}
