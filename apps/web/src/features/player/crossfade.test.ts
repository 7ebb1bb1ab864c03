import { describe, expect, it } from 'vitest';
import { clampCrossfade, crossfadeCurves, crossfadeStartsIn, shouldCrossfade, type CrossfadeCase } from './crossfade.ts';

const song = (id: number, al: number, no?: number, dt = 200_000) => ({ id, al: { id: al }, dt, ...(no && { no }) });
/** a playlist: two songs of different albums, 4 s fade, 200 s songs at 1× */
const base: CrossfadeCase = {
  seconds: 4,
  playMode: 'turn',
  queue: [song(1, 10, 1), song(2, 20, 5)],
  current: song(1, 10, 1),
  upcoming: song(2, 20, 5),
  duration: 200,
  rate: 1,
};

describe('淡入淡出 curves', () => {
  it('are equal power: the two gains squared add up to 1 all the way, from full to silent', () => {
    const { fadeOut, fadeIn } = crossfadeCurves(64);
    for (let i = 0; i < 64; i++) expect(fadeOut[i]! ** 2 + fadeIn[i]! ** 2).toBeCloseTo(1, 6);
    expect([fadeOut[0], fadeOut[63], fadeIn[0], fadeIn[63]]).toEqual([1, 0, 0, 1]);
    // Halfway both are at −3 dB, not −6 dB: no dip in loudness.
    const mid = crossfadeCurves(3);
    expect(mid.fadeOut[1]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(mid.fadeIn[1]).toBeCloseTo(Math.SQRT1_2, 6);
  });
});

describe('淡入淡出 schedule', () => {
  it('crosses between songs of a playlist', () => {
    expect(shouldCrossfade(base)).toBe(true);
  });

  it('starts the fade’s length before the end, in wall time at the speed playing', () => {
    expect(crossfadeStartsIn(190, 200, 1, 4)).toBe(6);
    expect(crossfadeStartsIn(190, 200, 2, 4)).toBe(1);
    expect(crossfadeStartsIn(199, 200, 1, 4)).toBe(0);
  });

  it('is off at 0 s, in 单曲循环, with nothing next or the same song next', () => {
    expect(shouldCrossfade({ ...base, seconds: 0 })).toBe(false);
    expect(shouldCrossfade({ ...base, playMode: 'single' })).toBe(false);
    expect(shouldCrossfade({ ...base, upcoming: null })).toBe(false);
    expect(shouldCrossfade({ ...base, upcoming: { ...base.current, dt: 200_000 } })).toBe(false);
  });

  it('never inside an album played in order: the queue is one, or the next song is the next track', () => {
    const album = [song(1, 10, 1), song(2, 10, 2), song(3, 10, 3)];
    expect(shouldCrossfade({ ...base, queue: album, current: album[0]!, upcoming: album[1]! })).toBe(false);
    // A playlist holding an album’s tracks 4 and 5 one after the other: they run into each other too.
    const mixed = [song(9, 30, 1), song(4, 10, 4), song(5, 10, 5)];
    expect(shouldCrossfade({ ...base, queue: mixed, current: mixed[1]!, upcoming: mixed[2]! })).toBe(false);
    expect(shouldCrossfade({ ...base, queue: mixed, current: mixed[0]!, upcoming: mixed[1]! })).toBe(true);
    // The same album shuffled: its songs cross.
    expect(shouldCrossfade({ ...base, playMode: 'random', queue: album, current: album[2]!, upcoming: album[0]! })).toBe(true);
  });

  it('skips a song shorter than twice the fade, either of the two, at the speed playing', () => {
    expect(shouldCrossfade({ ...base, duration: 7.9 })).toBe(false);
    expect(shouldCrossfade({ ...base, duration: 8 })).toBe(true);
    expect(shouldCrossfade({ ...base, upcoming: song(2, 20, 5, 7_000) })).toBe(false);
    expect(shouldCrossfade({ ...base, duration: 12, rate: 2 })).toBe(false);
  });

  it('waits while the length is unknown', () => {
    expect(shouldCrossfade({ ...base, duration: Number.NaN })).toBe(false);
    expect(shouldCrossfade({ ...base, duration: Number.POSITIVE_INFINITY })).toBe(false);
  });

  it('the setting is whole seconds, 0–12', () => {
    expect([clampCrossfade(3.6), clampCrossfade(13), clampCrossfade(-2), clampCrossfade('4')]).toEqual([4, 12, 0, 0]);
  });
});
