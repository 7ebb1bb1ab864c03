import type { ChooseFolderOptions, DesktopBridge } from '@cloudtune/desktop-bridge';
import { invoke } from './invoke.ts';

/** Dialogs: the OS folder picker (本地音乐 添加文件夹, the download folder). */
export const dialogs: Pick<DesktopBridge, 'chooseFolder'> = {
  chooseFolder: (options?: ChooseFolderOptions) => invoke<'cloudtune:choose-folder', string | null>('cloudtune:choose-folder', options),
};
