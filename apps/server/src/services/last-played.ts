/** How often the noted plays are written: once a second. */
export const LAST_PLAYED_EVERY_MS = 1000;
/** A key written less than this long ago is not written again: a minute is plenty for the least-recently-played budgets. */
export const LAST_PLAYED_GRAIN_MS = 60_000;
/** Keys remembered as written, beyond which the oldest are forgotten (they are then written again once, harmlessly). */
const REMEMBERED = 10_000;

/** Records when media files were last played (each process its own), a second late at most. */
export interface LastPlayed<K> {
  /** Notes that `key` is played now; written at the next flush, unless this process wrote it within the last minute. */
  touch(key: K): void;
  /** Writes every play noted so far (before an eviction reads the times; at shutdown). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is noted. */
  close(): Promise<void>;
}

export interface LastPlayedOptions<K> {
  /** a key's identity (keys are compared by it) */
  idOf: (key: K) => string;
  /** writes `at` as the last-played time of every key, in one statement (or a few) */
  write: (keys: K[], at: number) => Promise<void>;
  everyMs?: number;
  /** a write that failed (its keys are tried again at the next flush) */
  onError?: (err: unknown) => void;
  now?: () => number;
}

/**
 * Last-played times are what the media budgets evict by (least recently played first), not a
 * user's write: a request that plays a file notes it here, and the notes are written in one
 * statement a second, not one per request. Another process evicting meanwhile may see a time up
 * to a second (plus its own flush) old, which only changes which file is re-rendered later; a
 * process killed outright loses at most its last second of notes. Shutdown writes them.
 */
export function lastPlayed<K>({
  idOf,
  write,
  everyMs = LAST_PLAYED_EVERY_MS,
  onError = () => {},
  now = Date.now,
}: LastPlayedOptions<K>): LastPlayed<K> {
  let pending = new Map<string, K>();
  /** when this process last wrote each key (insertion order: oldest first) */
  const written = new Map<string, number>();
  let running: Promise<void> = Promise.resolve();

  const flushOnce = async (): Promise<void> => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const at = now();
    try {
      await write([...batch.values()], at);
    } catch (err) {
      // Tried again next time, behind anything noted since.
      for (const [id, key] of batch) if (!pending.has(id)) pending.set(id, key);
      onError(err);
      return;
    }
    for (const id of batch.keys()) {
      written.delete(id);
      written.set(id, at);
    }
    for (const [id, when] of written) {
      if (written.size <= REMEMBERED && when > at - LAST_PLAYED_GRAIN_MS) break;
      written.delete(id);
    }
  };
  // One flush at a time: a flush asked for during another runs after it (and sees what it missed).
  const flush = (): Promise<void> => (running = running.then(flushOnce));

  const timer = setInterval(() => void flush(), everyMs);
  timer.unref();

  return {
    touch(key) {
      const id = idOf(key);
      const when = written.get(id);
      if (when !== undefined && when > now() - LAST_PLAYED_GRAIN_MS) return;
      pending.set(id, key);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
