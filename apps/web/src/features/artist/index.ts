/** The artist feature's public surface (the artist page, /artist/:id): only src/app imports it. */
export { ArtistPage, type ArtistPageProps } from './pages/artist-page.tsx';
export { AlbumTab, type AlbumTabProps } from './pages/album-tab.tsx';
export { MvTab } from './pages/mv-tab.tsx';
export { DetailTab } from './pages/detail-tab.tsx';
export { SimilarTab } from './pages/similar-tab.tsx';
export { artistKeys } from './api/keys.ts';
export { fetchArtistDetail, artistDetailQueryOptions } from './api/artist-detail.ts';
export { fetchHotSongs, hotSongsQueryOptions, HOT_SONG_COUNT } from './api/hot-songs.ts';
export { nextAlbumOffset, ALBUM_PAGE_SIZE } from './api/artist-albums.ts';
