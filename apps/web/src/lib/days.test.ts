import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysInMonth } from './days.ts';

describe('daysInMonth', () => {
  it.each([
    [2024, 2, 29],
    [2023, 2, 28],
    [1900, 2, 28],
    [2000, 2, 29],
    [2023, 4, 30],
    [2023, 12, 31],
  ])('%d-%d → %d', (y, m, d) => expect(daysInMonth(y, m)).toBe(d));
  it('property: agrees with the calendar', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1920, max: 2100 }), fc.integer({ min: 1, max: 12 }), (y, m) => {
        expect(daysInMonth(y, m)).toBe(new Date(Date.UTC(y, m, 0)).getUTCDate());
      }),
    );
  });
});
