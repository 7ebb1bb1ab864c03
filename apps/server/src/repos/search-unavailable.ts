import type { SearchRepo } from './search.ts';
import type { SearchIndexRepo } from './search-index.ts';
import type { SearchKeywordRepo } from './search-keywords.ts';

/** What a search on a PostgreSQL library answers until that engine has a search of its own. */
export class SearchUnavailableError extends Error {
  constructor() {
    super('Search is not available on PostgreSQL yet');
    this.name = 'SearchUnavailableError';
  }
}

const unavailable = async (): Promise<never> => {
  throw new SearchUnavailableError();
};

/**
 * The search repositories of a PostgreSQL library for now: SQLite's index is FTS5 tables, which
 * PostgreSQL does not have, and its own (pg_trgm) is not built yet. With no index to keep up, the
 * catalog writers' refresh() does nothing, so seeding, importing and editing work; a search, and
 * the searched keywords kept beside the index, fail saying why.
 */
export function createUnavailableSearchRepos(): { search: SearchRepo; searchIndex: SearchIndexRepo; searchKeywords: SearchKeywordRepo } {
  return {
    search: { find: unavailable, namedAmong: unavailable },
    searchIndex: { isStale: async () => false, refresh: async () => 0 },
    searchKeywords: { add: unavailable, top: unavailable },
  };
}
