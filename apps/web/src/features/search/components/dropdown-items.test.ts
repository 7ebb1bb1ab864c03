import { describe, expect, it } from 'vitest';
import { recorded } from '@cloudtune/ncm-fixtures';
import type { SearchSuggestResponse } from '@cloudtune/contract';
import { dropdownItems, moveActive } from './dropdown-items.ts';
import { highlightRuns } from './highlight.tsx';

describe('search dropdown items', () => {
  it('an empty box lists the history, then the hot list', () => {
    const items = dropdownItems(
      '',
      undefined,
      ['周星野', 'love'],
      [
        { searchWord: '晴天', score: 2_876_543 },
        { searchWord: '海', score: 1_204_311 },
      ],
    );
    expect(items.map((i) => [i.group, i.kind === 'keyword' ? i.keyword : ''])).toEqual([
      ['history', '周星野'],
      ['history', 'love'],
      ['hot', '晴天'],
      ['hot', '海'],
    ]);
  });

  it('while typing, the real API’s suggestions grouped as 单曲, 歌手, 专辑, 歌单', () => {
    const { result } = recorded<SearchSuggestResponse>('search_suggest');
    const items = dropdownItems('x', result, ['old'], []);
    const groups = [...new Set(items.map((i) => i.group))];
    expect(groups).toEqual(['songs', 'artists', 'albums', 'playlists'].filter((g) => items.some((i) => i.group === g)));
    const artist = items.find((i) => i.group === 'artists');
    expect(artist && artist.kind === 'link' && artist.path).toBe(`/artist/${result.artists![0]!.id}`);
    const album = items.find((i) => i.group === 'albums');
    if (album && album.kind === 'link') expect(album.path).toMatch(/^\/list\/album\/\d+$/);
    expect(items.filter((i) => i.group === 'history')).toEqual([]);
  });

  it('arrow keys walk the rows and wrap through the input', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(2, 1, 3)).toBe(-1);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(0, -1, 3)).toBe(-1);
    expect(moveActive(-1, 1, 0)).toBe(-1);
  });

  it('marks every searched word on its own, case-insensitively (a multi-word search matches words anywhere)', () => {
    expect(highlightRuns('Love Story of LOVE', 'story love')).toEqual([
      { text: 'Love', hit: true },
      { text: ' ', hit: false },
      { text: 'Story', hit: true },
      { text: ' of ', hit: false },
      { text: 'LOVE', hit: true },
    ]);
    expect(highlightRuns('周星野的月光', '月光 周星野')).toEqual([
      { text: '周星野', hit: true },
      { text: '的', hit: false },
      { text: '月光', hit: true },
    ]);
    expect(highlightRuns('a.b (c)', '.')).toEqual([
      { text: 'a', hit: false },
      { text: '.', hit: true },
      { text: 'b (c)', hit: false },
    ]);
  });
});
