/**
 * What one process read from the database, kept while the database's version (repos/meta.ts) is
 * the one the request that read it saw; the first request that sees another version — after any
 * write, by any process — drops it all and reads again. The rule of docs/decisions/0040: a
 * per-process cache never answers with what another process's acknowledged write changed. A
 * value is read after its version was, so it is never older than the version it is kept under.
 *
 * Concurrent reads of one key share one query; a failed one is forgotten (asked again next time).
 * At most `maxEntries` are kept (the oldest dropped first).
 */
export class VersionedMemo<T> {
  #version: string | undefined;
  readonly #values = new Map<string, Promise<T>>();

  constructor(readonly maxEntries: number) {}

  get(version: string, key: string, read: () => Promise<T>): Promise<T> {
    if (version !== this.#version) {
      this.#values.clear();
      this.#version = version;
    }
    let value = this.#values.get(key);
    if (!value) {
      if (this.#values.size >= this.maxEntries) this.#values.delete(this.#values.keys().next().value!);
      const reading = read();
      reading.catch(() => {
        if (this.#values.get(key) === reading) this.#values.delete(key);
      });
      this.#values.set(key, (value = reading));
    }
    return value;
  }
}
