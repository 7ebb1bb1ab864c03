import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capOf, DEFAULT_BR, fitsCap, levelOf, VARIANT_BITRATES, variantFromKbps } from '../src/services/transcode-levels.ts';

/** The rule of docs/decisions/0005-bitrate-levels.md; the served audio is tested in import.test.ts. */
describe('bitrate levels', () => {
  it.each([
    [32_000, 128_000],
    [96_000, 128_000],
    [128_000, 128_000],
    [191_999, 128_000],
    [192_000, 192_000],
    [319_999, 192_000],
    [320_000, 320_000],
    [998_999, 320_000],
    [999_000, null],
  ])('br=%i is capped at %s', (br, cap) => {
    expect(capOf(br)).toBe(cap);
  });

  it('snaps down to a level, never below standard, and never lowers the cap for a higher br', () => {
    fc.assert(
      fc.property(fc.integer({ min: 32_000, max: DEFAULT_BR }), fc.integer({ min: 32_000, max: DEFAULT_BR }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const [capLo, capHi] = [capOf(lo), capOf(hi)];
        if (capLo !== null) expect(VARIANT_BITRATES).toContain(capLo);
        if (capLo !== null && lo >= 128_000) expect(capLo).toBeLessThanOrEqual(lo);
        expect(capHi === null || (capLo !== null && capHi >= capLo)).toBe(true);
      }),
    );
  });

  it('an original fits a cap within 5 % (VBR averages), and always fits no cap', () => {
    expect(fitsCap(128_000, 128_000)).toBe(true);
    expect(fitsCap(131_000, 128_000)).toBe(true);
    expect(fitsCap(140_000, 128_000)).toBe(false);
    expect(fitsCap(1_411_200, null)).toBe(true);
  });

  it.each([
    [128_000, false, 'standard'],
    [96_000, false, 'standard'],
    [192_000, false, 'higher'],
    [256_000, false, 'exhigh'],
    [320_000, false, 'exhigh'],
    [900_000, true, 'lossless'],
    [98_000, true, 'lossless'],
  ] as const)('%i bit/s (lossless %s) is reported as %s', (bitrate, lossless, level) => {
    expect(levelOf(bitrate, lossless)).toBe(level);
  });

  it('variant URLs name only the three levels', () => {
    expect([128, 192, 320].map(variantFromKbps)).toEqual([128_000, 192_000, 320_000]);
    expect([0, 96, 256, 999].map(variantFromKbps)).toEqual([undefined, undefined, undefined, undefined]);
  });
});
