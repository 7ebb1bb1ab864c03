import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareVersion } from './version.ts';

describe('compareVersion', () => {
  it.each([
    ['1.0.0', '1.0.0', 0],
    ['1.0.1', '1.0.0', 1],
    ['1.2.0', '1.10.0', -1],
    ['2.0.0', '1.99.99', 1],
    ['1.0.0-beta.1', '1.0.0', -1],
    ['1.0.0-beta.2', '1.0.0-beta.10', -1],
    ['1.0.0-alpha.3', '1.0.0-beta.1', -1],
    ['v1.0.0', '1.0.0', 0],
  ] as const)('%s vs %s → %d', (a, b, r) => expect(compareVersion(a, b)).toBe(r));

  it('rejects malformed versions', () => {
    expect(() => compareVersion('1.0', '1.0.0')).toThrow(/Invalid version/);
  });

  const version = fc
    .tuple(fc.nat(50), fc.nat(50), fc.nat(50), fc.option(fc.tuple(fc.constantFrom('alpha', 'beta', 'rc'), fc.nat(20)), { nil: undefined }))
    .map(([a, b, c, t]) => `${a}.${b}.${c}${t ? `-${t[0]}.${t[1]}` : ''}`);

  it('property: antisymmetric and reflexive', () => {
    fc.assert(
      fc.property(version, version, (a, b) => {
        expect(compareVersion(a, a)).toBe(0);
        expect(compareVersion(a, b)).toBe(-compareVersion(b, a) || 0);
      }),
    );
  });
  it('property: transitive', () => {
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        if (compareVersion(a, b) <= 0 && compareVersion(b, c) <= 0) expect(compareVersion(a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });
});
