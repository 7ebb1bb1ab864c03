import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { DownloadedFile, DownloadRequest } from '../bridge.ts';

export class DownloadError extends Error {
  override name = 'DownloadError';
}

let sequence = 0;

/**
 * Saves one song from the local music server into the download folder. Only the server's own
 * origin is fetched (the renderer cannot make the shell download from anywhere else), the name
 * is a plain file name (checked by the IPC contract), and the file is written under a temporary
 * name and renamed once complete, so the folder never shows half a song.
 */
export async function saveDownload(
  request: DownloadRequest,
  options: { directory: string; serverOrigin: string },
): Promise<DownloadedFile> {
  const url = new URL(request.url);
  if (url.origin !== options.serverOrigin) throw new DownloadError(`downloads come from the local server only, not ${url.origin}`);
  const response = await fetch(url, { redirect: 'error' });
  if (!response.ok || !response.body) throw new DownloadError(`the server answered ${response.status}`);
  await mkdir(options.directory, { recursive: true });
  const path = join(options.directory, request.fileName);
  const temporary = join(options.directory, `.${request.fileName}.${process.pid}.${++sequence}.part`);
  try {
    await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(temporary));
    await rename(temporary, path);
  } catch (err) {
    await rm(temporary, { force: true });
    throw err;
  }
  return { path, size: (await stat(path)).size };
}
