import { measureSearch } from './search.ts';

/** `npm run bench:search`: only the search figures (BENCH_SEARCH_SONGS sets the catalog size). */
await measureSearch();
