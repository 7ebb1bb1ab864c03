import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appendUnique, nextIndex } from './queue-rules.ts';

describe('nextIndex', () => {
  it('does nothing with fewer than two songs', () => {
    for (const mode of ['turn', 'random'] as const) {
      expect(nextIndex(0, -1, mode, 1)).toBeNull();
      expect(nextIndex(1, 0, mode, 1)).toBeNull();
      expect(nextIndex(1, 0, mode, -1)).toBeNull();
    }
  });

  it('sequential mode wraps around both ways', () => {
    expect(nextIndex(3, 2, 'turn', 1)).toBe(0);
    expect(nextIndex(3, 0, 'turn', -1)).toBe(2);
    expect(nextIndex(3, 1, 'turn', 1)).toBe(2);
  });

  it('sequential: stepping forward length times returns to the start', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 500 }), fc.nat(), (length, seed) => {
        const start = seed % length;
        let i = start;
        for (let k = 0; k < length; k++) i = nextIndex(length, i, 'turn', 1)!;
        return i === start;
      }),
    );
  });

  it('random mode always picks another valid position', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 500 }), fc.nat(), fc.double({ min: 0, max: 0.9999999, noNaN: true }), (length, seed, r) => {
        const index = seed % length;
        const picked = nextIndex(length, index, 'random', 1, () => r)!;
        return Number.isInteger(picked) && picked >= 0 && picked < length && picked !== index;
      }),
    );
  });

  it('with no current song, next starts at the top and previous at the bottom', () => {
    expect(nextIndex(4, -1, 'turn', 1)).toBe(0);
    expect(nextIndex(4, -1, 'turn', -1)).toBe(3);
  });
});

describe('appendUnique', () => {
  it('skips ids already present, keeping order', () => {
    const list = [{ id: 1 }, { id: 2 }];
    expect(appendUnique(list, [{ id: 2 }, { id: 3 }, { id: 3 }]).map((s) => s.id)).toEqual([1, 2, 3]);
  });

  it('never produces duplicate ids', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 20 })), fc.array(fc.integer({ min: 1, max: 20 })), (a, b) => {
        const base = appendUnique(
          [],
          a.map((id) => ({ id })),
        );
        const ids = appendUnique(
          base,
          b.map((id) => ({ id })),
        ).map((s) => s.id);
        return new Set(ids).size === ids.length;
      }),
    );
  });
});
