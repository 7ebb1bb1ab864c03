import { create } from 'zustand';

/** The phone's full-screen now-playing view: open or not (transient, never persisted). */
export const useNowPlaying = create<{ open: boolean; setOpen: (open: boolean) => void }>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
