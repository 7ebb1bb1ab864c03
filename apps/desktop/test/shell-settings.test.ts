import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHELL_SETTINGS, openShellSettings } from '../src/services/shell-settings.ts';

const temp = mkdtempSync(join(tmpdir(), 'cloudtune-settings-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('the shell settings file', () => {
  it('starts with closing to the tray off', async () => {
    const settings = await openShellSettings(join(temp, 'none', 'settings.json'));
    expect(settings.get()).toEqual(DEFAULT_SHELL_SETTINGS);
    expect(settings.get().closeToTray).toBe(false);
  });

  it('keeps a change across restarts', async () => {
    const file = join(temp, 'kept', 'settings.json');
    const first = await openShellSettings(file);
    await first.update({ closeToTray: true });
    await first.update({ downloadDirectory: '/home/me/下载' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ closeToTray: true, downloadDirectory: '/home/me/下载', localFolders: [] });
    expect((await openShellSettings(file)).get()).toEqual({ closeToTray: true, downloadDirectory: '/home/me/下载', localFolders: [] });
  });

  it('falls back per key on a damaged or hand-edited file', async () => {
    const file = join(temp, 'bad.json');
    writeFileSync(file, '{ not json');
    expect((await openShellSettings(file)).get()).toEqual(DEFAULT_SHELL_SETTINGS);
    writeFileSync(
      file,
      JSON.stringify({ closeToTray: true, downloadDirectory: 42, localFolders: [{ path: 'relative', checked: true }], extra: 'x' }),
    );
    expect((await openShellSettings(file)).get()).toEqual({ closeToTray: true, downloadDirectory: null, localFolders: [] });
  });

  it('refuses an unknown key or a wrong type', async () => {
    const settings = await openShellSettings(join(temp, 'strict.json'));
    await expect(settings.update({ closeToTray: 'yes' } as never)).rejects.toThrow();
    await expect(settings.update({ other: true } as never)).rejects.toThrow();
    expect(settings.get()).toEqual(DEFAULT_SHELL_SETTINGS);
  });

  it('ends with the last of several quick changes', async () => {
    const file = join(temp, 'quick.json');
    const settings = await openShellSettings(file);
    await Promise.all([
      settings.update({ closeToTray: true }),
      settings.update({ closeToTray: false }),
      settings.update({ closeToTray: true }),
    ]);
    expect(JSON.parse(readFileSync(file, 'utf8')).closeToTray).toBe(true);
  });
});
