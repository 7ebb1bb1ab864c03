import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, formatSize } from './format.ts';

describe('formatCount (万/亿)', () => {
  it.each([
    [0, '0'],
    [9999, '9999'],
    [10000, '1万'],
    [12345, '1.2万'],
    [790808, '79万'],
    [99_999_999, '9999.9万'],
    [100_000_000, '1亿'],
    [1_234_567_890, '12.3亿'],
    [-5, '0'],
  ])('%d → %s', (n, s) => expect(formatCount(n)).toBe(s));

  it('property: formatting is monotonic in magnitude class', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (n) => {
        const s = formatCount(n);
        if (n < 1e4) expect(s).toBe(String(n));
        else if (n < 1e8) expect(s).toMatch(/^\d{1,4}(\.\d)?万$/);
        else expect(s).toMatch(/^\d+(\.\d)?亿$/);
        // Never rounds up past the real value.
        const value = parseFloat(s) * (s.endsWith('亿') ? 1e8 : s.endsWith('万') ? 1e4 : 1);
        expect(value).toBeLessThanOrEqual(n + 1e-6);
      }),
    );
  });
});

describe('formatSize (KB/MB at 1024)', () => {
  it.each([
    [0, '0B'],
    [1023, '1023B'],
    [1024, '1.0KB'],
    [1536, '1.5KB'],
    [1024 * 1024, '1.0MB'],
    [10_691_439, '10.2MB'],
  ])('%d → %s', (n, s) => expect(formatSize(n)).toBe(s));

  it('property: unit follows 1024 steps', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), (n) => {
        const unit = formatSize(n).replace(/[\d.]/g, '');
        expect(unit).toBe(n < 1024 ? 'B' : n < 1024 ** 2 ? 'KB' : 'MB');
      }),
    );
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '00:00'],
    [59_999, '00:59'],
    [205_000, '03:25'],
    [3_725_000, '62:05'],
    [Number.NaN, '00:00'],
  ])('%d → %s', (n, s) => expect(formatDuration(n)).toBe(s));
});
