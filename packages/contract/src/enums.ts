/** Search types as the NetEase API numbers them. */
export const SearchType = { song: 1, album: 10, artist: 100, playlist: 1000, lyric: 1006 } as const;
export type SearchType = (typeof SearchType)[keyof typeof SearchType];

/** Play-record types (user/record `type`). */
export const PlayRecordType = { weekData: 1, allData: 0 } as const;
export type PlayRecordType = (typeof PlayRecordType)[keyof typeof PlayRecordType];

/** Responsive screen sizes and the two layout sizes. */
export const ScreenSize = { sm: 'sm', md: 'md', lg: 'lg' } as const;
export type ScreenSize = (typeof ScreenSize)[keyof typeof ScreenSize];
export const LayoutSize = { SM: 'SM', MD: 'MD' } as const;
export type LayoutSize = (typeof LayoutSize)[keyof typeof LayoutSize];

/**
 * Banner targets. The product names 10 as a playlist (see docs/decisions/0002);
 * 1000 is the real API's playlist code and is accepted as a playlist too.
 */
export const BannerTargetType = { song: 1, playlist: 10, playlistAlt: 1000, externalUrl: 3000 } as const;

/** Artist filters. */
export const ArtistArea = { all: -1, chinese: 7, western: 96, japanese: 8, korean: 16, other: 0 } as const;
export const ArtistType = { all: -1, male: 1, female: 2, band: 3 } as const;

/** Tag categories (playlist/catlist `category`). */
export const TagCategory = { 0: '语种', 1: '风格', 2: '场景', 3: '情感', 4: '主题' } as const;
export type TagCategoryId = keyof typeof TagCategory;
