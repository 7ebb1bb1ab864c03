import { describe, expect, it } from 'vitest';
import {
  MEDIA_KEY_COMMANDS,
  PLAYER_COMMANDS,
  TRAY_MENU,
  isPlayerCommand,
  mediaKeyCommand,
  runTrayAction,
} from '../src/services/player-commands.ts';
import type { PlayerCommand } from '@cloudtune/desktop-bridge';

function recorder() {
  const calls: string[] = [];
  return {
    calls,
    shell: {
      sendCommand: (command: PlayerCommand) => calls.push(`command:${command}`),
      showWindow: () => calls.push('show'),
      toggleLyricWindow: () => calls.push('lyric'),
      quit: () => calls.push('quit'),
    },
  };
}

describe('tray and media keys', () => {
  it('offers play/pause, previous, next, the desktop lyrics, show and quit in the tray, in that order', () => {
    const labels = TRAY_MENU.map((entry) => ('label' in entry ? entry.label : '-'));
    expect(labels).toEqual(['播放/暂停', '上一首', '下一首', '-', '桌面歌词', '显示主窗口', '退出']);
  });

  it('turns each tray entry into its action', () => {
    const { calls, shell } = recorder();
    for (const entry of TRAY_MENU) if ('action' in entry) runTrayAction(entry.action, shell);
    expect(calls).toEqual(['command:play-pause', 'command:previous', 'command:next', 'lyric', 'show', 'quit']);
  });

  it('maps the three media keys to the same commands as the tray', () => {
    expect(MEDIA_KEY_COMMANDS).toEqual({ MediaPlayPause: 'play-pause', MediaPreviousTrack: 'previous', MediaNextTrack: 'next' });
    expect(mediaKeyCommand('MediaNextTrack')).toBe('next');
    expect(mediaKeyCommand('MediaStop')).toBeUndefined();
    expect(mediaKeyCommand('toString')).toBeUndefined();
    const trayCommands = TRAY_MENU.flatMap((e) => ('action' in e && e.action.kind === 'command' ? [e.action.command] : []));
    expect(new Set(Object.values(MEDIA_KEY_COMMANDS))).toEqual(new Set(trayCommands));
  });

  it('knows a command when it sees one', () => {
    for (const command of PLAYER_COMMANDS) expect(isPlayerCommand(command)).toBe(true);
    expect(isPlayerCommand('stop')).toBe(false);
    expect(isPlayerCommand(undefined)).toBe(false);
  });
});
