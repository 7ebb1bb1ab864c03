import type { Db } from '../db/connection.ts';

/** Small key/value facts about the library itself (e.g. which demo seed built it). */
export function createMetaRepo(db: Db) {
  const get = db.prepare<[string], string>('SELECT value FROM app_meta WHERE key = ?').pluck();
  const set = db.prepare(
    'INSERT INTO app_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const songCount = db.prepare<[], number>('SELECT COUNT(*) FROM songs').pluck();
  return {
    get: (key: string): string | undefined => get.get(key),
    set: (key: string, value: string): void => {
      set.run(key, value);
    },
    songCount: (): number => songCount.get() ?? 0,
  };
}
export type MetaRepo = ReturnType<typeof createMetaRepo>;
