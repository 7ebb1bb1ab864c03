import type { Repos } from '../../repos/index.ts';
import type { AudioService } from '../audio.ts';
import type { LoginLimits } from '../login-limits.ts';
import type { Clock } from '../rate-windows.ts';
import { createApiKeys } from './api-keys.ts';
import { createSubsonicCatalog } from './catalog.ts';
import { createSubsonicBrowsing } from './browsing.ts';
import { createSubsonicLyrics } from './lyrics.ts';
import { createSubsonicPasswords } from './passwords.ts';
import { loadSecretKey } from './secrets.ts';
import { createSubsonicStars } from './stars.ts';
import { createSubsonicUsers } from './users.ts';

export { DEMO_SUBSONIC_PASSWORD, type SubsonicCredentials } from './passwords.ts';
export { SubsonicError, SUBSONIC_ERRORS, missingParam, invalidParam, notFoundError, notAuthorized } from './errors.ts';
export { parseId, parseAnyId, albumId, artistId } from './ids.ts';
export { parseOtherId, isPodcastEpisodeId, podcastChannelId, podcastEpisodeId } from './ids.ts';
export { MUSIC_FOLDER, MAX_PAGE } from './browsing.ts';

/** The Subsonic API's services: app passwords (auth), the catalog as Subsonic browses it, stars, lyrics. */
export function createSubsonicServices(repos: Repos, dataDir: string, audio: AudioService, clock: Clock, limits: LoginLimits) {
  const apiKeys = createApiKeys(repos, clock);
  const passwords = createSubsonicPasswords(repos, loadSecretKey(dataDir), clock, limits, apiKeys);
  const browsing = createSubsonicBrowsing(repos, audio);
  return {
    passwords,
    apiKeys,
    users: createSubsonicUsers(repos, clock, passwords, apiKeys),
    browsing,
    catalog: createSubsonicCatalog(repos, browsing),
    stars: createSubsonicStars(repos, clock),
    lyrics: createSubsonicLyrics(repos),
  };
}
export type SubsonicServices = Awaited<ReturnType<typeof createSubsonicServices>>;
