import type { DesktopBridge, LocalTrackFile } from '@cloudtune/desktop-bridge';
import { invoke } from './invoke.ts';

/** Local music: the audio files in the folders the user chose (本地音乐). */
export const localMusic: Pick<DesktopBridge, 'localMusic'> = {
  localMusic: {
    scan: (folders: string[]) => invoke<'cloudtune:local-music-scan', LocalTrackFile[]>('cloudtune:local-music-scan', folders),
  },
};
