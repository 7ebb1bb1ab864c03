import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOM_EQ_ID, EQ_BANDS } from './equalizer.ts';
import { DEFAULT_EFFECTS, FADE_SECONDS, fadeSeconds, migrateEffects, useEffectsStore } from './effects.store.ts';

beforeEach(() => {
  vi.useFakeTimers();
  useEffectsStore.setState(DEFAULT_EFFECTS);
});
afterEach(() => {
  // A write still pending under the fake clock would never run and would block the next one.
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
});

const saved = () => JSON.parse(localStorage.getItem('cloudtune-effects') ?? 'null') as { state: Record<string, unknown>; version: number };

describe('effects store', () => {
  it('starts with FADE on, 原唱, the flat EQ, normal speed and the default device', () => {
    expect(DEFAULT_EFFECTS).toMatchObject({ basicEffects: ['FADE'], convolver: 'none', eqPreset: 'default', playbackRate: 1, sinkId: '' });
    expect(DEFAULT_EFFECTS.eqGains).toEqual(EQ_BANDS.map(() => 0));
    expect(fadeSeconds()).toBe(FADE_SECONDS);
  });

  it('toggles basic effects independently; FADE off means no fade', () => {
    const { toggleBasicEffect } = useEffectsStore.getState();
    toggleBasicEffect('3D');
    toggleBasicEffect('TENDER');
    toggleBasicEffect('FADE');
    expect(useEffectsStore.getState().basicEffects).toEqual(['3D', 'TENDER']);
    expect(fadeSeconds()).toBe(0);
  });

  it('an EQ preset sets every band; moving a band makes the curve 自定义', () => {
    const store = useEffectsStore.getState();
    store.setEqPreset('bass');
    expect(useEffectsStore.getState().eqGains).toEqual([8, 7, 5, 3, 1, 0, 0, 0, 0, 0]);
    store.setEqBand(9, 30);
    expect(useEffectsStore.getState()).toMatchObject({ eqPreset: CUSTOM_EQ_ID, eqGains: [8, 7, 5, 3, 1, 0, 0, 0, 0, 12] });
    store.setEqPreset('nope');
    expect(useEffectsStore.getState().eqPreset).toBe(CUSTOM_EQ_ID);
  });

  it('keeps speed within 0.5×–2× and unknown reverbs as 原唱', () => {
    const store = useEffectsStore.getState();
    store.setPlaybackRate(3);
    expect(useEffectsStore.getState().playbackRate).toBe(2);
    store.setPlaybackRate(0.1);
    expect(useEffectsStore.getState().playbackRate).toBe(0.5);
    store.setConvolver('concert-hall');
    expect(useEffectsStore.getState().convolver).toBe('concert-hall');
    store.setConvolver('../../etc/passwd');
    expect(useEffectsStore.getState().convolver).toBe('none');
  });

  it('persists only the choices, with a version, throttled', async () => {
    useEffectsStore.getState().setConvolver('cathedral');
    useEffectsStore.getState().setReverbMix(0.7);
    await vi.advanceTimersByTimeAsync(600);
    const { state, version } = saved();
    expect(version).toBe(1);
    expect(Object.keys(state).sort()).toEqual(['basicEffects', 'convolver', 'eqGains', 'eqPreset', 'playbackRate', 'reverbMix', 'sinkId']);
    expect(state).toMatchObject({ convolver: 'cathedral', reverbMix: 0.7 });
  });

  it('restores a saved state and migrates SPEC’s version-0 shape (basicEffect list, convolver by name)', async () => {
    vi.runOnlyPendingTimers(); // the reset in beforeEach is written first, not over the saves below
    localStorage.setItem('cloudtune-effects', JSON.stringify({ state: { basicEffect: ['3D', 'BOGUS'], convolver: '音乐厅' }, version: 0 }));
    await useEffectsStore.persist.rehydrate();
    expect(useEffectsStore.getState()).toMatchObject({
      basicEffects: ['3D'],
      convolver: 'concert-hall',
      eqPreset: 'default',
      playbackRate: 1,
    });

    vi.runOnlyPendingTimers();
    localStorage.setItem(
      'cloudtune-effects',
      JSON.stringify({
        state: { ...DEFAULT_EFFECTS, eqPreset: 'custom', eqGains: [1, 2, 3, 4, 5, 6, 7, 8, 9, 99], playbackRate: 1.5 },
        version: 1,
      }),
    );
    await useEffectsStore.persist.rehydrate();
    expect(useEffectsStore.getState()).toMatchObject({ eqPreset: 'custom', eqGains: [1, 2, 3, 4, 5, 6, 7, 8, 9, 12], playbackRate: 1.5 });
  });

  it('turns anything unreadable into the defaults', () => {
    expect(migrateEffects(null)).toEqual(DEFAULT_EFFECTS);
    expect(migrateEffects({ basicEffects: 'FADE', convolver: 42, reverbMix: 'x', eqPreset: 'custom', eqGains: [1], sinkId: 7 })).toEqual(
      DEFAULT_EFFECTS,
    );
  });
});
