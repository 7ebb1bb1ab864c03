import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './accounts.ts';
import { albumRoutes } from './albums.ts';
import { artistRoutes } from './artists.ts';
import { avatarRoutes } from './avatar.ts';
import { chartRoutes } from './charts.ts';
import { cloudRoutes } from './cloud.ts';
import { discoverRoutes } from './discover.ts';
import { mediaRoutes } from './media.ts';
import { myPlaylistRoutes } from './my-playlists.ts';
import { openApiRoutes } from './openapi.ts';
import type { RouteOptions } from './options.ts';
import { playlistRoutes } from './playlists.ts';
import { recommendRoutes } from './recommend.ts';
import { searchRoutes } from './search.ts';
import { socialRoutes } from './social.ts';
import { songRoutes } from './songs.ts';
import { squareRoutes } from './square.ts';
import { subsonicPasswordRoutes } from './subsonic-passwords.ts';
import { subsonicApiKeyRoutes } from './subsonic-api-keys.ts';
import { qrLoginRoutes } from './qr-login.ts';
import { mvRoutes } from './mvs.ts';
import { fmRoutes } from './fm.ts';

/** Every API route group; registered under the API prefix by the app. */
export async function apiRoutes(app: FastifyInstance, options: RouteOptions): Promise<void> {
  discoverRoutes(app, options);
  playlistRoutes(app, options);
  myPlaylistRoutes(app, options);
  songRoutes(app, options);
  albumRoutes(app, options);
  mediaRoutes(app, options);
  squareRoutes(app, options);
  chartRoutes(app, options);
  artistRoutes(app, options);
  searchRoutes(app, options);
  accountRoutes(app, options);
  avatarRoutes(app, options);
  socialRoutes(app, options);
  recommendRoutes(app, options);
  cloudRoutes(app, options);
  subsonicPasswordRoutes(app, options);
  subsonicApiKeyRoutes(app, options);
  qrLoginRoutes(app, options);
  mvRoutes(app, options);
  fmRoutes(app, options);
  openApiRoutes(app, options);
}
