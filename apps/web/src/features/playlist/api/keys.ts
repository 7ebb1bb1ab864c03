/** Every query key of the playlist feature (歌单 / 专辑 pages), in one place. */
export const playlistKeys = {
  /** a playlist's head and tracks: refreshed after it is edited, a song goes in or out, or it is collected */
  detail: (id: number) => ['playlist-detail', id] as const,
  songDetails: (ids: readonly number[]) => ['song-detail', ids] as const,
  album: (id: number) => ['album', id] as const,
  /** the catalogue's tag names, for the edit dialog */
  tagNames: () => ['playlist-tag-names'] as const,
  /** the playlists a smart playlist's rule may name, for the edit dialog */
  playlistChoices: () => ['playlist-choices'] as const,
};
