/**
 * An error the client is meant to see: it becomes `{code, msg}` with HTTP status `code`
 * (ARCHITECTURE: errors are mapped in one place, the app's error handler). `retryAfterS` (a limit
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
