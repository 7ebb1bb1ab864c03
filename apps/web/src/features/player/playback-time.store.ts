import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { createThrottledStorage } from '../../lib/throttled-storage.ts';

/**
 * The playhead, in its own small store: it changes several times a second, and persisting it
 * next to a long queue would rewrite the whole queue to storage on every tick.
 */
interface PlaybackTimeState {
  /** seconds */
  currentTime: number;
  /** seconds; 0 until the audio knows */
  duration: number;
  setTime: (currentTime: number) => void;
  setDuration: (duration: number) => void;
}

export const usePlaybackTime = create<PlaybackTimeState>()(
  persist(
    (set) => ({
      currentTime: 0,
      duration: 0,
      setTime: (currentTime) => set({ currentTime }),
      setDuration: (duration) => set({ duration: Number.isFinite(duration) ? duration : 0 }),
    }),
    {
      name: 'cloudtune-playback-time',
      version: 1,
      // timeupdate fires about four times a second; the saved playhead needs no more than two.
      storage: createThrottledStorage<{ currentTime: number }>(),
      partialize: ({ currentTime }) => ({ currentTime }),
    },
  ),
);
