import type { MetaRepo } from '../repos/meta.ts';
import { DEMO_LIBRARY_KEY } from '../library/demo/index.ts';
import { LIBRARY_EPOCH } from '../library/demo/clock.ts';

export const LIBRARY_CLOCK_KEY = 'library_clock_offset_ms';

/**
 * The library's clock, which stamps plays and on which charts count "the last 7 days".
 *
 * The demo library's story — releases, playlists, a month of listening — ends at LIBRARY_EPOCH
 * (fixed, so every install holds the same catalog). Its clock starts at that moment the first
 * time the library is served and then runs at real speed: a fresh demo opens on a lively week of
 * charts instead of plays that all lie months in the past. Any other library runs on real time.
 * The offset is stored on first use (not at seeding, which stays deterministic) and kept.
 */
export function libraryClock(meta: MetaRepo): () => number {
  let offset: number | undefined;
  return () => {
    if (offset === undefined) {
      const stored = Number(meta.get(LIBRARY_CLOCK_KEY));
      if (Number.isFinite(stored) && meta.get(LIBRARY_CLOCK_KEY) !== undefined) offset = stored;
      else {
        offset = meta.get(DEMO_LIBRARY_KEY) !== undefined ? Math.min(0, LIBRARY_EPOCH - Date.now()) : 0;
        meta.set(LIBRARY_CLOCK_KEY, String(offset));
      }
    }
    return Date.now() + offset;
  };
}
