import type { ArtistFilters } from '../artist-filters.ts';

/** Every query key of the discover feature (发现音乐), in one place. */
export const discoverKeys = {
  all: ['discover'] as const,
  banner: () => [...discoverKeys.all, 'banner'] as const,
  personalized: (limit: number) => [...discoverKeys.all, 'personalized', limit] as const,
  catlist: () => [...discoverKeys.all, 'catlist'] as const,
  hotTags: () => [...discoverKeys.all, 'hot-tags'] as const,
  /** 精品歌单 of one tag, paged */
  square: (tag: string) => [...discoverKeys.all, 'square', tag] as const,
  toplist: () => [...discoverKeys.all, 'toplist'] as const,
  /** the logged-in user's daily playlists: another login gets its own list */
  recommendResource: (uid: number) => [...discoverKeys.all, 'recommend-resource', uid] as const,
  /** 歌手 for one set of filters, paged */
  artists: (filters: ArtistFilters) => [...discoverKeys.all, 'artists', filters.area, filters.type, filters.initial] as const,
};
