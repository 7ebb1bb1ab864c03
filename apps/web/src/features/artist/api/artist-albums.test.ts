import { describe, expect, it } from 'vitest';
import { ALBUM_PAGE_SIZE, nextAlbumOffset } from './artist-albums.ts';

const page = (more: boolean, count: number) => ({ more, hotAlbums: Array.from({ length: count }, (_, i) => ({ id: i }) as never) });

describe('album paging', () => {
  it('goes on after the albums seen so far while `more`', () => {
    const first = page(true, ALBUM_PAGE_SIZE);
    expect(nextAlbumOffset(first, [first])).toBe(30);
    const second = page(true, 12);
    expect(nextAlbumOffset(second, [first, second])).toBe(42);
  });

  it('`more: false` or an empty page ends the list', () => {
    expect(nextAlbumOffset(page(false, 30), [page(false, 30)])).toBeUndefined();
    expect(nextAlbumOffset(page(true, 0), [page(true, 30), page(true, 0)])).toBeUndefined();
  });
});
