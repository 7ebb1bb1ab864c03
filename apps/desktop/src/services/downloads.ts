import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ID3Writer } from 'browser-id3-writer';
import type { DownloadedFile, DownloadRequest, DownloadTags } from '@cloudtune/desktop-bridge';

export class DownloadError extends Error {
  override name = 'DownloadError';
}

/** A cover larger than this is left out of the tag (the song is still saved). */
export const MAX_COVER_BYTES = 5 * 1024 * 1024;

let sequence = 0;

/** Only the local server's own origin is fetched: the renderer cannot make the shell download from anywhere else. */
function fromServer(url: string, serverOrigin: string): URL {
  const parsed = new URL(url);
  if (parsed.origin !== serverOrigin) throw new DownloadError(`downloads come from the local server only, not ${parsed.origin}`);
  return parsed;
}

async function fetchCover(url: string, serverOrigin: string): Promise<ArrayBuffer | null> {
  try {
    const response = await fetch(fromServer(url, serverOrigin), { redirect: 'error' });
    if (!response.ok) return null;
    const data = await response.arrayBuffer();
    return data.byteLength > 0 && data.byteLength <= MAX_COVER_BYTES ? data : null;
  } catch {
    return null;
  }
}

/**
 * The tags, cover and lyrics written into an MP3 (ID3v2.3 by browser-id3-writer, which replaces
 * a tag the file already has). Other formats keep the tags the server gave them; their lyrics
 * still go beside them as `.lrc`.
 */
async function writeId3(file: string, tags: DownloadTags, cover: ArrayBuffer | null): Promise<void> {
  const audio = await readFile(file);
  const writer = new ID3Writer(audio.buffer.slice(audio.byteOffset, audio.byteOffset + audio.byteLength));
  writer.setFrame('TIT2', tags.title).setFrame('TALB', tags.album);
  if (tags.artists.length) writer.setFrame('TPE1', tags.artists);
  if (tags.lyrics) writer.setFrame('USLT', { description: '', lyrics: tags.lyrics, language: 'chi' });
  if (cover) {
    try {
      writer.setFrame('APIC', { type: 3, data: cover, description: 'Cover' });
    } catch {
      // not an image the tag can carry (unknown type): the song is saved without it
    }
  }
  await writeFile(file, Buffer.from(writer.addTag()));
}

/**
 * Saves one song from the local music server into the download folder as the name given
 * (a plain file name, checked by the IPC contract), with its tags, cover and lyrics, and an
 * `.lrc` beside it. The audio is written under a temporary dot-name and renamed once complete,
 * so the folder never shows half a song.
 */
export async function saveDownload(
  request: DownloadRequest,
  options: { directory: string; serverOrigin: string },
): Promise<DownloadedFile> {
  const url = fromServer(request.url, options.serverOrigin);
  const response = await fetch(url, { redirect: 'error' });
  if (!response.ok || !response.body) throw new DownloadError(`the server answered ${response.status}`);
  await mkdir(options.directory, { recursive: true });
  const path = join(options.directory, request.fileName);
  const temporary = join(options.directory, `.${request.fileName}.${process.pid}.${++sequence}.part`);
  const { tags } = request;
  try {
    await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(temporary));
    if (tags && extname(request.fileName).toLowerCase() === '.mp3') {
      await writeId3(temporary, tags, tags.coverUrl ? await fetchCover(tags.coverUrl, options.serverOrigin) : null);
    }
    await rename(temporary, path);
  } catch (err) {
    await rm(temporary, { force: true });
    throw err;
  }
  const saved: DownloadedFile = { path, size: (await stat(path)).size };
  if (tags?.lyrics) {
    const lyricPath = join(options.directory, `${basename(request.fileName, extname(request.fileName))}.lrc`);
    await writeFile(lyricPath, tags.lyrics, 'utf8');
    saved.lyricPath = lyricPath;
  }
  return saved;
}

/** True when `path` names a file directly inside `directory` (no sub-folder, no way out). */
export function isDirectlyInside(path: string, directory: string): boolean {
  const inside = relative(resolve(directory), resolve(path));
  return inside !== '' && !inside.startsWith('..') && dirname(inside) === '.' && !basename(inside).startsWith('.');
}

/** Deletes a downloaded song and its `.lrc`: files directly in the download folder only. */
export async function removeDownload(path: string, directory: string): Promise<void> {
  if (!isDirectlyInside(path, directory)) throw new DownloadError(`not a file of the download folder: ${path}`);
  await rm(path, { force: true });
  await rm(join(dirname(path), `${basename(path, extname(path))}.lrc`), { force: true });
}
