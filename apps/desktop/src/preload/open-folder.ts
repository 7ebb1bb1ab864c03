import type { DesktopBridge } from '@cloudtune/desktop-bridge';
import { invoke } from './invoke.ts';

/** Open folder: 打开目录 shows a folder in the OS file manager (never opens a file). */
export const openFolder: Pick<DesktopBridge, 'openFolder'> = {
  openFolder: (path: string) => invoke<'cloudtune:open-folder', void>('cloudtune:open-folder', path),
};
