import type { Suggestions } from '../api/suggest.ts';
import type { HotSearch } from '../api/hot.ts';

/** One choosable row of the search dropdown, in the order the arrow keys walk them. */
export type DropdownItem =
  | { kind: 'keyword'; key: string; group: 'history' | 'hot'; keyword: string; score?: number }
  | { kind: 'song'; key: string; group: 'songs'; id: number; label: string; detail: string }
  | { kind: 'link'; key: string; group: 'artists' | 'albums' | 'playlists'; path: string; label: string; detail: string };

export type DropdownGroup = DropdownItem['group'];

/** Group headings, in SPEC words. */
export const GROUP_TITLES: Record<DropdownGroup, string> = {
  history: '搜索历史',
  hot: '热搜榜',
  songs: '单曲',
  artists: '歌手',
  albums: '专辑',
  playlists: '歌单',
};

const HOT_SHOWN = 10;
const names = (artists: readonly { name: string | null }[] | undefined) => (artists ?? []).map((a) => a.name ?? '').join(' / ');

/**
 * What the dropdown lists: for an empty box the search history and the hot list; while typing,
 * the server's suggestions grouped as 单曲, 歌手, 专辑, 歌单.
 */
export function dropdownItems(
  text: string,
  suggestions: Suggestions | undefined,
  history: readonly string[],
  hot: readonly HotSearch[],
): DropdownItem[] {
  if (text === '') {
    return [
      ...history.map((keyword): DropdownItem => ({ kind: 'keyword', key: `history-${keyword}`, group: 'history', keyword })),
      ...hot
        .slice(0, HOT_SHOWN)
        .map((h, i): DropdownItem => ({ kind: 'keyword', key: `hot-${i}`, group: 'hot', keyword: h.searchWord, score: h.score })),
    ];
  }
  if (!suggestions) return [];
  return [
    ...(suggestions.songs ?? []).map((s): DropdownItem => ({
      kind: 'song',
      key: `song-${s.id}`,
      group: 'songs',
      id: s.id,
      label: s.name ?? '',
      detail: names(s.artists),
    })),
    ...(suggestions.artists ?? []).map((a): DropdownItem => ({
      kind: 'link',
      key: `artist-${a.id}`,
      group: 'artists',
      path: `/artist/${a.id}`,
      label: a.name ?? '',
      detail: '',
    })),
    ...(suggestions.albums ?? []).map((a): DropdownItem => ({
      kind: 'link',
      key: `album-${a.id}`,
      group: 'albums',
      path: `/list/album/${a.id}`,
      label: a.name ?? '',
      detail: a.artist?.name ?? '',
    })),
    ...(suggestions.playlists ?? []).map((p): DropdownItem => ({
      kind: 'link',
      key: `playlist-${p.id}`,
      group: 'playlists',
      path: `/list/song/${p.id}`,
      label: p.name ?? '',
      detail: '',
    })),
  ];
}

/** The highlighted row after an arrow key: -1 is the input itself; the ends wrap through it. */
export function moveActive(current: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  const next = current + step;
  if (next >= count) return -1;
  if (next < -1) return count - 1;
  return next;
}
