import type { z } from 'zod';
import type { EndpointDef } from './endpoint-def.ts';
import * as discover from './endpoints/discover.ts';
import * as playlist from './endpoints/playlist.ts';
import * as song from './endpoints/song.ts';
import { catalogEndpoints } from './endpoints/catalog.ts';
import { searchEndpoints } from './endpoints/search.ts';
import { libraryEndpoints } from './endpoints/library.ts';
import { accountEndpoints } from './endpoints/account.ts';
import { myPlaylistEndpoints } from './endpoints/my-playlists.ts';
import { socialEndpoints } from './endpoints/social.ts';
import { recommendEndpoints } from './endpoints/recommend.ts';
import { cloudEndpoints } from './endpoints/cloud.ts';
import { subsonicPasswordEndpoints } from './endpoints/subsonic-password.ts';
import { subsonicKeyEndpoints } from './endpoints/subsonic-keys.ts';
import { qrLoginEndpoints } from './endpoints/qr-login.ts';
import { clientBreadthEndpoints } from './endpoints/client-breadth.ts';

export type { EndpointDef } from './endpoint-def.ts';

/** The registry of every endpoint the contract covers; the server and OpenAPI read it. */
export const endpoints = {
  '/banner': { method: 'GET', summary: 'Home carousel banners', params: discover.bannerParams, response: discover.bannerResponse },
  '/personalized': {
    method: 'GET',
    summary: 'Recommended playlists',
    params: discover.personalizedParams,
    response: discover.personalizedResponse,
  },
  '/playlist/detail': {
    method: 'GET',
    summary: 'Playlist with its tracks',
    params: playlist.playlistDetailParams,
    response: playlist.playlistDetailResponse,
  },
  '/song/detail': { method: 'GET', summary: 'Songs by ids', params: song.songDetailParams, response: song.songDetailResponse },
  '/song/url': { method: 'GET', summary: 'Playable URLs of songs', params: song.songUrlParams, response: song.songUrlResponse },
  '/song/prepare': {
    method: 'POST',
    summary: "Make a song's audio ahead of its first play (Cloudtune's own; answers at once)",
    params: song.songPrepareParams,
    response: song.songPrepareResponse,
  },
  '/lyric': { method: 'GET', summary: 'LRC lyrics of a song', params: song.lyricParams, response: song.lyricResponse },
  '/lyric/new': {
    method: 'GET',
    summary: 'Lyrics with word-by-word times (yrc) and the translation',
    params: song.lyricNewParams,
    response: song.lyricNewResponse,
  },
  '/album': { method: 'GET', summary: 'Album with its songs', params: song.albumParams, response: song.albumResponse },
  ...catalogEndpoints,
  ...searchEndpoints,
  ...libraryEndpoints,
  ...accountEndpoints,
  ...myPlaylistEndpoints,
  ...socialEndpoints,
  ...recommendEndpoints,
  ...cloudEndpoints,
  ...subsonicPasswordEndpoints,
  ...subsonicKeyEndpoints,
  ...qrLoginEndpoints,
  ...clientBreadthEndpoints,
} as const satisfies Record<string, EndpointDef>;

export type EndpointPath = keyof typeof endpoints;
export type ParamsOf<P extends EndpointPath> = z.output<(typeof endpoints)[P]['params']>;
export type ResponseOf<P extends EndpointPath> = z.output<(typeof endpoints)[P]['response']>;
