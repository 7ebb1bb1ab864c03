import type { z } from 'zod';
import type { EndpointDef } from './endpoint-def.ts';
import { discoverEndpoints } from './endpoints/discover.ts';
import { playlistEndpoints } from './endpoints/playlists.ts';
import { songEndpoints } from './endpoints/songs.ts';
import { albumEndpoints } from './endpoints/albums.ts';
import { squareEndpoints } from './endpoints/square.ts';
import { chartEndpoints } from './endpoints/charts.ts';
import { artistEndpoints } from './endpoints/artists.ts';
import { mvEndpoints } from './endpoints/mvs.ts';
import { searchEndpoints } from './endpoints/search.ts';
import { accountEndpoints } from './endpoints/accounts.ts';
import { myPlaylistEndpoints } from './endpoints/my-playlists.ts';
import { socialEndpoints } from './endpoints/social.ts';
import { recommendEndpoints } from './endpoints/recommend.ts';
import { fmEndpoints } from './endpoints/fm.ts';
import { cloudEndpoints } from './endpoints/cloud.ts';
import { subsonicPasswordEndpoints } from './endpoints/subsonic-passwords.ts';
import { subsonicApiKeyEndpoints } from './endpoints/subsonic-api-keys.ts';
import { qrLoginEndpoints } from './endpoints/qr-login.ts';

export type { EndpointDef } from './endpoint-def.ts';

/**
 * The registry of every endpoint the contract covers, one group per product concept (each in
 * endpoints/<concept>.ts); the server and OpenAPI read it. Params are what NetEase clients send,
 * Cloudtune's own and third-party ones alike: page sizes above their caps are clamped, and the
 * params clients add everywhere (`timestamp`, `realIP`, `cookie`, `csrf_token`, `proxy`) are
 * dropped.
 */
export const endpoints = {
  ...discoverEndpoints,
  ...playlistEndpoints,
  ...songEndpoints,
  ...albumEndpoints,
  ...squareEndpoints,
  ...chartEndpoints,
  ...artistEndpoints,
  ...mvEndpoints,
  ...searchEndpoints,
  ...accountEndpoints,
  ...myPlaylistEndpoints,
  ...socialEndpoints,
  ...recommendEndpoints,
  ...fmEndpoints,
  ...cloudEndpoints,
  ...subsonicPasswordEndpoints,
  ...subsonicApiKeyEndpoints,
  ...qrLoginEndpoints,
} as const satisfies Record<string, EndpointDef>;

export type EndpointPath = keyof typeof endpoints;
export type ParamsOf<P extends EndpointPath> = z.output<(typeof endpoints)[P]['params']>;
export type ResponseOf<P extends EndpointPath> = z.output<(typeof endpoints)[P]['response']>;
