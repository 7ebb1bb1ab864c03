/** Every query key of the player feature, in one place. */
export const playerKeys = {
  /** a song's URL for one bit rate and set of play sources */
  songUrl: (id: number, br: number, source: string) => ['song-url', id, br, source] as const,
};
