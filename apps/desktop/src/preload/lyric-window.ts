import { ipcRenderer, type IpcRendererEvent } from 'electron';
import type { DesktopBridge, LyricWindowState } from '@cloudtune/desktop-bridge';
import { LYRIC_STATE_CHANNEL, LYRIC_VISIBILITY_CHANNEL } from '../services/lyric-window-state.ts';
import { invoke } from './invoke.ts';

const isState = (v: unknown): v is LyricWindowState => {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as LyricWindowState;
  return (
    Number.isInteger(s.songId) &&
    typeof s.song === 'string' &&
    Number.isFinite(s.time) &&
    typeof s.playing === 'boolean' &&
    Number.isFinite(s.rate) &&
    typeof s.translation === 'boolean'
  );
};

/** Lyric window: the desktop lyric (桌面歌词) shown or hidden, fed by the main window; IPC events never reach the page. */
export const lyricWindow: Pick<DesktopBridge, 'lyricWindow'> = {
  lyricWindow: {
    setVisible: (visible: boolean) => invoke<'cloudtune:lyric-window-set-visible', boolean>('cloudtune:lyric-window-set-visible', visible),
    update: (state: LyricWindowState) =>
      void invoke<'cloudtune:lyric-window-update', void>('cloudtune:lyric-window-update', state).catch(() => undefined),
    onUpdate(listener: (state: LyricWindowState) => void) {
      const forward = (_event: IpcRendererEvent, state: unknown) => isState(state) && listener(state);
      ipcRenderer.on(LYRIC_STATE_CHANNEL, forward);
      return () => void ipcRenderer.removeListener(LYRIC_STATE_CHANNEL, forward);
    },
    setClickThrough: (on: boolean) => invoke<'cloudtune:lyric-window-click-through', void>('cloudtune:lyric-window-click-through', on),
    onVisibilityChange(listener: (visible: boolean) => void) {
      const forward = (_event: IpcRendererEvent, visible: unknown) => typeof visible === 'boolean' && listener(visible);
      ipcRenderer.on(LYRIC_VISIBILITY_CHANNEL, forward);
      return () => void ipcRenderer.removeListener(LYRIC_VISIBILITY_CHANNEL, forward);
    },
  },
};
