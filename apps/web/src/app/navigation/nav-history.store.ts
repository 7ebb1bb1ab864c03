import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { emptyHistory, goBack, goForward, visit, type NavHistory } from '../../lib/nav-history.ts';

/**
 * The top bar's back/forward history, persisted. The rules live in
 * lib/nav-history.ts; this store only keeps the value and the time source.
 */
interface NavHistoryState {
  history: NavHistory;
  visit: (url: string, now?: number) => void;
  /** moves back and returns the url to show, or null when there is none */
  back: (now?: number) => string | null;
  forward: (now?: number) => string | null;
}

export const useNavHistory = create<NavHistoryState>()(
  persist(
    (set, get) => {
      const move = (step: typeof goBack, now: number) => {
        const before = get().history;
        const after = step(before, now);
        if (after.current?.url === before.current?.url) return null;
        set({ history: after });
        return after.current?.url ?? null;
      };
      return {
        history: emptyHistory(),
        visit: (url, now = Date.now()) => set(({ history }) => ({ history: visit(history, url, now) })),
        back: (now = Date.now()) => move(goBack, now),
        forward: (now = Date.now()) => move(goForward, now),
      };
    },
    { name: 'cloudtune-nav-history', version: 1, storage: createJSONStorage(() => localStorage) },
  ),
);
