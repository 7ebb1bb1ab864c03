import { realpath, readFile, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, sep } from 'node:path';

/**
 * The desktop build is loaded from `app://cloudtune/…` (docs/decisions/0013-desktop-shell.md):
 * module scripts cannot run from file://, and a standard, secure custom scheme gives the page a
 * real origin that the music server's CORS policy names (`app://cloudtune`).
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'cloudtune';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** What the desktop build contains; anything else is not served (no guessing, no sniffing). */
export const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.webm': 'audio/webm',
  '.wasm': 'application/wasm',
};

export type AppPath = { ok: true; path: string; mimeType: string } | { ok: false; status: 400 | 403 | 404 | 405; reason: string };

const refused = (status: 400 | 403 | 404 | 405, reason: string): AppPath => ({ ok: false, status, reason });

/** True for a page or frame of the desktop build itself (IPC senders, navigation). */
export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST;
  } catch {
    return false;
  }
}

/**
 * The file an `app://cloudtune/…` request names, below `root`, by the path rules alone: every
 * segment is decoded once and must be a plain name (no `..`, `.`, separators, NUL, drive
 * letters or dot-files), and the extension must be a known type. `/` is the index page.
 */
export function resolveAppPath(url: string, root: string, method = 'GET'): AppPath {
  if (method !== 'GET' && method !== 'HEAD') return refused(405, `method ${method}`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refused(400, 'not a URL');
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return refused(403, `foreign origin ${parsed.origin}`);
  const pathname = parsed.pathname === '/' || parsed.pathname === '' ? '/index.html' : parsed.pathname;
  const segments: string[] = [];
  for (const raw of pathname.slice(1).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return refused(400, 'malformed escape');
    }
    if (segment === '' || segment === '.' || segment === '..' || /[/\\:\0]/.test(segment) || segment.startsWith('.')) {
      return refused(404, `refused segment "${raw}"`);
    }
    segments.push(segment);
  }
  const path = join(root, ...segments);
  const inside = relative(root, path);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) return refused(404, 'outside the root');
  const mimeType = MIME_TYPES[extname(path).toLowerCase()];
  if (!mimeType) return refused(404, `unknown type ${extname(path) || '(none)'}`);
  return { ok: true, path, mimeType };
}

export interface AppResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

export interface AppSchemeOptions {
  /** the desktop build (apps/web/dist/desktop, or resources/web in a package) */
  root: string;
  /** the Content-Security-Policy of HTML pages; asked per page (it names the server's port) */
  contentSecurityPolicy: () => Promise<string> | string;
}

const notFound = (status: number): AppResponse => ({
  status,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  body: Buffer.from(status === 405 ? 'Method Not Allowed' : 'Not Found'),
});

/**
 * Answers one request of the scheme: the path rules, then the real file, which must be a
 * regular file whose real path (symbolic links followed) is still below the root's.
 */
export async function answerAppRequest(request: { url: string; method: string }, options: AppSchemeOptions): Promise<AppResponse> {
  const resolved = resolveAppPath(request.url, options.root, request.method);
  if (!resolved.ok) return notFound(resolved.status);
  let body: Buffer;
  try {
    const [realRoot, realFile] = await Promise.all([realpath(options.root), realpath(resolved.path)]);
    const inside = relative(realRoot, realFile);
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return notFound(404);
    if (!(await stat(realFile)).isFile()) return notFound(404);
    body = await readFile(realFile);
  } catch {
    return notFound(404);
  }
  const headers: Record<string, string> = {
    'content-type': resolved.mimeType,
    'content-length': String(body.length),
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
  };
  if (resolved.mimeType.startsWith('text/html')) headers['content-security-policy'] = await options.contentSecurityPolicy();
  return { status: 200, headers, body: request.method === 'HEAD' ? null : body };
}
