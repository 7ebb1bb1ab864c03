import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { createThrottledStorage } from '../../lib/throttled-storage.ts';
import { DEFAULT_BIT_RATE, DEFAULT_SOURCES, addSource, isBitRate, normalizeSources, removeSource, type BitRate } from './play-sources.ts';

/** The settings the song-URL lookup sends (source list, bitRate); shown on /setting/source. */
export interface PersistedPlayback {
  sources: string[];
  bitRate: BitRate;
}

interface PlaybackSettingsState extends PersistedPlayback {
  addSource: (id: string) => void;
  removeSource: (id: string) => void;
  setBitRate: (bitRate: number) => void;
}

export const DEFAULT_PLAYBACK: PersistedPlayback = { sources: [...DEFAULT_SOURCES], bitRate: DEFAULT_BIT_RATE };

/** Any saved state → a valid one; the own key for the list is `source`. */
export function migratePlayback(saved: unknown): PersistedPlayback {
  const s = (typeof saved === 'object' && saved !== null ? saved : {}) as Record<string, unknown>;
  return {
    sources: normalizeSources(s.sources ?? s.source),
    bitRate: isBitRate(s.bitRate) ? s.bitRate : DEFAULT_BIT_RATE,
  };
}

export const usePlaybackSettings = create<PlaybackSettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_PLAYBACK,
      addSource: (id) => set(({ sources }) => ({ sources: addSource(sources, id) })),
      removeSource: (id) => set(({ sources }) => ({ sources: removeSource(sources, id) })),
      setBitRate: (bitRate) => isBitRate(bitRate) && set({ bitRate }),
    }),
    {
      name: 'cloudtune-playback',
      version: 1,
      storage: createThrottledStorage<PersistedPlayback>(),
      partialize: ({ sources, bitRate }) => ({ sources, bitRate }),
      migrate: (persisted) => migratePlayback(persisted),
      merge: (persisted, current) => ({ ...current, ...migratePlayback(persisted) }),
    },
  ),
);
