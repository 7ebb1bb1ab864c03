/**
 * A small map whose entries expire `ttlMs` after they were set; at most `max` entries (the
 * oldest go first). For answers that are cheap to recompute but asked for in bursts (the file a
 * song streams from, asked for by every Range request of a player).
 */
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number }>();

  constructor(
    readonly ttlMs: number,
    readonly max: number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= performance.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expires: performance.now() + this.ttlMs });
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.max) break;
      this.#entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }
}
