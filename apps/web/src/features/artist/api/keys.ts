/** Every query key of the artist feature (the artist page), in one place. */
export const artistKeys = {
  all: ['artist'] as const,
  /** The head is cached per id */
  detail: (id: number) => [...artistKeys.all, 'detail', id] as const,
  hotSongs: (id: number) => [...artistKeys.all, 'hot-songs', id] as const,
  albums: (id: number) => [...artistKeys.all, 'albums', id] as const,
  desc: (id: number) => [...artistKeys.all, 'desc', id] as const,
  similar: (id: number) => [...artistKeys.all, 'similar', id] as const,
};

/** `/artist/abc` asks the server nothing (the page says 歌手不存在). */
export const validId = (id: number) => Number.isInteger(id) && id > 0;
