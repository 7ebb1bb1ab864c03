import { SUBSONIC_ERRORS, SubsonicError } from '../../errors.ts';

export { SUBSONIC_ERRORS, SubsonicError };

export const missingParam = (name: string): SubsonicError =>
  new SubsonicError(SUBSONIC_ERRORS.missingParam, `Required parameter is missing: ${name}`);
export const invalidParam = (name: string, why: string): SubsonicError => new SubsonicError(SUBSONIC_ERRORS.generic, `${name} ${why}`);
export const notFoundError = (what: string): SubsonicError => new SubsonicError(SUBSONIC_ERRORS.notFound, `${what} not found`);
export const notAuthorized = (why: string): SubsonicError => new SubsonicError(SUBSONIC_ERRORS.notAuthorized, why);
