/** The playlist feature's public surface (歌单 / 专辑 detail): only src/app imports it. */
export { ListPage } from './pages/list-page.tsx';
export type { ListPageProps } from './pages/list-page-props.ts';
export { fetchSongDetails, songDetailsQueryOptions, SONG_DETAIL_CHUNK } from './api/song-detail.ts';
export { usePlaylistDetail, fetchPlaylistDetail, playlistDetailQueryOptions } from './api/playlist-detail.ts';
export { useAlbum, fetchAlbum, albumQueryOptions } from './api/album.ts';
export { changePlaylistTracks } from './api/edit-playlist.ts';
export { playlistKeys } from './api/keys.ts';
export { SmartRulesEditor, type PlaylistChoice, type SmartRulesEditorProps } from './components/smart-rules-editor.tsx';
