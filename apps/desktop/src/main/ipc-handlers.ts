import { app, dialog, ipcMain, shell, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isAppUrl } from '../services/app-scheme.ts';
import { apiOrigin } from '../services/content-security-policy.ts';
import { removeDownload, saveDownload } from '../services/downloads.ts';
import { parseInvokeArgs, type InvokeArgs, type InvokeChannel } from '../services/ipc-contract.ts';
import { isDirectory, scanLocalMusic } from '../services/local-folders.ts';
import type { ShellSettingsStore } from '../services/shell-settings.ts';
import type { LyricWindowController } from './lyric-window.ts';

export interface IpcContext {
  /** the music server's port; rejects when it could not start */
  port: Promise<number>;
  settings: ShellSettingsStore;
  window: () => BrowserWindow | null;
  lyricWindow: LyricWindowController;
}

/** The download folder: the setting, or the OS music folder + /Cloudtune. */
export const downloadDirectoryOf = (settings: ShellSettingsStore): string =>
  settings.get().downloadDirectory ?? join(app.getPath('music'), 'Cloudtune');

/** Where local files may be played from: the download folder and the checked 本地音乐 folders. */
export const localFileRoots = (settings: ShellSettingsStore): string[] => [
  downloadDirectoryOf(settings),
  ...settings
    .get()
    .localFolders.filter((f) => f.checked)
    .map((f) => f.path),
];

/**
 * One handler per channel. Each checks that the caller is a frame of the desktop build and
 * parses its arguments (services/ipc-contract.ts) before doing anything.
 */
function handle<C extends InvokeChannel>(channel: C, run: (...args: InvokeArgs<C>) => unknown): void {
  ipcMain.handle(channel, (event: IpcMainInvokeEvent, ...args: unknown[]) => {
    if (!isAppUrl(event.senderFrame?.url ?? '')) throw new Error(`${channel}: refused for ${event.senderFrame?.url ?? 'an unknown frame'}`);
    return run(...parseInvokeArgs(channel, args));
  });
}

export function registerIpcHandlers({ port, settings, window, lyricWindow }: IpcContext): void {
  const downloadDirectory = () => downloadDirectoryOf(settings);

  handle('cloudtune:get-port', () => port);

  handle('cloudtune:choose-folder', async (options) => {
    const dialogOptions: Electron.OpenDialogOptions = {
      title: options?.title,
      defaultPath: options?.defaultPath,
      properties: ['openDirectory', 'createDirectory'],
    };
    const parent = window();
    const result = parent ? await dialog.showOpenDialog(parent, dialogOptions) : await dialog.showOpenDialog(dialogOptions);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  });

  handle('cloudtune:open-folder', async (path) => {
    // Only folders: shell.openPath on a file would run or open it.
    if (!(await isDirectory(path))) throw new Error(`not a folder: ${path}`);
    const failure = await shell.openPath(path);
    if (failure) throw new Error(failure);
  });

  handle('cloudtune:settings-get', () => settings.get());
  handle('cloudtune:settings-update', (patch) => settings.update(patch));

  handle('cloudtune:downloads-get-directory', downloadDirectory);
  handle('cloudtune:downloads-set-directory', async (path) => {
    await mkdir(path, { recursive: true });
    return (await settings.update({ downloadDirectory: path })).downloadDirectory ?? downloadDirectory();
  });
  handle('cloudtune:downloads-save', async (request) =>
    saveDownload(request, { directory: downloadDirectory(), serverOrigin: apiOrigin(await port) }),
  );
  handle('cloudtune:downloads-remove', (path) => removeDownload(path, downloadDirectory()));

  handle('cloudtune:local-music-scan', (folders) => scanLocalMusic(folders));

  handle('cloudtune:lyric-window-set-visible', (visible) => lyricWindow.setVisible(visible));
  handle('cloudtune:lyric-window-update', (state) => lyricWindow.update(state));
  handle('cloudtune:lyric-window-click-through', (on) => lyricWindow.setClickThrough(on));
}
