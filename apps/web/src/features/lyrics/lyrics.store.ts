import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** The lyric panel's own choice: show each line's translation (译). Kept across visits. */
interface LyricsState {
  showTranslation: boolean;
  setShowTranslation: (show: boolean) => void;
}

export const useLyricsStore = create<LyricsState>()(
  persist(
    (set) => ({
      showTranslation: true,
      setShowTranslation: (showTranslation) => set({ showTranslation }),
    }),
    {
      name: 'cloudtune-lyrics',
      version: 1,
      partialize: ({ showTranslation }) => ({ showTranslation }),
    },
  ),
);
