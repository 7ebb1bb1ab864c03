/** Every query key of the account feature (the user pages), in one place. */
export const accountKeys = {
  /** every user's /user/detail (a follow changes two users' counts) */
  details: () => ['user-detail'] as const,
  detail: (uid: number) => ['user-detail', uid] as const,
  playlists: (uid: number) => ['user-playlists-page', uid] as const,
  /** all of a user's playlists at once (the logged-in user's, for the sidebar and 收藏到歌单) */
  allPlaylists: (uid: number) => ['user-playlists', uid] as const,
  /** every follow list (a follow changes the viewer's and others' lists) */
  allFollows: () => ['user-follows'] as const,
  follows: (uid: number) => ['user-follows', uid] as const,
  fans: (uid: number) => ['user-fans', uid] as const,
  events: (uid: number) => ['user-events', uid] as const,
  radios: (uid: number) => ['user-audio', uid] as const,
  playRecord: (uid: number, type: 0 | 1) => ['user-record', uid, type] as const,
  subcount: (uid: number) => ['user-subcount', uid] as const,
};
