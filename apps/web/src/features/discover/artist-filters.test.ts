import { describe, expect, it } from 'vitest';
import {
  AREA_OPTIONS,
  artistListParams,
  DEFAULT_FILTERS,
  filtersFromSearch,
  INITIAL_OPTIONS,
  nextArtistOffset,
  searchForFilters,
  TYPE_OPTIONS,
  type ArtistFilters,
} from './artist-filters.ts';

const q = (query: string) => new URLSearchParams(query);

describe('artist filters', () => {
  it('offers the SPEC rows and values', () => {
    expect(AREA_OPTIONS.map((o) => [o.label, o.value])).toEqual([
      ['全部', -1],
      ['华语', 7],
      ['欧美', 96],
      ['日本', 8],
      ['韩国', 16],
      ['其他', 0],
    ]);
    expect(TYPE_OPTIONS.map((o) => [o.label, o.value])).toEqual([
      ['全部', -1],
      ['男歌手', 1],
      ['女歌手', 2],
      ['乐队', 3],
    ]);
    expect(INITIAL_OPTIONS.map((o) => o.label).join(' ')).toBe('热门 A B C D E F G H I J K L M N O P Q R S T U V W X Y Z #');
  });

  it.each<[string, ArtistFilters]>([
    ['', DEFAULT_FILTERS],
    ['area=7&type=2', { area: 7, type: 2, initial: '-1' }],
    ['area=0&type=3&initial=b', { area: 0, type: 3, initial: 'B' }],
    ['initial=0', { ...DEFAULT_FILTERS, initial: '#' }],
    ['initial=%23', { ...DEFAULT_FILTERS, initial: '#' }],
    // unknown values fall back to 全部 / 热门
    ['area=5&type=9&initial=ab', DEFAULT_FILTERS],
    ['area=&type=x&initial=-1', DEFAULT_FILTERS],
  ])('?%s → %j', (query, expected) => expect(filtersFromSearch(q(query))).toEqual(expected));

  it('URL ↔ filters round-trip, and the defaults leave the URL bare', () => {
    expect(searchForFilters(DEFAULT_FILTERS)).toBe('');
    for (const area of AREA_OPTIONS)
      for (const type of TYPE_OPTIONS)
        for (const initial of INITIAL_OPTIONS) {
          const filters = { area: area.value, type: type.value, initial: initial.value };
          expect(filtersFromSearch(q(searchForFilters(filters).slice(1)))).toEqual(filters);
        }
    expect(searchForFilters({ area: 7, type: 2, initial: '#' })).toBe('?area=7&type=2&initial=0');
  });

  it('filters → /artist/list params: all sent (the API defaults type to 1), 30 a page, # as 0', () => {
    expect(artistListParams(DEFAULT_FILTERS, 0)).toEqual({ type: -1, area: -1, initial: '-1', limit: 30, offset: 0 });
    expect(artistListParams({ area: 7, type: 2, initial: 'Z' }, 30)).toEqual({ type: 2, area: 7, initial: 'Z', limit: 30, offset: 30 });
    expect(artistListParams({ area: 96, type: 3, initial: '#' }, 60).initial).toBe('0');
  });

  it('paging: each page asks for the next 30; an empty page completes the list', () => {
    const full = { artists: Array.from({ length: 30 }, (_, i) => ({ id: i, name: `a${i}` })) };
    expect(nextArtistOffset(full, [full])).toBe(30);
    expect(nextArtistOffset({ artists: [{ id: 99, name: 'x' }] }, [full, full])).toBe(60);
    expect(nextArtistOffset({ artists: [] }, [full, { artists: [] }])).toBeUndefined();
  });
});
