import { describe, expect, it } from 'vitest';
import { isAlbumInOrder, isNextTrack, loudnessGain, readLoudness, type Loudness } from './loudness.ts';

const db = (linear: number) => Math.round(20 * Math.log10(linear) * 100) / 100;
/** a song at −8 LUFS (gain −10 dB to −18), true peak 0.9; its album at −10 LUFS, peak 0.95 */
const loud: Loudness = { gain: -10, peak: 0.9, albumGain: -8, albumPeak: 0.95 };
/** a song at −28 LUFS (gain +10 dB), true peak 0.1 */
const quiet: Loudness = { gain: 10, peak: 0.1, albumGain: null, albumPeak: null };

const track = (al: number, no?: number, cd?: number) => ({ al: { id: al }, ...(no && { no }), ...(cd && { cd }) });

describe('音量均衡 gain', () => {
  it('单曲 brings each song to the target level', () => {
    expect(db(loudnessGain(loud, 'track', -18, false))).toBe(-10);
    expect(db(loudnessGain(loud, 'track', -14, false))).toBe(-6);
    expect(db(loudnessGain(quiet, 'track', -18, false))).toBe(10);
  });

  it('never takes the true peak above full scale: the gain stops at 1 / peak', () => {
    // −28 LUFS to −14 wants +14 dB, but a peak of 0.1 leaves 20 dB… and 0.3 only 10.5 dB.
    expect(db(loudnessGain(quiet, 'track', -14, false))).toBe(14);
    const peaky = { ...quiet, peak: 0.3 };
    expect(loudnessGain(peaky, 'track', -14, false) * 0.3).toBeCloseTo(1, 6);
    expect(db(loudnessGain(peaky, 'track', -14, false))).toBe(10.46);
  });

  it('a gain without a peak (NetEase’s own answers) only ever turns a song down', () => {
    const noPeak = readLoudness({ gain: 6 });
    expect(loudnessGain(noPeak, 'track', -18, false)).toBe(1);
    expect(db(loudnessGain(readLoudness({ gain: -4 }), 'track', -18, false))).toBe(-4);
  });

  it('专辑 uses the album’s gain and peak; an album not fully measured falls back to the song', () => {
    expect(db(loudnessGain(loud, 'album', -18, false))).toBe(-8);
    expect(db(loudnessGain(quiet, 'album', -18, false))).toBe(10);
  });

  it('自动 uses the album’s gain only when the queue is an album in order', () => {
    expect(db(loudnessGain(loud, 'auto', -18, true))).toBe(-8);
    expect(db(loudnessGain(loud, 'auto', -18, false))).toBe(-10);
  });

  it('关闭, or a song not measured, plays as it is', () => {
    expect(loudnessGain(loud, 'off', -14, true)).toBe(1);
    expect(loudnessGain(null, 'track', -14, false)).toBe(1);
  });

  it('reads /song/url: gain 0 and peak 0 is "not measured", odd values are ignored', () => {
    expect(readLoudness({ gain: 0, peak: 0 })).toBeNull();
    expect(readLoudness({})).toBeNull();
    expect(readLoudness(undefined)).toBeNull();
    expect(readLoudness({ gain: Number.NaN, peak: 0.5 })).toBeNull();
    expect(readLoudness({ gain: 0 })).toBeNull();
    expect(readLoudness({ gain: -3, peak: 0.8, albumGain: null, albumPeak: null })).toEqual({
      gain: -3,
      peak: 0.8,
      albumGain: null,
      albumPeak: null,
    });
    expect(readLoudness({ gain: -3, peak: 0.8, albumGain: -4, albumPeak: 0.9 })).toEqual({
      gain: -3,
      peak: 0.8,
      albumGain: -4,
      albumPeak: 0.9,
    });
    // Half an album figure is none.
    expect(readLoudness({ gain: -3, peak: 0.8, albumGain: -4 })?.albumGain).toBeNull();
  });
});

describe('an album in order', () => {
  it('is one album, 顺序播放, by disc and track; a song left out is fine', () => {
    expect(isAlbumInOrder([track(7, 1), track(7, 2), track(7, 4)], 'turn')).toBe(true);
    expect(isAlbumInOrder([track(7, 9, 1), track(7, 1, 2)], 'turn')).toBe(true);
  });

  it('is not: shuffled, out of order, mixed albums, no track numbers, one song, another mode', () => {
    expect(isAlbumInOrder([track(7, 2), track(7, 1)], 'turn')).toBe(false);
    expect(isAlbumInOrder([track(7, 1), track(8, 2)], 'turn')).toBe(false);
    expect(isAlbumInOrder([track(7), track(7)], 'turn')).toBe(false);
    expect(isAlbumInOrder([track(7, 1)], 'turn')).toBe(false);
    expect(isAlbumInOrder([track(7, 1), track(7, 2)], 'random')).toBe(false);
    expect(isAlbumInOrder([track(7, 1), track(7, 2)], 'single')).toBe(false);
    expect(isAlbumInOrder([track(0, 1), track(0, 2)], 'turn')).toBe(false);
  });

  it('the next track: same album, the following number or the next disc’s first', () => {
    expect(isNextTrack(track(7, 3), track(7, 4))).toBe(true);
    expect(isNextTrack(track(7, 12, 1), track(7, 1, 2))).toBe(true);
    expect(isNextTrack(track(7, 3), track(7, 5))).toBe(false);
    expect(isNextTrack(track(7, 3), track(8, 4))).toBe(false);
    expect(isNextTrack(track(7), track(7))).toBe(false);
  });
});
