import { opendir, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { parseFile } from 'music-metadata';
import type { LocalTrackFile } from '@cloudtune/desktop-bridge';

/** The formats the player and the server's importer read (README: Import your own music). */
export const AUDIO_EXTENSIONS: ReadonlySet<string> = new Set(['.mp3', '.flac', '.ogg', '.opus', '.m4a', '.aac', '.wav']);

/** True for an existing directory (what 打开目录 may open: never a file, which the OS would run). */
export async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

export interface ScanLimits {
  /** stop after this many files (default 20,000) */
  maxFiles?: number;
  /** folders deeper than this are not entered (default 8) */
  maxDepth?: number;
  /** read title, artists, album and duration from each file's tags (default true) */
  readTags?: boolean;
}

/**
 * A file's title, artists, album and duration (music-metadata, the reader the server's importer
 * uses); a file whose tags cannot be read keeps its file name only.
 */
export async function readTrackTags(path: string): Promise<Pick<LocalTrackFile, 'title' | 'artists' | 'album' | 'duration'>> {
  try {
    const { common, format } = await parseFile(path, { duration: false, skipCovers: true });
    const artists = common.artists?.length ? common.artists : common.artist ? [common.artist] : undefined;
    return {
      ...(common.title && { title: common.title }),
      ...(artists && { artists }),
      ...(common.album && { album: common.album }),
      ...(format.duration && Number.isFinite(format.duration) && { duration: Math.round(format.duration * 1000) }),
    };
  } catch {
    return {};
  }
}

/**
 * The audio files under the given folders (本地音乐), sorted by path. Hidden files and folders
 * are skipped, symbolic links are not followed (no loops, nothing outside what was chosen), a
 * folder that cannot be read is left out, and the walk is bounded in depth and count.
 */
export async function scanLocalMusic(folders: readonly string[], limits: ScanLimits = {}): Promise<LocalTrackFile[]> {
  const maxFiles = limits.maxFiles ?? 20_000;
  const maxDepth = limits.maxDepth ?? 8;
  const found: LocalTrackFile[] = [];
  const seen = new Set<string>();

  async function walk(folder: string, dir: string, depth: number): Promise<void> {
    let entries;
    try {
      entries = await opendir(dir);
    } catch {
      return;
    }
    for await (const entry of entries) {
      if (found.length >= maxFiles) break;
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (depth < maxDepth) await walk(folder, path, depth + 1);
      } else if (entry.isFile() && AUDIO_EXTENSIONS.has(extname(entry.name).toLowerCase()) && !seen.has(path)) {
        try {
          const info = await stat(path);
          seen.add(path);
          found.push({ path, name: basename(entry.name, extname(entry.name)), folder, size: info.size, modified: info.mtimeMs });
        } catch {
          // removed while scanning
        }
      }
    }
  }

  for (const folder of folders) {
    if (found.length >= maxFiles) break;
    await walk(folder, folder, 0);
  }
  found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (limits.readTags === false) return found;
  const tagged: LocalTrackFile[] = [];
  for (const file of found) tagged.push({ ...file, ...(await readTrackTags(file.path)) });
  return tagged;
}
