import { localFileUrl, type LocalTrackFile } from '../../lib/platform.ts';

/** A song found under the local-music folders, shaped like any other song for the player (Local music item). */
export interface LocalSong {
  /** negative (never a server id), stable per path */
  id: number;
  name: string;
  ar: { id: number; name: string | null }[];
  al: { id: number; name: string | null; picUrl: null };
  dt: number;
  /** app://cloudtune/local-file?path=… — the shell serves it */
  url: string;
  path: string;
  folder: string;
  size: number;
}

/** FNV-1a: a path's stable 32-bit hash, so a song keeps its id across scans and in the persisted queue. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const localSongId = (path: string): number => -(hash(path) + 1);

/** The shell's file → a song: its tags when it has them, else the file name; `未知歌手` and no album otherwise. */
export function toLocalSong(file: LocalTrackFile, base?: string): LocalSong {
  const artists = file.artists?.length ? file.artists : [];
  return {
    id: localSongId(file.path),
    name: file.title || file.name,
    ar: artists.length ? artists.map((name) => ({ id: 0, name })) : [{ id: 0, name: '未知歌手' }],
    al: { id: 0, name: file.album || null, picUrl: null },
    dt: file.duration ?? 0,
    url: localFileUrl(file.path, base),
    path: file.path,
    folder: file.folder,
    size: file.size,
  };
}

/** 歌曲 tab's search within: name, artists and album, case-insensitive. */
export function filterSongs(songs: readonly LocalSong[], words: string): readonly LocalSong[] {
  const needle = words.trim().toLowerCase();
  if (!needle) return songs;
  return songs.filter((s) => [s.name, s.al.name ?? '', ...s.ar.map((a) => a.name ?? '')].some((t) => t.toLowerCase().includes(needle)));
}

/** 文件夹 tab: songs grouped by the chosen folder they were found under, in the folders' order. */
export function groupByFolder(songs: readonly LocalSong[], folders: readonly string[]): { folder: string; songs: LocalSong[] }[] {
  const groups = new Map<string, LocalSong[]>(folders.map((f) => [f, []]));
  for (const song of songs) {
    const list = groups.get(song.folder) ?? [];
    list.push(song);
    groups.set(song.folder, list);
  }
  return [...groups].filter(([, list]) => list.length > 0).map(([folder, list]) => ({ folder, songs: list }));
}
