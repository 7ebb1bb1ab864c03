import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** A downloaded song (Song: size, dlt = download time; type tag download). */
export interface DownloadedSong {
  id: number;
  name: string;
  ar: { id: number; name: string | null }[];
  al: { id: number; name: string | null; picUrl?: string | null };
  dt: number;
  alia?: string[];
  size: number;
  /** download time, ms */
  dlt: number;
  /** desktop: the file in the download folder */
  path?: string;
}

interface DownloadsState {
  /** newest first */
  songs: DownloadedSong[];
  add: (song: DownloadedSong) => void;
  remove: (id: number) => void;
}

const isSong = (s: unknown): s is DownloadedSong =>
  typeof s === 'object' &&
  s !== null &&
  typeof (s as DownloadedSong).id === 'number' &&
  typeof (s as DownloadedSong).name === 'string' &&
  Array.isArray((s as DownloadedSong).ar) &&
  typeof (s as DownloadedSong).al === 'object' &&
  typeof (s as DownloadedSong).size === 'number' &&
  typeof (s as DownloadedSong).dlt === 'number';

/** Downloads are persisted locally (the audio itself is in Cache Storage or a file). */
export const useDownloadsStore = create<DownloadsState>()(
  persist(
    (set) => ({
      songs: [],
      add: (song) => set((s) => ({ songs: [song, ...s.songs.filter((d) => d.id !== song.id)] })),
      remove: (id) => set((s) => ({ songs: s.songs.filter((d) => d.id !== id) })),
    }),
    {
      name: 'cloudtune-downloads',
      version: 1,
      partialize: ({ songs }) => ({ songs }),
      merge: (persisted, current) => {
        const saved = (persisted as { songs?: unknown } | undefined)?.songs;
        return { ...current, songs: Array.isArray(saved) ? saved.filter(isSong) : [] };
      },
    },
  ),
);
