import { readdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { AUDIO_EXTENSIONS } from './audio-format.ts';

/** An audio file found in the import folder, with its .lrc sidecar if there is one. */
export interface FoundFile {
  path: string;
  size: number;
  mtimeMs: number;
  lyricPath: string | null;
  /** size:mtime of the sidecar: a changed lyric file alone is enough to re-read the track */
  lyricStamp: string | null;
}

const stampOf = (s: { size: number; mtimeMs: number }): string => `${s.size}:${Math.floor(s.mtimeMs)}`;

/**
 * Every audio file under `root`, in path order (so albums import track by track). Hidden
 * entries (".…", e.g. macOS "._x.mp3" resource forks) are skipped; symbolic links to files are
 * followed, links to folders are not (they could loop). Unreadable folders are reported and skipped.
 */
export async function findAudioFiles(root: string, warn: (message: string) => void): Promise<FoundFile[]> {
  const found: FoundFile[] = [];
  const visit = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      warn(`skipped folder ${dir}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      return;
    }
    const visible = entries.filter((e) => !e.name.startsWith('.')).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    // Sidecars match by base name, ignoring case: "01 Song.mp3" + "01 song.LRC".
    const sidecars = new Map(
      visible.filter((e) => extname(e.name).toLowerCase() === '.lrc').map((e) => [stem(e.name).toLowerCase(), e.name]),
    );
    for (const entry of visible) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        await visit(path);
        continue;
      }
      if (!AUDIO_EXTENSIONS.has(extname(entry.name).toLowerCase())) continue;
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile()) continue;
      const lrcName = sidecars.get(stem(entry.name).toLowerCase());
      const lyricPath = lrcName === undefined ? null : join(dir, lrcName);
      const lyricInfo = lyricPath === null ? undefined : await stat(lyricPath).catch(() => undefined);
      found.push({
        path,
        size: info.size,
        mtimeMs: Math.floor(info.mtimeMs),
        lyricPath: lyricInfo ? lyricPath : null,
        lyricStamp: lyricInfo ? stampOf(lyricInfo) : null,
      });
    }
  };
  await visit(root);
  return found;
}

const stem = (name: string): string => name.slice(0, name.length - extname(name).length);
