import { z } from 'zod';
import type { EndpointDef } from '../endpoint-def.ts';
import { SearchType } from '../enums.ts';
import { cappedIntParam, enumParam, intParam, noParams } from '../params.ts';
import { artist, privilege, song } from '../entities.ts';

/** Longest keyword accepted, in characters (a pasted lyric line fits; a pasted page does not). */
export const MAX_KEYWORD_LENGTH = 100;
const SEARCH_TYPES: readonly number[] = Object.values(SearchType);

/** `keywords`, trimmed; blank is refused as missing. Numbers (JSON bodies) are searched as text. */
const keywordsParam = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const text = String(v).trim();
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: 'keywords is required' });
    return z.NEVER;
  }
  if ([...text].length > MAX_KEYWORD_LENGTH) {
    ctx.addIssue({ code: 'custom', message: `keywords must be at most ${MAX_KEYWORD_LENGTH} characters` });
    return z.NEVER;
  }
  return text;
});

/**
 * /search also takes the types Cloudtune has nothing for (1002 users, 1004 MVs, 1009 radio, 1014
 * videos…) and the combined 1018: clients send them routinely, and get an empty result of the
 * type's shape rather than a 400 (apps/server/README.md).
 */
const anySearchTypeParam = intParam('type', { min: 1, max: 1_000_000 });
export const isSearchType = (n: number): n is SearchType => SEARCH_TYPES.includes(n);

// Entities as search answers them -----------------------------------------------------------
const searchArtistRef = z.looseObject({ id: z.number(), name: z.string().nullable(), alias: z.array(z.string()).optional() });

/** /search's "old" song format: `artists`, `album`, `duration` (no cover: clients ask /song/detail). */
export const searchSong = z.looseObject({
  id: z.number(),
  name: z.string(),
  artists: z.array(searchArtistRef),
  album: z.looseObject({
    id: z.number(),
    name: z.string().nullable(),
    artist: searchArtistRef.optional(),
    publishTime: z.number().optional(),
  }),
  /** ms */
  duration: z.number(),
  alias: z.array(z.string()).optional(),
  fee: z.number().optional(),
  mvid: z.number().optional(),
});
export type SearchSong = z.infer<typeof searchSong>;

/** type 1006: a full song with the lyric lines around the match, the keyword in `<b>`. */
export const lyricSearchSong = song.extend({
  privilege: privilege.optional(),
  lyrics: z
    .union([z.array(z.string()), z.looseObject({ txt: z.string() })])
    .nullable()
    .optional(),
});
export type LyricSearchSong = z.infer<typeof lyricSearchSong>;

export const searchAlbum = z.looseObject({
  id: z.number(),
  name: z.string(),
  picUrl: z.string().nullable().optional(),
  publishTime: z.number().optional(),
  size: z.number().optional(),
  artist: searchArtistRef,
  artists: z.array(searchArtistRef).optional(),
});
export type SearchAlbum = z.infer<typeof searchAlbum>;

export const searchArtist = artist.extend({ picUrl: z.string().nullable().optional() });
export type SearchArtist = z.infer<typeof searchArtist>;

export const searchPlaylist = z.looseObject({
  id: z.number(),
  name: z.string(),
  coverImgUrl: z.string(),
  creator: z.looseObject({ userId: z.number(), nickname: z.string() }),
  trackCount: z.number(),
  playCount: z.number(),
  bookCount: z.number().optional(),
  description: z.string().nullable().optional(),
});
export type SearchPlaylist = z.infer<typeof searchPlaylist>;

// GET /search -------------------------------------------------------------------------------
export const searchParams = z.object({
  keywords: keywordsParam,
  /** 1 song (default), 10 album, 100 artist, 1000 playlist, 1006 lyric */
  type: anySearchTypeParam.optional(),
  limit: cappedIntParam('limit', { cap: 100 }).optional(),
  offset: intParam('offset', { min: 0 }).optional(),
});
/** One `result` shape per type; the `*Count` fields are capped (NetEase stops counting at 600). */
export const searchResult = z.looseObject({
  songs: z.array(z.union([searchSong, lyricSearchSong])).optional(),
  songCount: z.number().optional(),
  hasMore: z.boolean().optional(),
  albums: z.array(searchAlbum).optional(),
  albumCount: z.number().optional(),
  artists: z.array(searchArtist).optional(),
  artistCount: z.number().optional(),
  playlists: z.array(searchPlaylist).optional(),
  playlistCount: z.number().optional(),
});
export type SearchResult = z.infer<typeof searchResult>;
export const searchResponse = z.looseObject({ code: z.literal(200), result: searchResult });
export type SearchResponse = z.infer<typeof searchResponse>;

// GET /search/suggest -----------------------------------------------------------------------
export const searchSuggestParams = z.object({
  keywords: keywordsParam,
  /** `mobile` answers keyword completions (`allMatch`) instead of entities */
  type: enumParam('type', ['web', 'mobile']).optional(),
});
export const searchSuggestResponse = z.looseObject({
  code: z.literal(200),
  /** any group may be missing; `order` lists the groups present */
  result: z.looseObject({
    songs: z.array(searchSong).optional(),
    artists: z.array(searchArtist).optional(),
    albums: z.array(searchAlbum.extend({ picUrl: z.string().nullable().optional() })).optional(),
    playlists: z.array(searchPlaylist).optional(),
    order: z.array(z.string()).optional(),
    allMatch: z.array(z.looseObject({ keyword: z.string(), type: z.number().optional() })).optional(),
  }),
});
export type SearchSuggestResponse = z.infer<typeof searchSuggestResponse>;

// GET /search/hot, /search/hot/detail ------------------------------------------------------
/** The short hot list: `first` is the word to search for. */
export const searchHotResponse = z.looseObject({
  code: z.literal(200),
  result: z.looseObject({
    hots: z.array(
      z.looseObject({
        first: z.string(),
        second: z.number().optional(),
        third: z.string().nullable().optional(),
        /** 1 = marked HOT, 0 = none */
        iconType: z.number().optional(),
      }),
    ),
  }),
});
export type SearchHotResponse = z.infer<typeof searchHotResponse>;

/** One entry of the detailed hot list (NetEase's /hotsearchlist/get). */
export const hotSearchEntry = z.looseObject({
  searchWord: z.string(),
  /** heat: higher is hotter; the list is in this order */
  score: z.number(),
  /** a line shown under the word */
  content: z.string().nullable().optional(),
  source: z.number().optional(),
  iconType: z.number().optional(),
  iconUrl: z.string().nullable().optional(),
  url: z.string().nullable().optional(),
  alg: z.string().nullable().optional(),
});
export type HotSearchEntry = z.infer<typeof hotSearchEntry>;
export const searchHotDetailResponse = z.looseObject({
  code: z.literal(200),
  data: z.array(hotSearchEntry),
  message: z.string().optional(),
});
export type SearchHotDetailResponse = z.infer<typeof searchHotDetailResponse>;

/** Search and search suggestions. Group registry merged into `endpoints`. */
export const searchEndpoints = {
  '/search': {
    method: 'GET',
    summary: 'Search songs, albums, artists, playlists or lyrics',
    params: searchParams,
    response: searchResponse,
  },
  '/search/suggest': {
    method: 'GET',
    summary: 'Suggestions while typing a search',
    params: searchSuggestParams,
    response: searchSuggestResponse,
  },
  '/search/hot': {
    method: 'GET',
    summary: 'Hot searches (short form): the most searched and played words of the week',
    params: noParams,
    response: searchHotResponse,
  },
  '/search/hot/detail': {
    method: 'GET',
    summary: 'Hot searches with heat and a line about each word',
    params: noParams,
    response: searchHotDetailResponse,
  },
} as const satisfies Record<string, EndpointDef>;
