import { Menu, Tray, globalShortcut, nativeImage } from 'electron';
import { MEDIA_KEY_COMMANDS, TRAY_MENU, TRAY_TOOLTIP, runTrayAction, type ShellActions } from '../services/player-commands.ts';

/** The tray icon and its menu (播放/暂停, 上一首, 下一首, 显示主窗口, 退出); a click shows the window. */
export function createTray(icon: string, actions: ShellActions): Tray {
  const tray = new Tray(nativeImage.createFromPath(icon));
  tray.setToolTip(TRAY_TOOLTIP);
  tray.setContextMenu(
    Menu.buildFromTemplate(
      TRAY_MENU.map((entry) =>
        'separator' in entry ? { type: 'separator' as const } : { label: entry.label, click: () => runTrayAction(entry.action, actions) },
      ),
    ),
  );
  tray.on('click', () => actions.showWindow());
  return tray;
}

/** The keyboard's media keys, wherever the focus is; a key another program holds is skipped. */
export function registerMediaKeys(actions: ShellActions): void {
  for (const [accelerator, command] of Object.entries(MEDIA_KEY_COMMANDS)) {
    if (!globalShortcut.register(accelerator, () => actions.sendCommand(command))) {
      console.warn(`[cloudtune] the ${accelerator} key is taken by another program`);
    }
  }
}
