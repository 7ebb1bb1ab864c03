import type { SearchType } from '@cloudtune/contract';
import type { Repos } from '../../repos/index.ts';
import type { MediaUrls } from '../../media/urls.ts';
import { HOT_FLUSH_EVERY_MS, createHotSearches } from './hot.ts';
import { searchKeyword } from './keywords.ts';
import { rankedPage } from './ranking.ts';
import { createResultLoader } from './results.ts';
import { createSuggestions } from './suggest.ts';

export interface SearchQuery {
  keywords: string;
  type?: SearchType;
  limit?: number;
  offset?: number;
}

// Read with a type the request named: a Map, so that no number ever finds a member of Object.prototype.
/** /search of a type the library has nothing of (users, MVs, radios, videos, voice): NetEase's empty result of that type. */
const EMPTY_SEARCHES = new Map<number, Record<string, unknown>>([
  [1002, { userprofiles: [], userprofileCount: 0, hasMore: false }],
  [1004, { mvs: [], mvCount: 0, hasMore: false }],
  [1009, { djRadios: [], djRadiosCount: 0, hasMore: false }],
  [1014, { videos: [], videoCount: 0, hasMore: false }],
  [2000, { data: { resources: [], totalCount: 0 } }],
]);

/** How often the server indexes catalog writes made by other processes (a CLI import). */
export const INDEX_EVERY_MS = 1000;

/**
 * /search and /search/suggest over the search index (repos/search.ts), /search/hot and
 * /search/hot/detail (hot.ts). Catalog writes queue their documents (triggers) and the writer
 * indexes them (repos.searchIndex.refresh()); a timer catches writes of other processes.
 * Searching only reads: searches are counted in memory and written by another timer.
 */
export function createSearchService(repos: Repos) {
  const load = createResultLoader(repos);
  const suggestions = createSuggestions(repos, load);
  const hot = createHotSearches(repos);
  repos.searchIndex.refresh();

  return {
    /**
     * Indexes queued writes every `everyMs` and writes counted searches every `flushEveryMs`
     * until the returned stop is called, which writes the last counts.
     */
    schedule(everyMs = INDEX_EVERY_MS, flushEveryMs = HOT_FLUSH_EVERY_MS): () => void {
      const timers = [setInterval(() => repos.searchIndex.refresh(), everyMs), setInterval(() => hot.flush(), flushEveryMs)];
      for (const timer of timers) timer.unref();
      return () => {
        for (const timer of timers) clearInterval(timer);
        hot.flush(true);
      };
    },

    search(query: SearchQuery, urls: MediaUrls) {
      const type = query.type ?? 1;
      const offset = query.offset ?? 0;
      const keyword = searchKeyword(query.keywords);
      const page = keyword ? rankedPage(repos.search, type, keyword, offset, query.limit ?? 30) : { ids: [], total: 0 };
      // A search is its first page; one that found nothing is not hot.
      if (offset === 0 && page.total > 0) hot.count(query.keywords);
      const result = (() => {
        switch (type) {
          case 1:
            return { songs: load.songs(page.ids, urls), hasMore: offset + page.ids.length < page.total, songCount: page.total };
          case 10:
            return { albums: load.albums(page.ids, urls), albumCount: page.total };
          case 100:
            return { artistCount: page.total, artists: load.artists(page.ids, urls) };
          case 1000:
            return { playlists: load.playlists(page.ids, urls), playlistCount: page.total };
          case 1006:
            return { searchQcReminder: null, songs: load.lyricSongs(page.ids, keyword, urls), songCount: page.total };
        }
      })();
      return { result, code: 200 as const };
    },

    /** `/search/hot`: the hot list's words. */
    hotKeywords() {
      const hots = hot.list().map((e) => ({ first: e.word, second: 1, third: null, iconType: e.iconType }));
      return { code: 200 as const, result: { hots } };
    },

    /** `/search/hot/detail`: the hot list with heat (score) and a line about each word. */
    hotDetail() {
      const data = hot.list().map((e) => ({
        searchWord: e.word,
        score: e.heat,
        content: e.content,
        source: 0,
        iconType: e.iconType,
        iconUrl: null,
        url: '',
        alg: e.alg,
      }));
      return { code: 200 as const, data, message: 'success' };
    },

    /** /search of a type the library has nothing of: NetEase's empty result of that type. */
    empty: (type: number) => ({ code: 200 as const, result: EMPTY_SEARCHES.get(type) ?? {} }),

    /** /search?type=1018 (综合): the first songs, albums, artists and playlists, as NetEase groups them. */
    combined(keywords: string, limit: number, urls: MediaUrls) {
      const of = (type: SearchType) => this.search({ keywords, type, limit }, urls).result as Record<string, unknown>;
      const [songs, albums, artists, playlists] = [of(1), of(10), of(100), of(1000)];
      const more = (list: unknown, count: unknown) => Array.isArray(list) && typeof count === 'number' && count > list.length;
      return {
        code: 200 as const,
        result: {
          song: { songs: songs.songs ?? [], more: more(songs.songs, songs.songCount) },
          album: { albums: albums.albums ?? [], more: more(albums.albums, albums.albumCount) },
          artist: { artists: artists.artists ?? [], more: more(artists.artists, artists.artistCount) },
          playList: { playLists: playlists.playlists ?? [], more: more(playlists.playlists, playlists.playlistCount) },
          order: ['song', 'album', 'artist', 'playList'],
        },
      };
    },

    suggest(keywords: string, type: 'web' | 'mobile' | undefined, urls: MediaUrls) {
      const keyword = searchKeyword(keywords);
      return type === 'mobile' ? suggestions.mobile(keyword, urls) : suggestions.web(keyword, urls);
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
