import type { DesktopBridge } from '../bridge.ts';
import { invoke } from './invoke.ts';

/** Lyric window: the desktop lyric (桌面歌词) shown or hidden. */
export const lyricWindow: Pick<DesktopBridge, 'lyricWindow'> = {
  lyricWindow: {
    setVisible: (visible: boolean) => invoke<'cloudtune:lyric-window-set-visible', boolean>('cloudtune:lyric-window-set-visible', visible),
  },
};
