import type { DesktopBridge, ShellSettings } from '@cloudtune/desktop-bridge';
import { invoke } from './invoke.ts';

/** Settings: the shell's own (close to tray), kept by the main process. */
export const settings: Pick<DesktopBridge, 'settings'> = {
  settings: {
    get: () => invoke<'cloudtune:settings-get', ShellSettings>('cloudtune:settings-get'),
    update: (patch: Partial<ShellSettings>) => invoke<'cloudtune:settings-update', ShellSettings>('cloudtune:settings-update', patch),
  },
};
