import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, useSettingsStore } from '../settings.store.ts';
import { DownloadSettings } from './download-settings.tsx';

describe('下载 on the desktop with the shell', () => {
  const asked: unknown[] = [];
  beforeEach(() => {
    useSettingsStore.setState(DEFAULT_SETTINGS);
    asked.length = 0;
    window.cloudtune = {
      chooseFolder: async (options) => (asked.push(options), '/home/me/下载/歌'),
      downloads: {
        getDirectory: async () => '/home/me/Music/Cloudtune',
        setDirectory: async (path) => path,
        save: async () => ({ path: '', size: 0 }),
        remove: async () => {},
      },
    };
  });
  afterEach(() => delete window.cloudtune);

  it('shows the folder the shell uses, and 更改目录 picks another through the native dialog', async () => {
    const user = userEvent.setup();
    render(<DownloadSettings platform="desktop" />);
    const folder = screen.getByRole('textbox', { name: '下载目录' });
    await waitFor(() => expect(folder.getAttribute('placeholder')).toBe('/home/me/Music/Cloudtune'));
    await user.click(screen.getByRole('button', { name: '更改目录' }));
    await waitFor(() => expect(useSettingsStore.getState().downloadDir).toBe('/home/me/下载/歌'));
    expect(asked).toEqual([{ title: '下载目录', defaultPath: '/home/me/Music/Cloudtune' }]);
    expect((folder as HTMLInputElement).value).toBe('/home/me/下载/歌');
  });
});
