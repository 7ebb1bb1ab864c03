import { describe, expect, it } from 'vitest';
import { playlistDetailParams, songDetailParams, songUrlParams } from '../src/index.ts';

describe('param schemas', () => {
  it('coerce query-string ids', () => {
    expect(playlistDetailParams.parse({ id: '42' })).toEqual({ id: 42 });
    expect(songDetailParams.parse({ ids: '1, 2,3' })).toEqual({ ids: [1, 2, 3] });
    expect(songUrlParams.parse({ id: '7', br: '320000', source: 'qq,kuwo' })).toMatchObject({ id: [7], br: 320000 });
  });
  it('reject non-numeric and non-positive ids with a message naming the param', () => {
    const bad = playlistDetailParams.safeParse({ id: 'abc' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('id must be an integer');
    expect(playlistDetailParams.safeParse({ id: '0' }).error?.issues[0]?.message).toBe('id must be ≥ 1');
    expect(songDetailParams.safeParse({ ids: '1,x' }).error?.issues[0]?.message).toMatch(/^ids must/);
  });
  it('reject a missing required param', () => {
    const r = playlistDetailParams.safeParse({});
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['id']);
  });
});
