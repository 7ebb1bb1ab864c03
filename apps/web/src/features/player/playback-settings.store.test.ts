import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PLAYBACK, migratePlayback, usePlaybackSettings } from './playback-settings.store.ts';

beforeEach(() => {
  vi.useFakeTimers();
  usePlaybackSettings.setState(DEFAULT_PLAYBACK);
  vi.runOnlyPendingTimers();
});
afterEach(() => {
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
});

describe('playback settings store', () => {
  it('adds and removes extra sources, keeps the fixed ones, accepts only known bit rates', () => {
    const store = usePlaybackSettings.getState();
    store.addSource('kugou');
    store.removeSource('qq');
    store.setBitRate(128000);
    store.setBitRate(64000);
    expect(usePlaybackSettings.getState()).toMatchObject({ sources: ['qq', 'kuwo', 'migu', 'kugou'], bitRate: 128000 });
  });

  it('persists sources and bit rate with a version', async () => {
    usePlaybackSettings.getState().addSource('joox');
    await vi.advanceTimersByTimeAsync(600);
    expect(JSON.parse(localStorage.getItem('cloudtune-playback')!)).toEqual({
      state: { sources: ['qq', 'kuwo', 'migu', 'joox'], bitRate: 320000, normalization: 'auto', targetLufs: -14, crossfadeSeconds: 0 },
      version: 1,
    });
  });

  it('音量均衡 and 淡入淡出: known modes and levels only, the fade whole seconds from 0 to 12', () => {
    const store = usePlaybackSettings.getState();
    store.setNormalization('album');
    store.setNormalization('loud');
    store.setTargetLufs(-18);
    store.setTargetLufs(-3);
    store.setCrossfadeSeconds(4.4);
    expect(usePlaybackSettings.getState()).toMatchObject({ normalization: 'album', targetLufs: -18, crossfadeSeconds: 4 });
    store.setCrossfadeSeconds(30);
    expect(usePlaybackSettings.getState().crossfadeSeconds).toBe(12);
    store.setCrossfadeSeconds(-1);
    expect(usePlaybackSettings.getState().crossfadeSeconds).toBe(0);
    // A save from before these settings gets their defaults.
    expect(migratePlayback({ sources: ['qq'], bitRate: 128000 })).toMatchObject({
      normalization: 'auto',
      targetLufs: -14,
      crossfadeSeconds: 0,
    });
    expect(migratePlayback({ normalization: 'x', targetLufs: '−14', crossfadeSeconds: 'a' })).toMatchObject({
      normalization: 'auto',
      targetLufs: -14,
      crossfadeSeconds: 0,
    });
  });

  it('migrates SPEC’s shape (a `source` list) and repairs what it cannot read', async () => {
    localStorage.setItem('cloudtune-playback', JSON.stringify({ state: { source: ['kuwo', 'xiami'], bitRate: 999000 }, version: 0 }));
    await usePlaybackSettings.persist.rehydrate();
    expect(usePlaybackSettings.getState()).toMatchObject({ sources: ['qq', 'kuwo', 'migu', 'xiami'], bitRate: 999000 });
    expect(migratePlayback({ sources: 'all', bitRate: 1 })).toEqual(DEFAULT_PLAYBACK);
  });
});
