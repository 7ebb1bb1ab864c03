import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../features/auth/index.ts';
import { toPlayable, usePlayerStore } from '../../features/player/index.ts';
import { renderApp } from '../../test/render-app.tsx';
import { server } from '../../test/msw.ts';
import { nextSizes } from '../../lib/screen-size.ts';
import { useNowPlaying } from './now-playing.store.ts';
import { useWindowSizes } from './use-window-size.ts';

const song = (id: number, name: string) =>
  toPlayable({ id, name, ar: [{ id: 0, name: '歌手' }], al: { id: 0, name: '专辑' }, dt: 200_000 }, 'stack');

const setWidth = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  useWindowSizes.setState(nextSizes(null, width), true);
  document.documentElement.dataset.screen = useWindowSizes.getState().screen;
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  setWidth(1024);
  useNowPlaying.setState({ open: false });
});
afterAll(() => server.close());
beforeEach(() => {
  useAuthStore.setState({ user: null, show: false });
  // A phone's width: the shell writes its size class (xs) on <html> as it mounts.
  setWidth(390);
});

describe('the phone frame (under 600 px)', () => {
  it('has the four tabs and the mini player, no sidebar', async () => {
    renderApp('/music/recommend');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['发现音乐', '搜索', '我的音乐', '下载管理']);
    expect(within(nav).getByRole('link', { name: '我的音乐' }).getAttribute('href')).toBe('/my-music');
    expect(screen.getByTestId('mini-player')).toBeTruthy();
    expect(screen.queryByTestId('player-bar')).toBeNull();
  });

  it('a tap on the mini player opens the now-playing view with the player controls; 收起播放页 closes it', async () => {
    act(() => usePlayerStore.setState({ current: song(1, '晴天'), queue: [song(1, '晴天'), song(2, '七里香')] }));
    renderApp('/music/recommend');
    await userEvent.click(await screen.findByRole('button', { name: '打开播放页' }));
    const view = await screen.findByRole('dialog', { name: '正在播放' });
    for (const name of ['播放模式', '上一首', '下一首', '播放列表', '音效', '歌词'])
      expect(within(view).getByRole('button', { name })).toBeTruthy();
    await userEvent.click(within(view).getByRole('button', { name: '收起播放页' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '正在播放' })).toBeNull());
  });
});
