/**
 * Subsonic's error codes (subsonic.org/pages/api.jsp): an error answer is `status="failed"` with
 * `<error code message>` and HTTP 200, as every Subsonic client expects.
 */
export const SUBSONIC_ERRORS = {
  generic: 0,
  missingParam: 10,
  clientTooOld: 20,
  serverTooOld: 30,
  wrongCredentials: 40,
  tokenNotSupported: 41,
  authMechanismNotSupported: 42,
  conflictingAuth: 43,
  invalidApiKey: 44,
  notAuthorized: 50,
  trialOver: 60,
  notFound: 70,
} as const;

/** `retryAfterS`: a limit that ends (failed logins); the answer carries a Retry-After header too. */
export class SubsonicError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'SubsonicError';
  }
}

export const missingParam = (name: string): SubsonicError =>
  new SubsonicError(SUBSONIC_ERRORS.missingParam, `Required parameter is missing: ${name}`);
export const invalidParam = (name: string, why: string): SubsonicError => new SubsonicError(SUBSONIC_ERRORS.generic, `${name} ${why}`);
export const notFoundError = (what: string): SubsonicError => new SubsonicError(SUBSONIC_ERRORS.notFound, `${what} not found`);
export const notAuthorized = (why: string): SubsonicError => new SubsonicError(SUBSONIC_ERRORS.notAuthorized, why);
