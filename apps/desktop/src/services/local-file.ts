import { open, realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, relative } from 'node:path';
import { LOCAL_FILE_ROUTE } from '@cloudtune/desktop-bridge';
import { APP_HOST, APP_SCHEME } from './app-scheme.ts';
import { AUDIO_EXTENSIONS } from './local-folders.ts';

/** Audio MIME types of the formats 本地音乐 lists. */
export const AUDIO_MIME_TYPES: Readonly<Record<string, string>> = {
  '.mp3': 'audio/mpeg',
  '.flac': 'audio/flac',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.wav': 'audio/wav',
};

/** One answer holds at most this much: the audio element asks for the rest by range as it plays. */
export const MAX_CHUNK_BYTES = 4 * 1024 * 1024;

export interface LocalFileAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

const refuse = (status: number, reason: string): LocalFileAnswer => ({
  status,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  body: Buffer.from(reason),
});

/** The path an `app://cloudtune/local-file?path=…` URL names, or null for any other URL. */
export function localFilePath(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST || parsed.pathname !== LOCAL_FILE_ROUTE) return null;
  return parsed.searchParams.get('path');
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` against a file of `size` bytes; null when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'whole' {
  if (!header) return 'whole';
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : null;
}

/**
 * Answers `app://cloudtune/local-file?path=<absolute path>` (issue 11: downloads and 本地音乐 play
 * from disk, docs/decisions/0021): only GET/HEAD; the path must be absolute, an audio file by its
 * extension, a regular file, and — symbolic links followed — below one of `roots` (the download
 * folder and the checked local-music folders, asked per request so a folder removed in 选择目录
 * stops being served at once). Ranges are honoured; an open-ended one gets at most 4 MiB.
 */
export async function answerLocalFile(
  request: { url: string; method: string; range?: string },
  roots: () => Promise<readonly string[]> | readonly string[],
): Promise<LocalFileAnswer> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, 'Method Not Allowed');
  const path = localFilePath(request.url);
  if (!path || !isAbsolute(path) || path.includes('\0')) return refuse(400, 'Bad Request');
  const mimeType = AUDIO_MIME_TYPES[extname(path).toLowerCase()];
  if (!mimeType || !AUDIO_EXTENSIONS.has(extname(path).toLowerCase())) return refuse(404, 'Not Found');
  let real: string;
  let size: number;
  try {
    real = await realpath(path);
    const info = await stat(real);
    if (!info.isFile()) return refuse(404, 'Not Found');
    size = info.size;
  } catch {
    return refuse(404, 'Not Found');
  }
  const allowed = await Promise.all(
    (await roots()).map(async (root) => {
      try {
        const inside = relative(await realpath(root), real);
        return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside);
      } catch {
        return false;
      }
    }),
  );
  if (!allowed.some(Boolean)) return refuse(403, 'Forbidden');

  const range = parseRange(request.range, size);
  if (range === null) return { status: 416, headers: { 'content-range': `bytes */${size}` }, body: null };
  const whole = range === 'whole';
  const start = whole ? 0 : range.start;
  const end = whole ? size - 1 : Math.min(range.end, start + MAX_CHUNK_BYTES - 1);
  const length = size === 0 ? 0 : end - start + 1;
  const headers: Record<string, string> = {
    'content-type': mimeType,
    'accept-ranges': 'bytes',
    'content-length': String(length),
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
  };
  if (!whole) headers['content-range'] = `bytes ${start}-${end}/${size}`;
  if (request.method === 'HEAD' || length === 0)
    return { status: whole ? 200 : 206, headers, body: request.method === 'HEAD' ? null : Buffer.alloc(0) };
  // A whole-file answer for a request without a range: the audio element always sends one.
  const body = Buffer.alloc(length);
  const handle = await open(real, 'r');
  try {
    await handle.read(body, 0, length, start);
  } finally {
    await handle.close();
  }
  return { status: whole ? 200 : 206, headers, body };
}
