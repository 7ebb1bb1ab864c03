import { createHash } from 'node:crypto';
import { loadSharp } from './sharp.ts';
import type { Storage } from './storage.ts';

/** Longest side of a stored cover; embedded scans of 3000 px would only slow every resize. */
const MAX_SIDE = 1400;

/**
 * Covers taken from audio files, stored once per picture (named by a hash of its bytes, so an
 * album's twelve identical embedded covers make one object) as JPEG, whatever they were embedded as.
 */
export function storedCoverKey(hash: string, size?: { width: number; height: number }): string {
  return `covers/${size ? `${hash}_${size.width}x${size.height}.jpg` : `${hash}.jpg`}`;
}

/** Stores an embedded picture; returns its hash, or null when the bytes are not an image sharp can decode. */
export async function storeCover(storage: Storage, data: Uint8Array): Promise<string | null> {
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 32);
  const key = storedCoverKey(hash);
  if (await storage.exists(key)) return hash;
  try {
    const sharp = await loadSharp();
    const jpeg = await sharp(data)
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90 })
      .toBuffer();
    await storage.put(key, jpeg, { contentType: 'image/jpeg' });
    return hash;
  } catch {
    return null;
  }
}

/** Deletes covers (and their resized variants) no album, artist, playlist or file refers to. */
export async function removeUnusedCovers(storage: Storage, referenced: ReadonlySet<string>): Promise<number> {
  let removed = 0;
  for await (const { key } of storage.list('covers/')) {
    const hash = /^covers\/([0-9a-f]{32})(?:_\d+x\d+)?\.jpg$/.exec(key)?.[1];
    if (!hash || referenced.has(hash)) continue;
    await storage.delete(key);
    removed++;
  }
  return removed;
}
