/**
 * The preload script (sandboxed, context-isolated): exposes `window.cloudtune`, one module per
 * capability, and nothing else. No Node or Electron object reaches the page; every call is an
 * IPC invoke whose arguments the main process validates.
 */
import { contextBridge } from 'electron';
import type { DesktopBridge } from '@cloudtune/desktop-bridge';
import { commands } from './commands.ts';
import { dialogs } from './dialogs.ts';
import { downloads } from './downloads.ts';
import { localMusic } from './local-music.ts';
import { lyricWindow } from './lyric-window.ts';
import { openFolder } from './open-folder.ts';
import { port } from './port.ts';
import { settings } from './settings.ts';

const bridge: DesktopBridge = { ...port, ...dialogs, ...openFolder, ...commands, ...settings, ...downloads, ...localMusic, ...lyricWindow };

contextBridge.exposeInMainWorld('cloudtune', bridge);
