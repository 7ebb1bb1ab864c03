import { describe, expect, it } from 'vitest';
import { REVERB_PRESETS, reverbByName } from './reverb-presets.ts';
import { impulseResponseUrl } from './bind-effects.ts';

describe('reverb presets', () => {
  it('has 原唱 first (no convolver) and at least 40 reverbs', () => {
    expect(REVERB_PRESETS[0]).toEqual({ name: '原唱', slug: 'none', acoustics: null });
    expect(REVERB_PRESETS.slice(1).every((p) => p.acoustics !== null)).toBe(true);
    expect(REVERB_PRESETS.length - 1).toBeGreaterThanOrEqual(40);
  });

  it('names are unique Chinese names, slugs unique ASCII file names', () => {
    expect(new Set(REVERB_PRESETS.map((p) => p.name)).size).toBe(REVERB_PRESETS.length);
    expect(new Set(REVERB_PRESETS.map((p) => p.slug)).size).toBe(REVERB_PRESETS.length);
    for (const p of REVERB_PRESETS) {
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.name).toMatch(/[\u4e00-\u9fff]/);
    }
    for (const name of ['录音棚', '小房间', '音乐厅', '大教堂', '体育场', '山谷']) expect(reverbByName(name)).toBeDefined();
  });

  it('fetches audio-effect/<slug>.wav relative to the build’s base', () => {
    expect(impulseResponseUrl('concert-hall', '/')).toBe('/audio-effect/concert-hall.wav');
    expect(impulseResponseUrl('concert-hall', './')).toBe('./audio-effect/concert-hall.wav');
  });
});
