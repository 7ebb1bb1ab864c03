import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { createThrottledStorage } from '../../lib/throttled-storage.ts';

/** How many recent keywords 搜索历史 keeps. */
export const SEARCH_HISTORY_LIMIT = 10;

interface SearchHistoryState {
  /** most recent first, no duplicates (compared without case or surrounding space) */
  keywords: string[];
  remember: (keyword: string) => void;
  forget: (keyword: string) => void;
  clear: () => void;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** 搜索历史: the keywords searched lately, kept on this device. */
export const useSearchHistory = create<SearchHistoryState>()(
  persist(
    (set) => ({
      keywords: [],
      remember: (keyword) => {
        const k = keyword.trim();
        if (k) set(({ keywords }) => ({ keywords: [k, ...keywords.filter((x) => !same(x, k))].slice(0, SEARCH_HISTORY_LIMIT) }));
      },
      forget: (keyword) => set(({ keywords }) => ({ keywords: keywords.filter((x) => x !== keyword) })),
      clear: () => set({ keywords: [] }),
    }),
    {
      name: 'cloudtune-search-history',
      version: 1,
      storage: createThrottledStorage(),
      partialize: ({ keywords }) => ({ keywords }),
    },
  ),
);
