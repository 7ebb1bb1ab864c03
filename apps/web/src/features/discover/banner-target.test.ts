import { describe, expect, it } from 'vitest';
import type { Banner } from '@cloudtune/contract';
import { bannerTarget } from './banner-target.ts';

const b = (targetType: number, extra: Partial<Banner> = {}): Banner => ({ targetType, targetId: 42, ...extra });

describe('bannerTarget', () => {
  it('maps SPEC §3 target types (and the real API playlist code 1000)', () => {
    expect(bannerTarget(b(1))).toEqual({ kind: 'song', id: 42 });
    expect(bannerTarget(b(10))).toEqual({ kind: 'playlist', path: '/list/song/42' });
    expect(bannerTarget(b(1000))).toEqual({ kind: 'playlist', path: '/list/song/42' });
    expect(bannerTarget(b(3000, { url: 'https://example.com/x' }))).toEqual({ kind: 'external', url: 'https://example.com/x' });
    expect(bannerTarget(b(3000))).toEqual({ kind: 'none' });
    expect(bannerTarget(b(1004))).toEqual({ kind: 'none' });
  });
});
