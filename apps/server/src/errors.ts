/**
 * An error the client is meant to see: it becomes `{code, msg}` with HTTP status `code`
 * (errors are mapped in one place, the app's error handler). `retryAfterS` (a limit
 * that ends) adds a `Retry-After` header and a `retryAfter` field in seconds.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (msg: string): ApiError => new ApiError(400, msg);
/** e.g. `playlist 99999 not found` */
export const notFound = (what: string, id: number): ApiError => new ApiError(404, `${what} ${id} not found`);

/**
 * Subsonic's error codes (subsonic.org/pages/api.jsp): an error answer under /rest is
 * `status="failed"` with `<error code message>`, and HTTP 200, as every Subsonic client expects.
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

/**
 * An error a Subsonic client is meant to see: it becomes a failed envelope with this code.
 * `retryAfterS`: a limit that ends (failed logins); the answer carries a Retry-After header too.
 */
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
