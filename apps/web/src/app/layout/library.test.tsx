import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recorded } from '@cloudtune/ncm-fixtures';
import { useAuthStore, type AuthUser } from '../../features/auth/index.ts';
import type { UserPlaylistItem } from '../../features/my-music/index.ts';
import { usePlayerStore } from '../../features/player/index.ts';
import { wireHttp } from '../http-wiring.ts';
import { renderApp } from '../../test/render-app.tsx';
import { api, fixtures, http, HttpResponse, server } from '../../test/msw.ts';

/** Likes and own playlists in the app: hearts in rows and the player bar, the sidebar's sections, 收藏到歌单. */
const user: AuthUser = { profile: { userId: 7, nickname: '小云' }, account: { id: 7 } };
const playlists: UserPlaylistItem[] = [
  { id: 501, name: '小云喜欢的音乐', userId: 7, specialType: 5, subscribed: false, trackCount: 1 },
  { id: 502, name: '通勤路上', userId: 7, subscribed: false, trackCount: 0 },
  { id: 503, name: '别人的歌单', userId: 9, subscribed: true, trackCount: 10 },
];
const playlist = fixtures.playlistDetail.playlist;
const [first, second] = playlist.tracks;

let liked: number[];
const calls: URLSearchParams[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  liked = [first!.id];
  calls.length = 0;
  useAuthStore.setState({ user, show: false });
  usePlayerStore.setState({ queue: [], history: [], current: null, playMode: 'turn', shuffle: null });
  const record = (request: Request) => calls.push(new URL(request.url).searchParams);
  server.use(
    http.get(api('/likelist'), () => HttpResponse.json({ code: 200, ids: liked })),
    http.get(api('/user/playlist'), () => HttpResponse.json({ code: 200, more: false, version: '0', playlist: playlists })),
    http.get(api('/like'), ({ request }) => {
      record(request);
      return HttpResponse.json({ code: 200 });
    }),
    http.get(api('/playlist/tracks'), ({ request }) => {
      record(request);
      return HttpResponse.json({ code: 200, status: 200, body: { code: 200 } });
    }),
  );
});

const row = (id: number) => screen.getAllByTestId('song-row').find((r) => r.dataset.songId === String(id))!;

describe('the library in the app', () => {
  it('the sidebar shows 我喜欢的音乐 first under 创建的歌单, then 收藏的歌单; 个性推荐 shows the daily playlists', async () => {
    const resource = recorded<{ recommend: { name: string }[] }>('recommend_resource');
    server.use(http.get(api('/recommend/resource'), () => HttpResponse.json(resource)));
    renderApp('/music/recommend');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    // The playlists are a query: the sections fill once /user/playlist has answered.
    await within(nav).findByRole('region', { name: '收藏的歌单' });
    const created = within(nav).getByRole('region', { name: '创建的歌单' });
    expect(
      within(created)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['我喜欢的音乐', '通勤路上']);
    expect(within(created).getAllByRole('link')[0]!.getAttribute('href')).toBe('/list/song/501');
    const collected = within(nav).getByRole('region', { name: '收藏的歌单' });
    expect(
      within(collected)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['别人的歌单']);
    expect(within(created).getByRole('button', { name: '新建歌单' })).toBeTruthy();
    // Logged in, the grid after the daily card is /recommend/resource's.
    await waitFor(() => expect(screen.getAllByTestId('playlist-card').length).toBeGreaterThan(1));
    expect(screen.getByText(resource.recommend[0]!.name)).toBeTruthy();
  });

  it('rows show the liked songs; a heart likes at once and tells the server; a refusal puts it back', async () => {
    renderApp(`/list/song/${playlist.id}`);
    await waitFor(() => expect(within(row(first!.id)).getByRole('button', { name: '取消喜欢' }).getAttribute('aria-pressed')).toBe('true'));
    await userEvent.click(within(row(second!.id)).getByRole('button', { name: '喜欢' }));
    expect(within(row(second!.id)).getByRole('button', { name: '取消喜欢' })).toBeTruthy();
    expect(await screen.findByText('收藏成功')).toBeTruthy();
    expect(calls.map((c) => [c.get('id'), c.get('like')])).toEqual([[String(second!.id), 'true']]);

    server.use(http.get(api('/like'), () => HttpResponse.json({ code: 502, msg: '服务繁忙' }, { status: 502 })));
    await userEvent.click(within(row(first!.id)).getByRole('button', { name: '取消喜欢' }));
    expect(await screen.findByText('取消收藏失败：服务繁忙')).toBeTruthy();
    expect(within(row(first!.id)).getByRole('button', { name: '取消喜欢' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('the player bar’s heart follows the playing song', async () => {
    renderApp(`/list/song/${playlist.id}`);
    await userEvent.dblClick(await screen.findByText(first!.name));
    const bar = screen.getByTestId('player-bar');
    await waitFor(() => expect(within(bar).getByRole('button', { name: '取消喜欢' }).getAttribute('aria-pressed')).toBe('true'));
    await userEvent.click(within(bar).getByRole('button', { name: '取消喜欢' }));
    await waitFor(() => expect(within(bar).getByRole('button', { name: '喜欢' }).getAttribute('aria-pressed')).toBe('false'));
    expect(calls.map((c) => [c.get('id'), c.get('like')])).toEqual([[String(first!.id), 'false']]);
  });

  it('收藏到歌单 lists one’s own playlists (我喜欢的音乐 first, 新建歌单 on top) and adds the song', async () => {
    renderApp(`/list/song/${playlist.id}`);
    await screen.findByText(second!.name);
    fireEvent.contextMenu(row(second!.id), { clientX: 100, clientY: 100 });
    await userEvent.click(within(screen.getByTestId('song-menu')).getByRole('menuitem', { name: '收藏到歌单' }));
    // The dialog loads with its first opening.
    const dialog = await screen.findByTestId('add-to-playlist-dialog');
    const entries = within(dialog)
      .getAllByRole('button')
      .filter((b) => b.getAttribute('aria-label') !== '关闭');
    expect(entries.map((b) => b.textContent)).toEqual(['新建歌单', '我喜欢的音乐1首', '通勤路上0首']);
    await userEvent.click(entries[2]!);
    expect(await screen.findByText('收藏成功')).toBeTruthy();
    expect(calls.map((c) => [c.get('op'), c.get('pid'), c.get('tracks')])).toEqual([['add', '502', String(second!.id)]]);
    await waitFor(() => expect(screen.queryByTestId('add-to-playlist-dialog')).toBeNull());
  });

  it('a stored session the server has ended: the hearts and daily playlists fail quietly, no login view pops up', async () => {
    // Body code 301 (an HTTP 301 without Location makes the test's fetch follow a redirect to "null").
    const ended = () => HttpResponse.json({ code: 301, msg: '需要登录' });
    server.use(http.get(api('/likelist'), ended), http.get(api('/recommend/resource'), ended));
    // The app's 301 flow, as main.tsx installs it: a call marked `auth` would log out and open the login view.
    const unwire = wireHttp();
    try {
      renderApp('/music/recommend');
      // The default playlists stand in for the personal ones.
      expect(await screen.findByText(fixtures.personalized.result[0]!.name)).toBeTruthy();
      expect(useAuthStore.getState().show).toBe(false);
      expect(useAuthStore.getState().user).toEqual(user);
      expect(screen.queryByTestId('login-view')).toBeNull();
    } finally {
      unwire();
    }
  });

  it('logged out: no hearts and no 收藏到歌单', async () => {
    useAuthStore.setState({ user: null });
    renderApp(`/list/song/${playlist.id}`);
    await screen.findByText(second!.name);
    expect(screen.queryByRole('button', { name: '喜欢' })).toBeNull();
    fireEvent.contextMenu(row(second!.id), { clientX: 100, clientY: 100 });
    expect(within(screen.getByTestId('song-menu')).queryByRole('menuitem', { name: '收藏到歌单' })).toBeNull();
  });
});
