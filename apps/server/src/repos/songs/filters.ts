import type { Database } from '../../db/database.ts';
import { idsParam } from '../json.ts';

/**
 * Which songs count: a genre (by id), a publish-time range [from, until) in ms, songs added to the
 * library after a time (ms); absent parts take every song.
 */
export interface SongFilter {
  genreId?: number;
  from?: number;
  until?: number;
  addedAfter?: number;
}
/** The parts an index can list every song of (random draws use no more). */
export type IndexedSongFilter = Omit<SongFilter, 'addedAfter'>;

/** ms bounds wide enough for any publish time. */
const EARLIEST = -8.64e15;
const LATEST = 8.64e15;

/**
 * The songs repository's filtered reads (repos/songs.ts spreads them in), for drawing random songs
 * (services/subsonic/random-songs.ts) and Subsonic's search (v1) `newerThan`: the id range, which
 * of some candidate ids pass, and — when few do — every id that passes, read from the index of the
 * filter (a genre's range of song_genres_by_genre, a year range of songs_by_publish_time).
 */
export function createSongFilters(db: Database) {
  // Two subqueries: SQLite answers a lone MIN or MAX from the end of the b-tree, but both in one
  // SELECT scan the table.
  const range = db.prepare<[], { low: number | null; high: number | null }>(
    'SELECT (SELECT MIN(id) FROM songs) AS low, (SELECT MAX(id) FROM songs) AS high',
  );
  const passing = db
    .prepare<{ ids: string; genreId: number | null; from: number; until: number; addedAfter: number }, number>(
      `
    SELECT s.id FROM songs s WHERE s.id IN (SELECT value FROM json_each(@ids))
      AND s.publish_time >= @from AND s.publish_time < @until AND s.created_at > @addedAfter
      AND (CAST(@genreId AS BIGINT) IS NULL OR EXISTS (SELECT 1 FROM song_genres sg WHERE sg.song_id = s.id AND sg.genre_id = @genreId))`,
    )
    .pluck();
  const everyOfGenre = db.prepare<[number], number>('SELECT song_id FROM song_genres WHERE genre_id = ?').pluck();
  const everyOfGenreInYears = db
    .prepare<{ genreId: number; from: number; until: number }, number>(
      `
    SELECT sg.song_id FROM song_genres sg JOIN songs s ON s.id = sg.song_id
    WHERE sg.genre_id = @genreId AND s.publish_time >= @from AND s.publish_time < @until`,
    )
    .pluck();
  const everyInYears = db
    .prepare<{ from: number; until: number }, number>('SELECT id FROM songs WHERE publish_time >= @from AND publish_time < @until')
    .pluck();
  const addedAfter = db
    .prepare<[number, number, number], number>('SELECT id FROM songs WHERE created_at > ? ORDER BY id LIMIT ? OFFSET ?')
    .pluck();
  const countAddedAfter = db.prepare<[number], number>('SELECT COUNT(*) FROM songs WHERE created_at > ?').pluck();
  const bounds = (f: SongFilter) => ({ from: f.from ?? EARLIEST, until: f.until ?? LATEST });

  return {
    /** The lowest and highest song id, or null in an empty library. */
    async idRange(): Promise<{ low: number; high: number } | null> {
      const { low, high } = (await range.get()) ?? { low: null, high: null };
      return low === null || high === null ? null : { low, high };
    },
    /** Those of `ids` that are songs passing the filter (in no particular order). */
    passing: async (ids: readonly number[], filter: SongFilter): Promise<number[]> =>
      ids.length
        ? await passing.all({
            ids: idsParam(ids),
            genreId: filter.genreId ?? null,
            addedAfter: filter.addedAfter ?? EARLIEST,
            ...bounds(filter),
          })
        : [],
    /** A page of the songs added after `after` (ms), in id order, and how many there are. */
    addedAfter: async (after: number, limit: number, offset: number): Promise<{ ids: number[]; total: number }> => ({
      ids: await addedAfter.all(after, limit, offset),
      total: (await countAddedAfter.get(after)) ?? 0,
    }),
    /** Every song passing the filter's genre and years, in no particular order. */
    async every(filter: IndexedSongFilter): Promise<number[]> {
      const years = filter.from !== undefined || filter.until !== undefined;
      if (filter.genreId === undefined) return await everyInYears.all(bounds(filter));
      // Without years the genre's index range alone answers, no song row read.
      return years ? await everyOfGenreInYears.all({ genreId: filter.genreId, ...bounds(filter) }) : await everyOfGenre.all(filter.genreId);
    },
  };
}
/** What drawing random songs reads. */
export type SongFilters = Awaited<ReturnType<typeof createSongFilters>>;
