/**
 * The discover feature's code-split screens (精品歌单, 排行榜, 歌手). A second public surface
 * beside index.ts: index.ts is on the first screen, these load with their routes, so only the
 * lazy pages in src/app import this file.
 */
export { SonglistPage } from './pages/songlist-page.tsx';
export { ToplistPage, type ToplistPageProps } from './pages/toplist-page.tsx';
export { ArtistsPage } from './pages/artists-page.tsx';
export { tagFromSearch, songlistPath, groupTags, ALL_TAGS } from './square-rules.ts';
export { filtersFromSearch, searchForFilters, type ArtistFilters } from './artist-filters.ts';
