import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DownloadSettings } from '../../features/settings/components/download-settings.tsx';
import { DEFAULT_SETTINGS, useSettingsStore } from '../../features/settings/settings.store.ts';
import { DEFAULT_PLAYBACK, usePlaybackSettings } from '../../features/player/playback-settings.store.ts';
import { server } from '../../test/msw.ts';
import { renderApp } from '../../test/render-app.tsx';

/** 设置: one page of sections; the player's sections come in through the app layer. */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  usePlaybackSettings.setState(DEFAULT_PLAYBACK);
  useSettingsStore.setState(DEFAULT_SETTINGS);
});

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('设置', () => {
  it('/setting/source shows every section, the menu marking 播放源', async () => {
    renderApp('/setting/source');
    expect(await screen.findByRole('heading', { level: 1, name: '设置' })).toBeTruthy();
    const menu = within(screen.getByRole('navigation', { name: '设置分类' }));
    expect(menu.getAllByRole('link').map((a) => a.textContent)).toEqual([
      '播放源',
      '音质',
      '播放',
      '音效',
      '快捷键',
      '下载',
      '外观',
      'Subsonic',
    ]);
    expect(menu.getByRole('link', { name: '播放源' }).getAttribute('aria-current')).toBe('page');
    for (const name of ['播放源', '音质', '播放', '音效', '快捷键', '下载', '外观', 'Subsonic'])
      expect(screen.getByRole('region', { name })).toBeTruthy();
  });

  it('播放源: QQ, Kuwo and Migu are checked and cannot be removed; extras are added and removed', async () => {
    const user = userEvent.setup();
    renderApp('/setting/source');
    const sources = within(await screen.findByRole('group', { name: '播放源' }));
    for (const name of ['QQ音乐', '酷我音乐', '咪咕音乐']) {
      const box = sources.getByRole('checkbox', { name: new RegExp(name) });
      expect(box).toHaveProperty('checked', true);
      expect(box).toHaveProperty('disabled', true);
    }
    for (const name of ['百度音乐', 'JOOX', '酷狗音乐', '虾米音乐'])
      expect(sources.getByRole('checkbox', { name })).toHaveProperty('checked', false);
    await user.click(sources.getByRole('checkbox', { name: '虾米音乐' }));
    await user.click(sources.getByRole('checkbox', { name: '酷狗音乐' }));
    expect(usePlaybackSettings.getState().sources).toEqual(['qq', 'kuwo', 'migu', 'kugou', 'xiami']);
    await user.click(sources.getByRole('checkbox', { name: '虾米音乐' }));
    expect(usePlaybackSettings.getState().sources).toEqual(['qq', 'kuwo', 'migu', 'kugou']);
    expect(sources.getByRole('checkbox', { name: '虾米音乐' })).toHaveProperty('checked', false);
  });

  it('音质: 320k by default; 128k, 192k and 无损 (999000) can be chosen', async () => {
    const user = userEvent.setup();
    renderApp('/setting/quality');
    const quality = within(await screen.findByRole('radiogroup', { name: '音质' }));
    expect(quality.getByRole('radio', { name: /320k/ })).toHaveProperty('checked', true);
    await user.click(quality.getByRole('radio', { name: /128k/ }));
    expect(usePlaybackSettings.getState().bitRate).toBe(128000);
    await user.click(quality.getByRole('radio', { name: /无损/ }));
    expect(usePlaybackSettings.getState().bitRate).toBe(999000);
  });

  it('播放: 音量均衡 (自动 by default, −14 LUFS) and 淡入淡出 (关闭 by default, 1–12 秒)', async () => {
    const user = userEvent.setup();
    renderApp('/setting/playback');
    await screen.findByRole('heading', { level: 1, name: '设置' });
    const playback = section('播放');
    const modes = within(playback.getByRole('radiogroup', { name: '音量均衡' }));
    expect(modes.getAllByRole('radio').map((r) => r.nextElementSibling!.textContent)).toEqual(['关闭', '单曲', '专辑', '自动']);
    expect(modes.getByRole('radio', { name: /^自动/ })).toHaveProperty('checked', true);
    const target = within(playback.getByRole('radiogroup', { name: '目标响度' }));
    expect(target.getByRole('radio', { name: /−14 LUFS/ })).toHaveProperty('checked', true);
    await user.click(target.getByRole('radio', { name: /−18 LUFS/ }));
    await user.click(modes.getByRole('radio', { name: /^单曲/ }));
    expect(usePlaybackSettings.getState()).toMatchObject({ normalization: 'track', targetLufs: -18 });
    // 关闭 leaves nothing to aim at.
    await user.click(modes.getByRole('radio', { name: /^关闭/ }));
    expect(target.getByRole('radio', { name: /−16 LUFS/ })).toHaveProperty('disabled', true);

    const fade = playback.getByRole('slider', { name: '淡入淡出' });
    expect(fade.getAttribute('aria-valuetext')).toBe('关闭');
    fireEvent.change(fade, { target: { value: '4' } });
    expect(usePlaybackSettings.getState().crossfadeSeconds).toBe(4);
    expect(fade.getAttribute('aria-valuetext')).toBe('4 秒');
    expect(playback.getByText('4 秒', { selector: 'output' })).toBeTruthy();
  });

  it('音效 holds the same controls as the player bar’s panel', async () => {
    renderApp('/setting/effect');
    await screen.findByRole('heading', { level: 1, name: '设置' });
    const effects = section('音效');
    expect(effects.getByRole('checkbox', { name: 'FADE' })).toHaveProperty('checked', true);
    expect(effects.getByRole('radiogroup', { name: '混响' })).toBeTruthy();
    expect(effects.getByRole('radiogroup', { name: '均衡器预设' })).toBeTruthy();
    expect(effects.getByRole('radiogroup', { name: '播放速度' })).toBeTruthy();
  });

  it('快捷键 lists the keyboard; 下载 in a browser explains where downloads go', async () => {
    renderApp('/setting/shortcut');
    await screen.findByRole('heading', { level: 1, name: '设置' });
    const rows = section('快捷键')
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual([
      '播放 / 暂停Space',
      '后退 / 快进 10 秒←/→',
      '上一首 / 下一首Ctrl+←/Ctrl+→',
      '音量加 / 减Ctrl+↑/Ctrl+↓',
      '打开 / 关闭歌词面板L',
    ]);
    expect(section('下载').getByText(/浏览器的下载文件夹/)).toBeTruthy();
    expect(section('下载').queryByRole('textbox')).toBeNull();
  });

  it('下载 on the desktop: the download folder, kept, and back to the default', async () => {
    const user = userEvent.setup();
    render(<DownloadSettings platform="desktop" />);
    const folder = screen.getByRole('textbox', { name: '下载目录' });
    await user.type(folder, '/home/me/音乐');
    expect(useSettingsStore.getState().downloadDir).toBe('/home/me/音乐');
    await user.click(screen.getByRole('button', { name: '恢复默认' }));
    expect(useSettingsStore.getState().downloadDir).toBe('');
  });

  it('外观: a swatch sets the theme colour, 深色 the dark palette; the menu jumps to it', async () => {
    const user = userEvent.setup();
    const { path } = renderApp('/setting/source');
    const menu = within(await screen.findByRole('navigation', { name: '设置分类' }));
    await user.click(menu.getByRole('link', { name: '外观' }));
    expect(path()).toBe('/setting/appearance');
    expect(menu.getByRole('link', { name: '外观' }).getAttribute('aria-current')).toBe('page');
    const appearance = section('外观');
    expect(appearance.getByRole('radio', { name: '薄荷绿（默认）' })).toHaveProperty('checked', true);
    await user.click(appearance.getByRole('radio', { name: '中国红' }));
    await user.click(appearance.getByRole('radio', { name: '深色' }));
    expect(useSettingsStore.getState()).toMatchObject({ themeColor: '#ec4141', colorScheme: 'dark' });
    expect(appearance.getByText('#ec4141')).toBeTruthy();
  });
});
