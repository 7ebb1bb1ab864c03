/** The library feature's public surface (daily songs, likes, own and collected playlists): only src/app imports it. */
export { LikeButton } from './components/like-button.tsx';
export { LibraryDialogs, type LibraryDialogsProps } from './components/library-dialogs.tsx';
export { openAddToPlaylist, openCreatePlaylist } from './library-dialogs.store.ts';
export { likesQuery, syncLikes, toggleSongLiked, useLikedIds } from './api/like.ts';
export { splitUserPlaylists, LIKED_PLAYLIST_NAME, type UserPlaylistItem } from './user-playlists.ts';
