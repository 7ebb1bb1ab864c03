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
export async function createSearchService(repos: Repos) {
  const load = createResultLoader(repos);
  const suggestions = createSuggestions(repos, load);
  const hot = await createHotSearches(repos);
  await repos.searchIndex.refresh();

  return {
    /**
     * Indexes queued writes every `everyMs` and writes counted searches every `flushEveryMs`
     * until the returned stop is called, which writes the last counts.
     */
    schedule(everyMs = INDEX_EVERY_MS, flushEveryMs = HOT_FLUSH_EVERY_MS): () => Promise<void> {
      // A failed run (the database briefly unreachable) is logged; the next tick tries again.
      const timers = [
        setInterval(() => void repos.searchIndex.refresh().catch((err: unknown) => console.error('search index:', err)), everyMs),
        setInterval(() => void hot.flush().catch((err: unknown) => console.error('search counts:', err)), flushEveryMs),
      ];
      for (const timer of timers) timer.unref();
      return async () => {
        for (const timer of timers) clearInterval(timer);
        await hot.flush(true);
      };
    },

    async search(query: SearchQuery, urls: MediaUrls) {
      const type = query.type ?? 1;
      const offset = query.offset ?? 0;
      const keyword = searchKeyword(query.keywords);
      const page = keyword ? await rankedPage(repos.search, type, keyword, offset, query.limit ?? 30) : { ids: [], total: 0 };
      // A search is its first page; one that found nothing is not hot.
      if (offset === 0 && page.total > 0) hot.count(query.keywords);
      const result = await (async () => {
        switch (type) {
          case 1:
            return { songs: await load.songs(page.ids, urls), hasMore: offset + page.ids.length < page.total, songCount: page.total };
          case 10:
            return { albums: await load.albums(page.ids, urls), albumCount: page.total };
          case 100:
            return { artistCount: page.total, artists: await load.artists(page.ids, urls) };
          case 1000:
            return { playlists: await load.playlists(page.ids, urls), playlistCount: page.total };
          case 1006:
            return { searchQcReminder: null, songs: await load.lyricSongs(page.ids, keyword, urls), songCount: page.total };
        }
      })();
      return { result, code: 200 as const };
    },

    /** `/search/hot`: the hot list's words. */
    async hotKeywords() {
      const hots = (await hot.list()).map((e) => ({ first: e.word, second: 1, third: null, iconType: e.iconType }));
      return { code: 200 as const, result: { hots } };
    },

    /** `/search/hot/detail`: the hot list with heat (score) and a line about each word. */
    async hotDetail() {
      const data = (await hot.list()).map((e) => ({
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
    async combined(keywords: string, limit: number, urls: MediaUrls) {
      const of = async (type: SearchType) => (await this.search({ keywords, type, limit }, urls)).result as Record<string, unknown>;
      const [songs, albums, artists, playlists] = [await of(1), await of(10), await of(100), await of(1000)];
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

    async suggest(keywords: string, type: 'web' | 'mobile' | undefined, urls: MediaUrls) {
      const keyword = searchKeyword(keywords);
      return type === 'mobile' ? await suggestions.mobile(keyword, urls) : await suggestions.web(keyword, urls);
    },
  };
}
export type SearchService = Awaited<ReturnType<typeof createSearchService>>;
