import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appendUnique,
  insertAfter,
  nextIndex,
  nextPlayMode,
  peekShuffle,
  prependUnique,
  shuffled,
  startShuffle,
  stepShuffle,
  syncShuffle,
  type ShuffleOrder,
} from './queue-rules.ts';

/** A seeded generator, so a failing property run can be replayed. */
const seeded = (seed: number) => {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
};
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const currentOf = (s: ShuffleOrder) => s.order[s.pos];

describe('nextIndex (sequential)', () => {
  it('does nothing with fewer than two songs', () => {
    expect(nextIndex(0, -1, 1)).toBeNull();
    expect(nextIndex(1, 0, 1)).toBeNull();
    expect(nextIndex(1, 0, -1)).toBeNull();
  });

  it('wraps around both ways', () => {
    expect(nextIndex(3, 2, 1)).toBe(0);
    expect(nextIndex(3, 0, -1)).toBe(2);
    expect(nextIndex(3, 1, 1)).toBe(2);
  });

  it('stepping forward length times returns to the start', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 500 }), fc.nat(), (length, seed) => {
        const start = seed % length;
        let i = start;
        for (let k = 0; k < length; k++) i = nextIndex(length, i, 1)!;
        return i === start;
      }),
    );
  });

  it('with no current song, next starts at the top and previous at the bottom', () => {
    expect(nextIndex(4, -1, 1)).toBe(0);
    expect(nextIndex(4, -1, -1)).toBe(3);
  });
});

describe('play modes', () => {
  it('cycle 顺序播放 → 随机播放 → 单曲循环 → 顺序播放', () => {
    expect(nextPlayMode('turn', 5)).toBe('random');
    expect(nextPlayMode('random', 5)).toBe('single');
    expect(nextPlayMode('single', 5)).toBe('turn');
  });

  it('skip random with one song or none', () => {
    expect(nextPlayMode('turn', 1)).toBe('single');
    expect(nextPlayMode('turn', 0)).toBe('single');
    expect(nextPlayMode('single', 1)).toBe('turn');
  });
});

describe('random mode: the shuffle order', () => {
  it('shuffled is a permutation', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.nat(), (items, seed) => {
        expect([...shuffled(items, seeded(seed))].sort()).toEqual([...items].sort());
      }),
    );
  });

  it('starts with the current song', () => {
    const s = startShuffle([1, 2, 3, 4], 3, seeded(7));
    expect(currentOf(s)).toBe(3);
    expect([...s.order].sort()).toEqual([1, 2, 3, 4]);
  });

  it('plays every song once per round, rounds after rounds, never the same song twice in a row', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 40 }), fc.integer({ min: 1, max: 4 }), fc.nat(), (n, rounds, seed) => {
        const random = seeded(seed);
        const ids = range(n);
        let s = startShuffle(ids, 1 + (seed % n), random);
        const played = [currentOf(s)!];
        for (let k = 1; k < n * rounds; k++) {
          expect(peekShuffle(s)).not.toBeNull();
          const upcoming = peekShuffle(s);
          s = stepShuffle(s, ids, 1, random)!;
          expect(currentOf(s)).toBe(upcoming);
          played.push(currentOf(s)!);
        }
        for (let r = 0; r < rounds; r++) expect([...played.slice(r * n, (r + 1) * n)].sort((a, b) => a - b)).toEqual(ids);
        for (let k = 1; k < played.length; k++) expect(played[k]).not.toBe(played[k - 1]);
        // The order never grows beyond a round behind and a round ahead.
        expect(s.order.length).toBeLessThanOrEqual(2 * n);
      }),
    );
  });

  it('needs more than one song', () => {
    expect(stepShuffle(startShuffle([1], 1), [1], 1)).toBeNull();
    expect(stepShuffle({ order: [], pos: -1 }, [], 1)).toBeNull();
  });

  it('previous goes back through what played, wrapping to the end of the order', () => {
    const ids = [1, 2, 3];
    const s0 = startShuffle(ids, 1, seeded(3));
    const s1 = stepShuffle(s0, ids, 1)!;
    expect(currentOf(stepShuffle(s1, ids, -1)!)).toBe(1);
    const wrapped = stepShuffle(s0, ids, -1)!;
    expect(wrapped.pos).toBe(s0.order.length - 1);
  });

  it('songs added mid-round still play in this round; removed ones never do', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 30 }), fc.nat(), (n, seed) => {
        const random = seeded(seed);
        let ids = range(n);
        let s = startShuffle(ids, 1, random);
        s = stepShuffle(s, ids, 1, random)!;
        const playedBefore = s.order.slice(0, s.pos + 1);
        const removed = ids.find((id) => !playedBefore.includes(id))!;
        ids = [...ids.filter((id) => id !== removed), 100, 101];
        s = syncShuffle(s, ids, random);
        const rest: number[] = [];
        // Play out the round: everything not played yet, once, and the removed song never.
        const left = ids.filter((id) => !playedBefore.includes(id));
        for (let k = 0; k < left.length; k++) {
          s = stepShuffle(s, ids, 1, random)!;
          rest.push(currentOf(s)!);
        }
        expect([...rest].sort((a, b) => a - b)).toEqual([...left].sort((a, b) => a - b));
        expect(rest).not.toContain(removed);
      }),
    );
  });

  it('removing the song playing leaves next on what followed it', () => {
    const ids = [1, 2, 3, 4];
    const s = startShuffle(ids, 1, seeded(11));
    const following = s.order[1];
    const synced = syncShuffle(s, [2, 3, 4]);
    expect(synced.order[synced.pos + 1]).toBe(following);
  });
});

describe('appendUnique / prependUnique / insertAfter', () => {
  it('appendUnique skips ids already present, keeping order', () => {
    const list = [{ id: 1 }, { id: 2 }];
    expect(appendUnique(list, [{ id: 2 }, { id: 3 }, { id: 3 }]).map((s) => s.id)).toEqual([1, 2, 3]);
  });

  it('never produces duplicate ids', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 20 })), fc.array(fc.integer({ min: 1, max: 20 })), fc.nat(30), (a, b, limit) => {
        const base = appendUnique(
          [],
          a.map((id) => ({ id })),
        );
        const added = b.map((id) => ({ id }));
        for (const list of [appendUnique(base, added), prependUnique(base, added, limit)]) {
          const ids = list.map((s) => s.id);
          expect(new Set(ids).size).toBe(ids.length);
        }
      }),
    );
  });

  it('prependUnique puts new songs first and leaves known ones where they are', () => {
    const history = [{ id: 3 }, { id: 2 }, { id: 1 }];
    expect(prependUnique(history, [{ id: 4 }]).map((s) => s.id)).toEqual([4, 3, 2, 1]);
    expect(prependUnique(history, [{ id: 1 }])).toBe(history);
    expect(prependUnique(history, [{ id: 5 }], 3).map((s) => s.id)).toEqual([5, 3, 2]);
  });

  it('insertAfter puts the song right after the current one, moving it if queued', () => {
    const queue = [1, 2, 3, 4].map((id) => ({ id }));
    expect(insertAfter(queue, 1, { id: 9 }).map((s) => s.id)).toEqual([1, 2, 9, 3, 4]);
    expect(insertAfter(queue, 0, { id: 4 }).map((s) => s.id)).toEqual([1, 4, 2, 3]);
    expect(insertAfter(queue, 3, { id: 1 }).map((s) => s.id)).toEqual([2, 3, 4, 1]);
    expect(insertAfter(queue, -1, { id: 9 }).map((s) => s.id)).toEqual([9, 1, 2, 3, 4]);
  });
});
