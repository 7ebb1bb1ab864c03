/**
 * The account feature's calls and queries without its pages, for the shell (the sidebar's
 * playlists, the session's /user/detail): importing them does not load the user pages.
 */
export type { Profile, ProfilePlaylist, UserDetail } from './api/types.ts';
export { accountKeys } from './api/keys.ts';
export { allUserPlaylistsQuery, PLAYLIST_LOAD_LIMIT } from './api/queries.ts';
export { fetchUserDetail } from './api/user.ts';
