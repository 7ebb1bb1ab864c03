import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { createThrottledStorage } from '../../lib/throttled-storage.ts';
import { clampCrossfade, DEFAULT_CROSSFADE_SECONDS } from './crossfade.ts';
import { DEFAULT_NORMALIZATION, DEFAULT_TARGET_LUFS, isNormalization, isTargetLevel, type Normalization } from './loudness.ts';
import { DEFAULT_BIT_RATE, DEFAULT_SOURCES, addSource, isBitRate, normalizeSources, removeSource, type BitRate } from './play-sources.ts';

/**
 * The settings of playing: what the song-URL lookup sends (source list, bitRate; /setting/source
 * and /setting/quality) and how songs sound one after another (音量均衡, 淡入淡出; /setting/playback).
 */
export interface PersistedPlayback {
  sources: string[];
  bitRate: BitRate;
  normalization: Normalization;
  /** 音量均衡's target level, LUFS */
  targetLufs: number;
  /** 淡入淡出, seconds; 0 = 关闭 (gapless) */
  crossfadeSeconds: number;
}

interface PlaybackSettingsState extends PersistedPlayback {
  addSource: (id: string) => void;
  removeSource: (id: string) => void;
  setBitRate: (bitRate: number) => void;
  setNormalization: (mode: string) => void;
  setTargetLufs: (lufs: number) => void;
  setCrossfadeSeconds: (seconds: number) => void;
}

export const DEFAULT_PLAYBACK: PersistedPlayback = {
  sources: [...DEFAULT_SOURCES],
  bitRate: DEFAULT_BIT_RATE,
  normalization: DEFAULT_NORMALIZATION,
  targetLufs: DEFAULT_TARGET_LUFS,
  crossfadeSeconds: DEFAULT_CROSSFADE_SECONDS,
};

/** Any saved state → a valid one; the own key for the list is `source`. */
export function migratePlayback(saved: unknown): PersistedPlayback {
  const s = (typeof saved === 'object' && saved !== null ? saved : {}) as Record<string, unknown>;
  return {
    sources: normalizeSources(s.sources ?? s.source),
    bitRate: isBitRate(s.bitRate) ? s.bitRate : DEFAULT_BIT_RATE,
    normalization: isNormalization(s.normalization) ? s.normalization : DEFAULT_NORMALIZATION,
    targetLufs: isTargetLevel(s.targetLufs) ? s.targetLufs : DEFAULT_TARGET_LUFS,
    crossfadeSeconds: clampCrossfade(s.crossfadeSeconds),
  };
}

export const usePlaybackSettings = create<PlaybackSettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_PLAYBACK,
      addSource: (id) => set(({ sources }) => ({ sources: addSource(sources, id) })),
      removeSource: (id) => set(({ sources }) => ({ sources: removeSource(sources, id) })),
      setBitRate: (bitRate) => isBitRate(bitRate) && set({ bitRate }),
      setNormalization: (mode) => isNormalization(mode) && set({ normalization: mode }),
      setTargetLufs: (lufs) => isTargetLevel(lufs) && set({ targetLufs: lufs }),
      setCrossfadeSeconds: (seconds) => set({ crossfadeSeconds: clampCrossfade(seconds) }),
    }),
    {
      name: 'cloudtune-playback',
      version: 1,
      storage: createThrottledStorage<PersistedPlayback>(),
      partialize: ({ sources, bitRate, normalization, targetLufs, crossfadeSeconds }) => ({
        sources,
        bitRate,
        normalization,
        targetLufs,
        crossfadeSeconds,
      }),
      migrate: (persisted) => migratePlayback(persisted),
      merge: (persisted, current) => ({ ...current, ...migratePlayback(persisted) }),
    },
  ),
);
