import { describe, expect, it } from 'vitest';
import { flattenPages, listState, nextFanTime, nextOffset } from './paging.ts';

const page = <T>(items: T[], more: boolean) => ({ items, more });
const users = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ userId: from + i, time: 1000 - from - i }));

describe('follow list paging', () => {
  it('appends with the current list length as the offset until a page says no more', () => {
    expect(nextOffset([page(users(0, 20), true)])).toBe(20);
    expect(nextOffset([page(users(0, 20), true), page(users(20, 20), true)])).toBe(40);
    expect(nextOffset([page(users(0, 20), true), page(users(20, 5), false)])).toBeUndefined();
    // A page with nothing in it ends the list even if it claims more (no endless loop).
    expect(nextOffset([page([], true)])).toBeUndefined();
  });

  it('fans page by the last fan’s follow time, newest first (-1)', () => {
    expect(nextFanTime([])).toBe(-1);
    expect(nextFanTime([page(users(0, 40), true)])).toBe(1000 - 39);
    expect(nextFanTime([page(users(0, 3), false)])).toBeUndefined();
  });

  it('a user repeated across pages (the list moved meanwhile) is shown once', () => {
    const list = flattenPages([page(users(0, 3), true), page(users(2, 3), false)], (u) => u.userId);
    expect(list.map((u) => u.userId)).toEqual([0, 1, 2, 3, 4]);
  });

  it('the footer: error wins, then loading, then 没有更多了 once something loaded', () => {
    expect(listState({ isError: true, isFetching: true, hasNextPage: true, count: 3 })).toBe('error');
    expect(listState({ isError: false, isFetching: true, hasNextPage: true, count: 0 })).toBe('loading');
    expect(listState({ isError: false, isFetching: false, hasNextPage: false, count: 20 })).toBe('end');
    expect(listState({ isError: false, isFetching: false, hasNextPage: false, count: 0 })).toBe('idle');
    expect(listState({ isError: false, isFetching: false, hasNextPage: true, count: 20 })).toBe('idle');
  });
});
