import type { Database } from '../db/database.ts';

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
export function createSearchKeywordRepo(db: Database) {
  const keywordsOn = db.prepare<[number], number>('SELECT COUNT(*) FROM search_keywords WHERE day = ?').pluck();
  const bump = db.prepare<[number, string, number, string]>(
    'UPDATE search_keywords SET count = count + ?, shown = ? WHERE day = ? AND keyword = ?',
  );
  const insert = db.prepare<[number, string, string, number]>(
    'INSERT INTO search_keywords (day, keyword, shown, count) VALUES (?, ?, ?, ?)',
  );
  const prune = db.prepare<[number]>('DELETE FROM search_keywords WHERE day < ?');
  // The latest spelling is the one of the keyword's latest day (a keyword has one row a day).
  // Portable SQL: no output alias in HAVING, no bare column beside an aggregate.
  const top = db.prepare<[number, number, number], SearchedKeyword>(`
    SELECT k.keyword,
      (SELECT l.shown FROM search_keywords l WHERE l.keyword = k.keyword ORDER BY l.day DESC LIMIT 1) AS shown,
      SUM(k.count) AS searches
    FROM search_keywords k WHERE k.day >= ?
    GROUP BY k.keyword HAVING SUM(k.count) >= ? ORDER BY searches DESC, k.keyword LIMIT ?`);
  const add = async (day: number, counts: readonly KeywordCount[], maxPerDay: number, keepFrom: number) => {
    let room = maxPerDay - ((await keywordsOn.get(day)) ?? 0);
    for (const { keyword, shown, count } of counts) {
      if ((await bump.run(count, shown, day, keyword)).changes > 0) continue;
      if (room <= 0) continue;
      await insert.run(day, keyword, shown, count);
      room--;
    }
    await prune.run(keepFrom);
  };

  return {
    /**
     * Adds searches made on `day`; a keyword new to the day is dropped once the day holds
     * `maxPerDay` keywords. Days before `keepFrom` are deleted. False when another connection
     * holds the write lock (nothing was written: try again later).
     */
    async add(day: number, counts: readonly KeywordCount[], maxPerDay: number, keepFrom: number): Promise<boolean> {
      try {
        await db.writeTx(() => add(day, counts, maxPerDay, keepFrom));
        return true;
      } catch (err) {
        if (isBusy(err)) return false;
        throw err;
      }
    },
    /** The most searched keywords since `fromDay` (inclusive), each searched at least `minSearches` times. */
    async top(fromDay: number, minSearches: number, limit: number): Promise<SearchedKeyword[]> {
      return (await top.all(fromDay, minSearches, limit)).map(({ keyword, shown, searches }) => ({ keyword, shown, searches }));
    },
  };
}
export type SearchKeywordRepo = Awaited<ReturnType<typeof createSearchKeywordRepo>>;
