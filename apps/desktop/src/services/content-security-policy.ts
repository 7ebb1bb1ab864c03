/**
 * The desktop page's Content-Security-Policy (docs/decisions/0013-desktop-shell.md): scripts,
 * styles and everything else from the app's own origin only; the local music server's origin
 * for API calls, covers and audio. No inline scripts or styles (the desktop build keeps its CSS
 * in files), no eval, no plugins, no frames, no forms posted anywhere.
 */
const LOOPBACK_ORIGIN = /^http:\/\/127\.0\.0\.1:(\d{1,5})$/;

/** `http://127.0.0.1:<port>` for a usable port; throws otherwise (the CSP never names another host). */
export function apiOrigin(port: number): string {
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`not a port: ${port}`);
  return `http://127.0.0.1:${port}`;
}

/** `api` is the server's origin, or null when it did not start (the page then warns). */
export function contentSecurityPolicy(api: string | null): string {
  if (api !== null && !LOOPBACK_ORIGIN.test(api)) throw new Error(`the API origin must be a loopback origin, got "${api}"`);
  const server = api ? ` ${api}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self'${server}`,
    `img-src 'self' data: blob:${server}`,
    `media-src 'self' blob:${server}`,
    "font-src 'self' data:",
    "worker-src 'self'",
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
