/** Every query key of the lyrics feature, in one place. */
export const lyricKeys = {
  lines: (id: number) => ['lyric', id] as const,
  words: (id: number) => ['lyric-new', id] as const,
};
