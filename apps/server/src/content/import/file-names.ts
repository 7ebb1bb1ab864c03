import { basename, dirname, extname, relative, sep } from 'node:path';

/** NetEase's own words for a missing artist or album. */
export const UNKNOWN_ARTIST = '未知歌手';
export const UNKNOWN_ALBUM = '未知专辑';

export interface NameGuess {
  title: string;
  artist: string;
  album: string;
  trackNo: number | null;
}

/**
 * What a file's name and folders say about an untagged track. Music folders are usually
 * `Artist/Album/01 Title.ext` or `Album/Artist - Title.ext`: the file name may start with a
 * track number and may hold "Artist - Title"; the parent folder names the album and the
 * grandparent (still inside the import folder) the artist.
 */
export function guessFromPath(root: string, path: string): NameGuess {
  let stem = basename(path, extname(path)).trim();
  let trackNo: number | null = null;
  const numbered = /^(\d{1,3})(?:\s*[-._]\s*|\s+)(\S.*)$/.exec(stem);
  if (numbered) {
    trackNo = Number(numbered[1]);
    stem = numbered[2]!;
  }
  const dashed = /^(.+?)\s+[-–—]\s+(.+)$/.exec(stem);
  const folders = relative(root, dirname(path))
    .split(sep)
    .filter((f) => f !== '' && f !== '.');
  return {
    title: (dashed ? dashed[2]! : stem).trim() || basename(path),
    artist: dashed?.[1]!.trim() || folders.at(-2) || UNKNOWN_ARTIST,
    album: folders.at(-1) ?? UNKNOWN_ALBUM,
    trackNo,
  };
}
