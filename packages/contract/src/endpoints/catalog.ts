import type { EndpointDef } from '../endpoint-def.ts';
import * as artists from './catalog-artists.ts';
import * as charts from './catalog-charts.ts';
import * as square from './catalog-square.ts';

export * from './catalog-artists.ts';
export * from './catalog-charts.ts';
export * from './catalog-square.ts';

/** Playlist square, charts (and /scrobble) and artists. Group registry merged into `endpoints`. */
export const catalogEndpoints = {
  '/top/playlist/highquality': {
    method: 'GET',
    summary: 'Curated (精品) playlists of a tag, newest first; paged by `before` or `offset`',
    params: square.topPlaylistHighqualityParams,
    response: square.topPlaylistHighqualityResponse,
  },
  '/playlist/highquality/tags': {
    method: 'GET',
    summary: 'Tags that have curated playlists',
    params: square.noParams,
    response: square.highqualityTagsResponse,
  },
  '/playlist/hot': { method: 'GET', summary: 'Hot playlist tags', params: square.noParams, response: square.playlistHotResponse },
  '/playlist/catlist': {
    method: 'GET',
    summary: 'Every playlist tag by category (语种 风格 场景 情感 主题)',
    params: square.noParams,
    response: square.playlistCatlistResponse,
  },
  '/toplist/detail': {
    method: 'GET',
    summary: 'Charts computed from play records: official charts with a top-3 preview, then global charts',
    params: square.noParams,
    response: charts.toplistDetailResponse,
  },
  '/scrobble': {
    method: 'POST',
    summary: 'Records that a song was played (feeds the charts)',
    params: charts.scrobbleParams,
    response: charts.scrobbleResponse,
  },
  '/artist/list': {
    method: 'GET',
    summary: 'Artists by type, area and A–Z initial, hottest first',
    params: artists.artistListParams,
    response: artists.artistListResponse,
  },
  '/artist/detail': {
    method: 'GET',
    summary: 'An artist page head',
    params: artists.artistIdParams,
    response: artists.artistDetailResponse,
  },
  '/artist/album': {
    method: 'GET',
    summary: "An artist's albums, newest first",
    params: artists.artistAlbumParams,
    response: artists.artistAlbumResponse,
  },
  '/artist/desc': {
    method: 'GET',
    summary: "An artist's introduction in titled sections",
    params: artists.artistIdParams,
    response: artists.artistDescResponse,
  },
  '/simi/artist': {
    method: 'GET',
    summary: 'Similar artists (shared playlists and tags, same area); no login needed here',
    params: artists.artistIdParams,
    response: artists.simiArtistResponse,
  },
  '/artists': {
    method: 'GET',
    summary: 'An artist with their hot songs',
    params: artists.artistIdParams,
    response: artists.artistsResponse,
  },
} as const satisfies Record<string, EndpointDef>;
