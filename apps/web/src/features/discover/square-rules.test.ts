import { describe, expect, it } from 'vitest';
import type { PlaylistCategory } from '@cloudtune/contract';
import { fixtures } from '../../test/msw.ts';
import { uniqueById } from './paging.ts';
import { ALL_TAGS, groupTags, nextSquareCursor, songlistPath, tagFromSearch } from './square-rules.ts';

const tag = (name: string, category: number, hot = false): PlaylistCategory => ({ name, category, hot });
const q = (query: string) => new URLSearchParams(query);

describe('tag ↔ URL', () => {
  it.each([
    ['', ALL_TAGS],
    ['tag=', ALL_TAGS],
    ['tag=all', ALL_TAGS],
    ['tag=全部', ALL_TAGS],
    ['tag=全部歌单', ALL_TAGS],
    ['tag=%E5%8D%8E%E8%AF%AD', '华语'],
    ['tag=R%26B%2FSoul', 'R&B/Soul'],
    ['tag=%20摇滚%20', '摇滚'],
  ])('?%s → %s', (query, expected) => expect(tagFromSearch(q(query))).toBe(expected));

  it('a tag round-trips through its URL; every tag is tag=all', () => {
    for (const name of ['华语', 'R&B/Soul', 'ACG', '影视原声', '90后']) {
      const url = songlistPath(name);
      expect(url.startsWith('/music/songlist?tag=')).toBe(true);
      expect(tagFromSearch(new URL(url, 'http://x').searchParams)).toBe(name);
    }
    expect(songlistPath(ALL_TAGS)).toBe('/music/songlist?tag=all');
  });
});

describe('groupTags', () => {
  it('groups by category in the order 语种 风格 场景 情感 主题, keeping each category’s tag order', () => {
    const groups = groupTags({
      sub: [tag('摇滚', 1), tag('华语', 0), tag('清晨', 2), tag('民谣', 1), tag('经典', 4), tag('欧美', 0), tag('治愈', 3)],
      categories: { 0: '语种', 1: '风格', 2: '场景', 3: '情感', 4: '主题' },
    });
    expect(groups.map((g) => g.name)).toEqual(['语种', '风格', '场景', '情感', '主题']);
    expect(groups.map((g) => g.tags.map((t) => t.name))).toEqual([['华语', '欧美'], ['摇滚', '民谣'], ['清晨'], ['治愈'], ['经典']]);
  });

  it('leaves out empty categories and names an unlisted one by SPEC or by its number', () => {
    const groups = groupTags({ sub: [tag('夜晚', 2), tag('新', 7)], categories: {} });
    expect(groups.map((g) => [g.category, g.name])).toEqual([
      [2, '场景'],
      [7, '7'],
    ]);
  });

  it('names a category only by its own entries: a prototype name stays itself', () => {
    const odd = ['constructor', '__proto__', 'toString'].map((name) => tag('x', name as unknown as number));
    expect(groupTags({ sub: odd, categories: {} }).map((g) => g.name)).toEqual(['constructor', '__proto__', 'toString']);
  });

  it('groups the catlist body built from the recorded tags', () => {
    const groups = groupTags(fixtures.catlist);
    expect(groups.flatMap((g) => g.tags)).toHaveLength(fixtures.catlist.sub.length);
    expect(groups[0]!.tags.map((t) => t.name)).toContain('华语');
  });
});

describe('square paging', () => {
  const page = (more: boolean, ids: number[], lasttime = 1565245122655) => ({ more, lasttime, playlists: ids.map((id) => ({ id })) });

  it('the next page starts before the last playlist’s time while `more`', () => {
    expect(nextSquareCursor(fixtures.highquality)).toBe(fixtures.highquality.lasttime);
    expect(nextSquareCursor(page(true, [1, 2], 42) as never)).toBe(42);
  });

  it('`more: false` or an empty page ends the list', () => {
    expect(nextSquareCursor(page(false, [1, 2]) as never)).toBeUndefined();
    expect(nextSquareCursor(page(true, []) as never)).toBeUndefined();
  });

  it('pages join with each playlist once (a page may repeat the boundary)', () => {
    expect(uniqueById([[{ id: 1 }, { id: 2 }], [{ id: 2 }, { id: 3 }], []]).map((p) => p.id)).toEqual([1, 2, 3]);
  });
});
