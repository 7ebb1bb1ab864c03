import { describe, expect, it } from 'vitest';
import { SEARCH_TABS, offsetOf, pageCount, pageFromQuery, resultTitle, searchPath, tabBySlug } from './search-tabs.ts';

describe('search tabs', () => {
  it('are SPEC’s five tabs with their types and titles', () => {
    expect(SEARCH_TABS.map((t) => [t.slug, t.label, t.type])).toEqual([
      ['song', '歌曲', 1],
      ['artist', '歌手', 100],
      ['album', '专辑', 10],
      ['songlist', '歌单', 1000],
      ['lyrics', '歌词', 1006],
    ]);
    expect(SEARCH_TABS.map((t) => resultTitle(t, 12))).toEqual([
      '找到 12 首歌曲',
      '找到 12 位歌手',
      '找到 12 张专辑',
      '找到 12 个歌单',
      '找到 12 首歌词',
    ]);
    expect(tabBySlug('lyrics')?.type).toBe(1006);
    expect(tabBySlug('nope')).toBeUndefined();
  });

  it('pages start at 1, 30 a page: page ↔ offset', () => {
    expect([1, 2, 3].map(offsetOf)).toEqual([0, 30, 60]);
    expect(offsetOf(0)).toBe(0);
    expect([0, 1, 30, 31, 600].map(pageCount)).toEqual([1, 1, 1, 2, 20]);
  });

  it('reads the page from the URL, anything odd being page 1', () => {
    expect(['3', '1', null, '0', '-2', '1.5', 'x'].map(pageFromQuery)).toEqual([3, 1, 1, 1, 1, 1, 1]);
  });

  it('builds search URLs with the keyword encoded and page 1 left out', () => {
    expect(searchPath('song', '周 星野')).toBe('/search/song?keywords=%E5%91%A8+%E6%98%9F%E9%87%8E');
    expect(searchPath('lyrics', 'love', 2)).toBe('/search/lyrics?keywords=love&page=2');
  });
});
