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
/** The params as the server's handler reads them: coerced, defaults filled in. */
export type ParamsOf<P extends EndpointPath> = z.output<(typeof endpoints)[P]['params']>;
export type ResponseOf<P extends EndpointPath> = z.output<(typeof endpoints)[P]['response']>;
export type MethodOf<P extends EndpointPath> = (typeof endpoints)[P]['method'];
/** The paths that take a file (multipart/form-data), and the form field each takes it in. */
export type UploadPath = { [P in EndpointPath]: (typeof endpoints)[P] extends { upload: string } ? P : never }[EndpointPath];
export type UploadFieldOf<P extends UploadPath> = (typeof endpoints)[P] extends { upload: infer F extends string } ? F : never;

/**
 * One param as a client sends it. Where the server reads a value back as the client meant it (a
 * number, one of an enumeration's words, free text) the client sends that value; a list (ids,
 * tags) goes as an array, which the client joins with commas, or as text already joined; a flag
 * read as true or false goes in one of the spellings the server takes (`t=1`, `like=true`); a
 * param whose raw form is not typed (the caller's own uid) takes what it means.
 */
type SentParam<In, Out> = unknown extends In
  ? NonNullable<Out>
  : [NonNullable<Out>] extends [readonly (infer E)[]]
    ? readonly E[] | Exclude<In, undefined>
    : [NonNullable<Out>] extends [boolean]
      ? Exclude<In, undefined>
      : NonNullable<Out>;

/**
 * The params a client sends to `P`: the names the endpoint takes, required where it has no
 * default, each value as `SentParam` says. Nothing else: a misspelt or unknown param fails the
 * client's typecheck.
 */
export type ParamsInputOf<P extends EndpointPath> = {
  [K in keyof z.input<(typeof endpoints)[P]['params']> as string extends K ? never : K]: SentParam<
    z.input<(typeof endpoints)[P]['params']>[K],
    K extends keyof z.output<(typeof endpoints)[P]['params']> ? z.output<(typeof endpoints)[P]['params']>[K] : never
  >;
};
