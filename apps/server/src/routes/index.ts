import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account.ts';
import { albumRoutes } from './album.ts';
import { artistRoutes } from './artist.ts';
import { avatarRoutes } from './avatar.ts';
import { chartRoutes } from './charts.ts';
import { cloudRoutes } from './cloud.ts';
import { discoverRoutes } from './discover.ts';
import { mediaRoutes } from './media.ts';
import { myPlaylistRoutes } from './my-playlists.ts';
import { openApiRoutes } from './openapi.ts';
import type { RouteOptions } from './options.ts';
import { playlistRoutes } from './playlist.ts';
import { recommendRoutes } from './recommend.ts';
import { searchRoutes } from './search.ts';
import { socialRoutes } from './social.ts';
import { songRoutes } from './song.ts';
import { squareRoutes } from './square.ts';
import { subsonicPasswordRoutes } from './subsonic-password.ts';
import { subsonicKeyRoutes } from './subsonic-keys.ts';
import { qrLoginRoutes } from './qr-login.ts';
import { clientBreadthRoutes } from './client-breadth.ts';

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
  subsonicKeyRoutes(app, options);
  qrLoginRoutes(app, options);
  clientBreadthRoutes(app, options);
  openApiRoutes(app, options);
}
