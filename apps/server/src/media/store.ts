import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where generated media lives inside the data directory. Paths are built only from validated
 * integers and a fixed list of kinds — never from anything a client typed.
 */
export function mediaPaths(dataDir: string) {
  const root = join(dataDir, 'media');
  return {
    root,
    audio: (songId: number): string => join(root, 'audio', `${songId}.mp3`),
    image: (kind: string, id: number, size?: { width: number; height: number }): string =>
      join(root, 'image', kind, size ? `${id}_${size.width}x${size.height}.jpg` : `${id}.jpg`),
  };
}
export type MediaPaths = ReturnType<typeof mediaPaths>;

/** Where a file is written before it is complete: `<file>.<pid>-<random>.tmp` (strays are swept at start). */
export const temporaryPath = (finalPath: string): string => `${finalPath}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;

/**
 * Produces a file under a temporary name and renames it into place when complete, so a reader
 * never sees half a file and a crash leaves only a stray `.tmp`.
 */
export async function writeAtomically(finalPath: string, produce: (tmpPath: string) => Promise<void>): Promise<void> {
  await mkdir(dirname(finalPath), { recursive: true });
  const tmp = temporaryPath(finalPath);
  try {
    await produce(tmp);
    await rename(tmp, finalPath);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** At most `limit` tasks run at once (audio encoding is CPU-bound; two cores serve two songs). */
export type ConcurrencyLimit = <T>(task: () => Promise<T>) => Promise<T>;

export function concurrencyLimit(limit: number): ConcurrencyLimit {
  let active = 0;
  const queue: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}
