/** The search feature's public surface (搜索): only src/app imports it. */
export { SearchBox, type SearchBoxProps } from './components/search-box.tsx';
export { SearchResults, type SearchResultsProps } from './pages/search-results.tsx';
export { SEARCH_TABS, resultTitle, offsetOf, pageCount, searchPath, type SearchTabSlug } from './search-tabs.ts';
export { useSearchHistory } from './search-history.store.ts';
