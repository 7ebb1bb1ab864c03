import { describe, expect, it } from 'vitest';
import { EQ_BANDS, EQ_MAX_DB, EQ_PRESETS, bandLabel, clampGain, eqGainsFor } from './equalizer.ts';

describe('equalizer presets', () => {
  it('has ten octave bands from 31 Hz to 16 kHz', () => {
    expect([...EQ_BANDS]).toEqual([31, 62, 125, 250, 500, 1000, 2000, 4000, 8000, 16000]);
    expect(EQ_BANDS.map(bandLabel)).toEqual(['31', '62', '125', '250', '500', '1k', '2k', '4k', '8k', '16k']);
  });

  it('names the presets in Chinese, 默认 first and flat', () => {
    expect(EQ_PRESETS.map((p) => p.name)).toEqual(
      expect.arrayContaining(['默认', '流行', '摇滚', '古典', '爵士', '人声', '低音', '电子', '舞曲']),
    );
    expect(EQ_PRESETS[0]!.name).toBe('默认');
    expect(new Set(EQ_PRESETS.map((p) => p.id)).size).toBe(EQ_PRESETS.length);
  });

  it.each([
    ['default', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
    ['pop', [-1, 0, 2, 4, 5, 4, 2, 0, -1, -1]],
    ['rock', [5, 4, 3, 1, -1, -1, 1, 3, 4, 5]],
    ['classical', [4, 3, 2, 1, 0, 0, 0, 2, 3, 4]],
    ['jazz', [3, 2, 1, 2, -1, -1, 0, 1, 2, 3]],
    ['vocal', [-2, -3, -2, 1, 3, 5, 5, 3, 1, -1]],
    ['bass', [8, 7, 5, 3, 1, 0, 0, 0, 0, 0]],
    ['electronic', [5, 4, 1, 0, -2, 2, 1, 2, 4, 5]],
    ['dance', [6, 5, 2, 0, 0, -2, -1, 0, 3, 4]],
  ])('%s sets each band', (id, gains) => {
    expect(eqGainsFor(id)).toEqual(gains);
  });

  it('every preset has a gain per band within ±12 dB; unknown ids fall back', () => {
    for (const p of EQ_PRESETS) {
      expect(p.gains).toHaveLength(EQ_BANDS.length);
      expect(p.gains.every((g) => Math.abs(g) <= EQ_MAX_DB)).toBe(true);
    }
    expect(eqGainsFor('custom', [1, 2, 3])).toEqual([1, 2, 3, 0, 0, 0, 0, 0, 0, 0]);
    expect([clampGain(13), clampGain(-40), clampGain(Number.NaN), clampGain(2.345)]).toEqual([12, -12, 0, 2.3]);
  });
});
