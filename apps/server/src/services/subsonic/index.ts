import type { Repos } from '../../repos/index.ts';
import type { AudioService } from '../audio.ts';
import type { LoginLimits } from '../login-limits.ts';
import type { Clock } from '../rate-windows.ts';
import { createSubsonicCatalog } from './catalog.ts';
import { createSubsonicLibrary } from './library.ts';
import { createSubsonicPasswords } from './passwords.ts';
import { loadSecretKey } from './secrets.ts';
import { createSubsonicStars } from './stars.ts';

export { DEMO_SUBSONIC_PASSWORD, type SubsonicCredentials } from './passwords.ts';
export { SubsonicError, SUBSONIC_ERRORS, missingParam, invalidParam, notFoundError, notAuthorized } from './errors.ts';
export { parseId, parseAnyId, albumId, artistId } from './ids.ts';
export { MUSIC_FOLDER, MAX_PAGE } from './library.ts';

/** The Subsonic API's services: app passwords (auth), the library as Subsonic browses it, stars. */
export function createSubsonicServices(repos: Repos, dataDir: string, audio: AudioService, clock: Clock, limits: LoginLimits) {
  const library = createSubsonicLibrary(repos, audio);
  return {
    passwords: createSubsonicPasswords(repos, loadSecretKey(dataDir), clock, limits),
    library,
    catalog: createSubsonicCatalog(repos, library),
    stars: createSubsonicStars(repos, clock),
  };
}
export type SubsonicServices = ReturnType<typeof createSubsonicServices>;
