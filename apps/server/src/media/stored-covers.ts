import { createHash } from 'node:crypto';
import { access, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { loadSharp } from './sharp.ts';
import { writeAtomically } from './store.ts';

/** Longest side of a stored cover; embedded scans of 3000 px would only slow every resize. */
const MAX_SIDE = 1400;

/**
 * Covers taken from audio files, stored once per picture (named by a hash of its bytes, so an
 * album's twelve identical embedded covers make one file) as JPEG, whatever they were embedded as.
 */
export function storedCoverPath(mediaRoot: string, hash: string, size?: { width: number; height: number }): string {
  return join(mediaRoot, 'covers', size ? `${hash}_${size.width}x${size.height}.jpg` : `${hash}.jpg`);
}

/** Stores an embedded picture; returns its hash, or null when the bytes are not an image sharp can decode. */
export async function storeCover(mediaRoot: string, data: Uint8Array): Promise<string | null> {
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 32);
  const path = storedCoverPath(mediaRoot, hash);
  if (
    await access(path).then(
      () => true,
      () => false,
    )
  )
    return hash;
  try {
    await writeAtomically(path, async (tmp) => {
      const sharp = await loadSharp();
      await sharp(data)
        .rotate()
        .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 90 })
        .toFile(tmp);
    });
    return hash;
  } catch {
    return null;
  }
}

/** Deletes cover files (and their resized variants) no album, artist, playlist or file refers to. */
export async function removeUnusedCovers(mediaRoot: string, referenced: ReadonlySet<string>): Promise<number> {
  const dir = join(mediaRoot, 'covers');
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    // Temp files belong to a write in progress; only finished .jpg files are considered.
    const hash = /^([0-9a-f]{32})(?:_\d+x\d+)?\.jpg$/.exec(name)?.[1];
    if (!hash || referenced.has(hash)) continue;
    await rm(join(dir, name), { force: true });
    removed++;
  }
  return removed;
}
