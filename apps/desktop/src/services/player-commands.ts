import type { PlayerCommand } from '@cloudtune/desktop-bridge';

/**
 * The tray menu and the global media keys both become player commands, sent to the renderer
 * over IPC; the renderer's player does the rest (the shell never holds player state).
 */
/** Main → renderer: a player command from the tray or a media key. */
export const COMMAND_CHANNEL = 'cloudtune:command';

export const PLAYER_COMMANDS: readonly PlayerCommand[] = ['play-pause', 'previous', 'next'];

export const isPlayerCommand = (value: unknown): value is PlayerCommand => PLAYER_COMMANDS.includes(value as PlayerCommand);

/** Electron accelerator names of the media keys → commands. */
export const MEDIA_KEY_COMMANDS: Readonly<Record<string, PlayerCommand>> = {
  MediaPlayPause: 'play-pause',
  MediaPreviousTrack: 'previous',
  MediaNextTrack: 'next',
};

export type TrayAction = { kind: 'command'; command: PlayerCommand } | { kind: 'lyric' } | { kind: 'show' } | { kind: 'quit' };
export type TrayMenuEntry = { label: string; action: TrayAction } | { separator: true };

export const TRAY_TOOLTIP = 'Cloudtune 云音乐';

export const TRAY_MENU: readonly TrayMenuEntry[] = [
  { label: '播放/暂停', action: { kind: 'command', command: 'play-pause' } },
  { label: '上一首', action: { kind: 'command', command: 'previous' } },
  { label: '下一首', action: { kind: 'command', command: 'next' } },
  { separator: true },
  { label: '桌面歌词', action: { kind: 'lyric' } },
  { label: '显示主窗口', action: { kind: 'show' } },
  { label: '退出', action: { kind: 'quit' } },
];

export interface ShellActions {
  /** sends a command to the renderer (and shows nothing) */
  sendCommand(command: PlayerCommand): void;
  /** shows, restores and focuses the main window */
  showWindow(): void;
  /** opens or closes the desktop lyric window (桌面歌词) */
  toggleLyricWindow(): void;
  /** quits for real, even when closing goes to the tray */
  quit(): void;
}

export function runTrayAction(action: TrayAction, shell: ShellActions): void {
  if (action.kind === 'command') shell.sendCommand(action.command);
  else if (action.kind === 'lyric') shell.toggleLyricWindow();
  else if (action.kind === 'show') shell.showWindow();
  else shell.quit();
}

/** The command a media key stands for, or undefined for another accelerator. */
export const mediaKeyCommand = (accelerator: string): PlayerCommand | undefined =>
  Object.hasOwn(MEDIA_KEY_COMMANDS, accelerator) ? MEDIA_KEY_COMMANDS[accelerator] : undefined;
