import type { Db } from '../db/connection.ts';

/** Searches of one keyword counted since the last write (migration 008). */
export interface KeywordCount {
  /** folded keyword */
  keyword: string;
  /** as typed */
  shown: string;
  count: number;
}

export interface SearchedKeyword {
  keyword: string;
  /** the latest typed form */
  shown: string;
  searches: number;
}

const isBusy = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && 'code' in err && String(err.code).startsWith('SQLITE_BUSY');

/** Searched keywords counted per library-clock day (search_keywords). */
export function createSearchKeywordRepo(db: Db) {
  const keywordsOn = db.prepare<[number], number>('SELECT COUNT(*) FROM search_keywords WHERE day = ?').pluck();
  const bump = db.prepare<[number, string, number, string]>(
    'UPDATE search_keywords SET count = count + ?, shown = ? WHERE day = ? AND keyword = ?',
  );
  const insert = db.prepare<[number, string, string, number]>(
    'INSERT INTO search_keywords (day, keyword, shown, count) VALUES (?, ?, ?, ?)',
  );
  const prune = db.prepare<[number]>('DELETE FROM search_keywords WHERE day < ?');
  // The bare `shown` comes from the row of max(day): the latest spelling.
  const top = db.prepare<[number, number, number], SearchedKeyword & { latest: number }>(`
    SELECT keyword, shown, max(day) AS latest, SUM(count) AS searches FROM search_keywords WHERE day >= ?
    GROUP BY keyword HAVING searches >= ? ORDER BY searches DESC, keyword LIMIT ?`);

  const add = db.transaction((day: number, counts: readonly KeywordCount[], maxPerDay: number, keepFrom: number) => {
    let room = maxPerDay - (keywordsOn.get(day) ?? 0);
    for (const { keyword, shown, count } of counts) {
      if (bump.run(count, shown, day, keyword).changes > 0) continue;
      if (room <= 0) continue;
      insert.run(day, keyword, shown, count);
      room--;
    }
    prune.run(keepFrom);
  });

  return {
    /**
     * Adds searches made on `day`; a keyword new to the day is dropped once the day holds
     * `maxPerDay` keywords. Days before `keepFrom` are deleted. False when another connection
     * holds the write lock (nothing was written: try again later).
     */
    add(day: number, counts: readonly KeywordCount[], maxPerDay: number, keepFrom: number): boolean {
      try {
        add.immediate(day, counts, maxPerDay, keepFrom);
        return true;
      } catch (err) {
        if (isBusy(err)) return false;
        throw err;
      }
    },
    /** The most searched keywords since `fromDay` (inclusive), each searched at least `minSearches` times. */
    top(fromDay: number, minSearches: number, limit: number): SearchedKeyword[] {
      return top.all(fromDay, minSearches, limit).map(({ keyword, shown, searches }) => ({ keyword, shown, searches }));
    },
  };
}
export type SearchKeywordRepo = ReturnType<typeof createSearchKeywordRepo>;
