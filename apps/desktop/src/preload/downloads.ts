import type { DesktopBridge, DownloadedFile, DownloadRequest } from '@cloudtune/desktop-bridge';
import { invoke } from './invoke.ts';

/** Downloads: the download folder (下载管理) and saving a song into it. */
export const downloads: Pick<DesktopBridge, 'downloads'> = {
  downloads: {
    getDirectory: () => invoke<'cloudtune:downloads-get-directory', string>('cloudtune:downloads-get-directory'),
    setDirectory: (path: string) => invoke<'cloudtune:downloads-set-directory', string>('cloudtune:downloads-set-directory', path),
    save: (request: DownloadRequest) => invoke<'cloudtune:downloads-save', DownloadedFile>('cloudtune:downloads-save', request),
    remove: (path: string) => invoke<'cloudtune:downloads-remove', void>('cloudtune:downloads-remove', path),
  },
};
