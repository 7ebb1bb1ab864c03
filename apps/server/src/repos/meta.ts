import type { Database } from '../db/database.ts';

/** The app_meta keys, named in one place: content writes some, services read them. */
export const META_KEYS = {
  /** JSON summary of the demo seed that built the library */
  demoLibrary: 'demo_library',
  /** ms timestamp where the demo library's story (releases, a month of plays) ends */
  storyEnd: 'library_story_end',
  /** the library clock's offset from real time, fixed the first time it is read */
  clockOffset: 'library_clock_offset_ms',
  /** set once the demo library's songs have their genres (seeded with them, or backfilled at start) */
  demoGenres: 'demo_genres',
} as const;

/** Small key/value facts about the library itself (e.g. which demo seed built it). */
export function createMetaRepo(db: Database) {
  const get = db.prepare<[string], string>('SELECT value FROM app_meta WHERE key = ?').pluck();
  const set = db.prepare('INSERT INTO app_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  // SQLite: commits by other connections (data_version) and by this one (total_changes). PostgreSQL:
  // the statement's snapshot — which transactions it sees — changes exactly when a write becomes
  // visible (the WAL position the baseline's pragma_data_version view reads moves when the commit
  // is logged, before the write is visible: an answer read in between would be kept as current).
  const version = db
    .prepare<[], string>(
      db.dialect === 'postgres'
        ? 'SELECT pg_current_snapshot()::text'
        : "SELECT (SELECT data_version FROM pragma_data_version) || '.' || total_changes()",
    )
    .pluck();
  return {
    get: async (key: string): Promise<string | undefined> => await get.get(key),
    set: async (key: string, value: string): Promise<void> => {
      await set.run(key, value);
    },
    /** Changes whenever anything in the database changes: cached answers built before are stale. */
    version: async (): Promise<string> => (await version.get()) ?? '',
  };
}
export type MetaRepo = Awaited<ReturnType<typeof createMetaRepo>>;
