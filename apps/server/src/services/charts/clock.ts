import { META_KEYS, type MetaRepo } from '../../repos/meta.ts';

/**
 * The library's clock, which stamps plays and on which charts count "the last 7 days".
 *
 * The demo library's story — releases, playlists, a month of listening — ends at a fixed moment
 * (so every install holds the same catalog), which its seed records as the story end. Its clock
 * starts at that moment the first time the library is served and then runs at real speed: a
 * fresh demo opens on a lively week of charts instead of plays that all lie months in the past. Any other library runs on real time.
 * The offset is stored when the library is first served (not at seeding, which stays
 * deterministic) and kept.
 */
export async function libraryClock(meta: MetaRepo): Promise<() => number> {
  const offset = (await storedOffset(meta)) ?? (await firstOffset(meta));
  return () => Date.now() + offset;
}

async function storedOffset(meta: MetaRepo): Promise<number | undefined> {
  const text = await meta.get(META_KEYS.clockOffset);
  const stored = Number(text);
  return text !== undefined && Number.isFinite(stored) ? stored : undefined;
}

/** Fixes the clock the first time the library is served (at start-up, never during a read). */
async function firstOffset(meta: MetaRepo): Promise<number> {
  const storyEnd = Number(await meta.get(META_KEYS.storyEnd));
  const offset = Number.isFinite(storyEnd) && storyEnd > 0 ? Math.min(0, storyEnd - Date.now()) : 0;
  await meta.set(META_KEYS.clockOffset, String(offset));
  return offset;
}
