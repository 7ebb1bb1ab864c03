import type { PersistStorage, StorageValue } from 'zustand/middleware';

/**
 * A zustand `PersistStorage` that writes only what changed, and not too often.
 *
 * zustand's persist middleware hands over the whole partialized state on every `set`. This
 * storage keeps it and coalesces changes into one trailing write per `wait` ms; only then are the
 * keys whose reference changed serialized and compared with what was last written, and a write
 * where nothing changed is dropped. Nothing is serialized during the `set` itself: a pick that
 * replaces a 10,000-song queue (2 MB of JSON) asks for its song's URL first. A pending write is flushed when the page is hidden or unloaded
 * (`visibilitychange` to hidden, `pagehide`), and before the entry is read again.
 */
export interface ThrottledStorageOptions {
  /** ms between two writes of an entry; changes in between are written together (default 500) */
  wait?: number;
  /** the backing store (default localStorage) */
  storage?: () => Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

export interface ThrottledStorage<S> extends PersistStorage<S, void> {
  /** writes every pending entry now */
  flush: () => void;
}

interface KeyCache {
  value: unknown;
  /** JSON of `value`, computed when first needed */
  json?: string | undefined;
}

interface Entry {
  version: number | undefined;
  keys: Map<string, KeyCache>;
  /** what storage holds: each key's JSON and the version (undefined: nothing known) */
  stored: { version: number | undefined; json: Map<string, string> } | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
}

const jsonOf = (cache: KeyCache): string | undefined => (cache.json ??= JSON.stringify(cache.value));

export function createThrottledStorage<S>({ wait = 500, storage = () => localStorage }: ThrottledStorageOptions = {}): ThrottledStorage<S> {
  const entries = new Map<string, Entry>();

  const write = (name: string, entry: Entry) => {
    clearTimeout(entry.timer);
    entry.timer = undefined;
    // Each key's JSON is computed once per value: an unchanged 2 MB queue is not serialized
    // again because the volume moved.
    const json = new Map<string, string>();
    for (const [key, cache] of entry.keys) {
      const value = jsonOf(cache);
      if (value !== undefined) json.set(key, value);
    }
    const stored = entry.stored;
    const same =
      stored !== undefined &&
      stored.version === entry.version &&
      stored.json.size === json.size &&
      [...json].every(([key, value]) => stored.json.get(key) === value);
    if (same) return;
    const fields = [...json].map(([key, value]) => `${JSON.stringify(key)}:${value}`);
    const version = entry.version === undefined ? '' : `,"version":${entry.version}`;
    entry.stored = { version: entry.version, json };
    try {
      storage().setItem(name, `{"state":{${fields.join(',')}}${version}}`);
    } catch (error) {
      // Quota exceeded or storage disabled: the app keeps working with what is in memory.
      console.warn(`[storage] could not save ${name}`, error);
    }
  };

  const flush = () => {
    for (const [name, entry] of entries) if (entry.timer !== undefined) write(name, entry);
  };

  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  }

  return {
    flush,

    getItem(name) {
      const pending = entries.get(name);
      if (pending?.timer !== undefined) write(name, pending);
      let stored: StorageValue<S> | null;
      try {
        stored = JSON.parse(storage().getItem(name) ?? 'null') as StorageValue<S> | null;
      } catch {
        stored = null; // unreadable: start from the defaults
      }
      const state = stored?.state;
      if (!stored || typeof state !== 'object' || state === null) {
        entries.delete(name);
        return null;
      }
      // What was read is what storage holds: writing it back unchanged is skipped.
      const keys = new Map<string, KeyCache>(Object.entries(state).map(([key, value]) => [key, { value }]));
      const json = new Map<string, string>();
      for (const [key, cache] of keys) {
        const value = jsonOf(cache);
        if (value !== undefined) json.set(key, value);
      }
      entries.set(name, { version: stored.version, keys, stored: { version: stored.version, json }, timer: undefined });
      return stored;
    },

    setItem(name, { state, version }) {
      let entry = entries.get(name);
      if (!entry) {
        entry = { version: undefined, keys: new Map(), stored: undefined, timer: undefined };
        entries.set(name, entry);
      }
      let changed = entry.version !== version;
      entry.version = version;
      const next = new Map<string, KeyCache>();
      for (const [key, value] of Object.entries(state as object)) {
        const seen = entry.keys.get(key);
        if (seen && seen.value === value) {
          next.set(key, seen);
          continue;
        }
        // Serialized and compared when written, not now.
        changed = true;
        next.set(key, { value });
      }
      // A key that went away (every new key was already counted as a change).
      if (next.size !== entry.keys.size) changed = true;
      entry.keys = next;
      if (changed && entry.timer === undefined) entry.timer = setTimeout(() => write(name, entry), wait);
    },

    removeItem(name) {
      clearTimeout(entries.get(name)?.timer);
      entries.delete(name);
      storage().removeItem(name);
    },
  };
}
