import { ipcRenderer, type IpcRendererEvent } from 'electron';
import type { DesktopBridge, PlayerCommand } from '@cloudtune/desktop-bridge';
import { COMMAND_CHANNEL, isPlayerCommand } from '../services/player-commands.ts';

/** Commands: the tray menu and the media keys; the IPC event itself never reaches the page. */
export const commands: Pick<DesktopBridge, 'onCommand'> = {
  onCommand(listener: (command: PlayerCommand) => void) {
    const forward = (_event: IpcRendererEvent, command: unknown) => {
      if (isPlayerCommand(command)) listener(command);
    };
    ipcRenderer.on(COMMAND_CHANNEL, forward);
    return () => void ipcRenderer.removeListener(COMMAND_CHANNEL, forward);
  },
};
