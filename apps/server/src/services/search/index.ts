import type { SearchType } from '@cloudtune/contract';
import type { Repos } from '../../repos/index.ts';
import type { MediaUrls } from '../../media/urls.ts';
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

/** How often the server indexes catalog writes made by other processes (a CLI import). */
export const INDEX_EVERY_MS = 1000;

/**
 * /search and /search/suggest over the search index (repos/search.ts). Catalog writes queue
 * their documents (triggers) and the writer indexes them (repos.searchIndex.refresh()); a
 * timer catches writes of other processes. Searching only reads.
 */
export function createSearchService(repos: Repos) {
  const load = createResultLoader(repos);
  const suggestions = createSuggestions(repos, load);
  repos.searchIndex.refresh();

  return {
    /** Indexes queued writes every `everyMs` until the returned stop is called. */
    schedule(everyMs = INDEX_EVERY_MS): () => void {
      const timer = setInterval(() => repos.searchIndex.refresh(), everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },

    search(query: SearchQuery, urls: MediaUrls) {
      const type = query.type ?? 1;
      const offset = query.offset ?? 0;
      const keyword = searchKeyword(query.keywords);
      const page = keyword ? rankedPage(repos.search, type, keyword, offset, query.limit ?? 30) : { ids: [], total: 0 };
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

    suggest(keywords: string, type: 'web' | 'mobile' | undefined, urls: MediaUrls) {
      const keyword = searchKeyword(keywords);
      return type === 'mobile' ? suggestions.mobile(keyword, urls) : suggestions.web(keyword, urls);
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
