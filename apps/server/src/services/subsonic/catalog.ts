import type { Repos } from '../../repos/index.ts';
import type { IndexedSongFilter } from '../../repos/songs.ts';
import { searchKeyword } from '../search/keywords.ts';
import { MAX_RESULTS, rankedPage } from '../search/ranking.ts';
import type { SubsonicBrowsing } from './browsing.ts';
import { randomSongIds } from './random-songs.ts';

/** getRandomSongs' criteria: a genre's name and a range of years (either way round), each optional. */
export interface RandomCriteria {
  genre?: string;
  fromYear?: number;
  toYear?: number;
}

/** search (v1)'s criteria: words the songs must all match, wherever `any` says; `newerThan` in ms. */
export interface SearchCriteria {
  artist?: string;
  album?: string;
  title?: string;
  any?: string;
}

/** 1 January of `year`, 00:00 UTC, in ms (years 0–99 are not 1900–1999, unlike Date.UTC's). */
const yearStart = (year: number): number => new Date(0).setUTCFullYear(Math.min(9999, Math.max(0, year)), 0, 1);

/**
 * The catalogue by genre, at random and by Subsonic's first search: genres with their counts, a
 * genre's songs, random songs by genre and years, and `search`'s matches (songs only, as Subsonic
 * 1.0 answered). Entries are Subsonic browsing's (services/subsonic/browsing.ts).
 */
export function createSubsonicCatalog(repos: Repos, browsing: SubsonicBrowsing) {
  return {
    /** getGenres: every genre a song has, by name, with how many songs and albums have it. */
    genres: async () => (await repos.genres.list()).map((g) => ({ songCount: g.songCount, albumCount: g.albumCount, value: g.name })),

    /** getSongsByGenre: a page of the genre's songs in a stable order (an unknown genre has none). */
    async songsByGenre(genre: string, count: number, offset: number, userId: number) {
      const genreId = await repos.genres.find(genre);
      return genreId === undefined ? [] : await browsing.songs(await repos.genres.songIds(genreId, count, offset), userId);
    },

    /** getRandomSongs: `size` distinct songs drawn uniformly among those matching (services/subsonic/random-songs.ts). */
    async randomSongs(size: number, criteria: RandomCriteria, userId: number) {
      const filter: IndexedSongFilter = {};
      if (criteria.genre !== undefined) {
        filter.genreId = await repos.genres.find(criteria.genre);
        if (filter.genreId === undefined) return [];
      }
      const years = [criteria.fromYear, criteria.toYear].filter((y) => y !== undefined);
      if (years.length) {
        // fromYear alone runs to the end of time, toYear alone from its start; both either way round.
        const low = criteria.fromYear === undefined ? undefined : Math.min(...years);
        const high = criteria.toYear === undefined ? undefined : Math.max(...years);
        if (low !== undefined) filter.from = yearStart(low);
        if (high !== undefined) filter.until = yearStart(high + 1);
      }
      return await browsing.songs(await randomSongIds(repos.songs, size, filter), userId);
    },

    /**
     * search (v1): the songs matching every word of the criteria through the same index and ranking
     * as /search, newest-only when asked (`newerThan`: added to the library after, ms). Without any
     * criteria, every song in id order. totalHits counts the matches (the search's stop at
     * MAX_RESULTS included).
     */
    async search(criteria: SearchCriteria, count: number, offset: number, newerThan: number | undefined, userId: number) {
      const words = [criteria.any, criteria.artist, criteria.album, criteria.title].filter((w) => w !== undefined);
      const keyword = searchKeyword(words.join(' ')).trim();
      const addedAfter = newerThan ?? Number.MIN_SAFE_INTEGER;
      let ids: number[];
      let total: number;
      if (!keyword) {
        ({ ids, total } = await repos.songs.addedAfter(addedAfter, count, offset));
      } else {
        let ranked = (await rankedPage(repos.search, 1, keyword, 0, MAX_RESULTS)).ids;
        if (newerThan !== undefined) {
          const newer = new Set(await repos.songs.passing(ranked, { addedAfter }));
          ranked = ranked.filter((id) => newer.has(id));
        }
        total = ranked.length;
        ids = ranked.slice(offset, offset + count);
      }
      return { offset, totalHits: total, match: await browsing.songs(ids, userId) };
    },
  };
}
export type SubsonicCatalog = Awaited<ReturnType<typeof createSubsonicCatalog>>;
