import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { notify } from '../../lib/notice.ts';
import { desktopBridge, type LocalFolder } from '../../lib/platform.ts';
import { toLocalSong, type LocalSong } from './local-songs.ts';

interface LocalMusicState {
  /** the 选择目录 folders; the shell keeps them too (it serves files below the checked ones only) */
  folders: LocalFolder[];
  songs: LocalSong[];
  scanning: boolean;
  /** the folders as the shell has them (the first visit of the page) */
  load: () => Promise<void>;
  /** 确认 in 选择目录: the folders saved in the shell, then 同步音乐 */
  saveFolders: (folders: LocalFolder[]) => Promise<void>;
  /** 同步音乐: the checked folders scanned again */
  sync: () => Promise<void>;
}

/** Local music is persisted; the songs list is shown at once and refreshed by 同步音乐. */
export const useLocalMusicStore = create<LocalMusicState>()(
  persist(
    (set, get) => ({
      folders: [],
      songs: [],
      scanning: false,
      async load() {
        const settings = await desktopBridge()?.settings?.get();
        if (settings?.localFolders) set({ folders: settings.localFolders });
      },
      async saveFolders(folders) {
        await desktopBridge()?.settings?.update({ localFolders: folders });
        set({ folders });
        await get().sync();
      },
      async sync() {
        const scan = desktopBridge()?.localMusic?.scan;
        if (!scan) return;
        set({ scanning: true });
        try {
          const checked = get()
            .folders.filter((f) => f.checked)
            .map((f) => f.path);
          const files = checked.length ? await scan(checked) : [];
          set({ songs: files.map((f) => toLocalSong(f)) });
        } catch (error) {
          notify({ kind: 'error', message: `同步失败：${(error as Error).message}` });
        } finally {
          set({ scanning: false });
        }
      },
    }),
    {
      name: 'cloudtune-local-music',
      version: 1,
      partialize: ({ folders, songs }) => ({ folders, songs }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as { folders?: unknown; songs?: unknown };
        return {
          ...current,
          folders: Array.isArray(p.folders) ? (p.folders as LocalFolder[]) : [],
          songs: Array.isArray(p.songs) ? (p.songs as LocalSong[]) : [],
        };
      },
    },
  ),
);
