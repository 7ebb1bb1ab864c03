import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../features/auth/index.ts';
import { usePlayerStore } from '../../features/player/index.ts';
import { formatDate } from '../../lib/format.ts';
import { renderApp } from '../../test/render-app.tsx';
import { api, fixtures, http, HttpResponse, server } from '../../test/msw.ts';

/** Playlist and album pages rendered from the real recorded /playlist/detail and /album bodies. */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  useAuthStore.setState({ user: null, show: false });
  usePlayerStore.setState({ queue: [], history: [], current: null });
});

const playlist = fixtures.playlistDetail.playlist;

describe('/list/song/:id', () => {
  it('renders the header and one row per track', async () => {
    renderApp(`/list/song/${playlist.id}`);
    expect(await screen.findByRole('heading', { name: `歌单${playlist.name}` })).toBeTruthy();
    expect(screen.getByText(playlist.creator.nickname)).toBeTruthy();
    expect(screen.getByText('2015-10-24 创建')).toBeTruthy();
    const rows = screen.getAllByTestId('song-row');
    expect(rows.map((r) => Number(r.dataset.songId))).toEqual(playlist.tracks.map((t) => t.id));
    const first = playlist.tracks[0]!;
    expect(within(rows[0]!).getByText(first.name)).toBeTruthy();
    expect(within(rows[0]!).getByText(first.ar[0]!.name!)).toBeTruthy();
    expect(within(rows[0]!).getByText('04:08')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${playlist.name} - Cloudtune`));
  });

  it('double-click plays that row with the whole list as the queue, and marks it', async () => {
    renderApp(`/list/song/${playlist.id}`);
    const rows = await screen.findAllByTestId('song-row');
    await userEvent.dblClick(rows[2]!);
    expect(usePlayerStore.getState().current?.id).toBe(playlist.tracks[2]!.id);
    expect(usePlayerStore.getState().queue.map((s) => s.id)).toEqual(playlist.tracks.map((t) => t.id));
    await waitFor(() => expect(screen.getAllByTestId('song-row')[2]!.getAttribute('aria-current')).toBe('true'));
  });

  it('播放全部 replaces the queue and plays the first song', async () => {
    usePlayerStore.getState().addToQueue([{ id: 1, name: 'x', ar: [], al: { id: 1, name: 'y' }, dt: 1 }]);
    renderApp(`/list/song/${playlist.id}`);
    await userEvent.click(await screen.findByRole('button', { name: /播放全部/ }));
    expect(usePlayerStore.getState().current?.id).toBe(playlist.tracks[0]!.id);
    expect(usePlayerStore.getState().queue).toHaveLength(playlist.tracks.length);
  });

  it('收藏 opens the login view when nobody is logged in', async () => {
    renderApp(`/list/song/${playlist.id}`);
    await userEvent.click(await screen.findByRole('button', { name: /收藏/ }));
    expect(useAuthStore.getState().show).toBe(true);
  });

  it('fetches the tracks /playlist/detail left out through /song/detail', async () => {
    const extra = fixtures.songDetail.songs[0]!;
    const short = {
      ...fixtures.playlistDetail,
      playlist: { ...playlist, trackIds: [...playlist.trackIds, { id: extra.id, v: 1, at: 0 }] },
    };
    let asked = '';
    server.use(
      http.get(api('/playlist/detail'), () => HttpResponse.json(short)),
      http.get(api('/song/detail'), ({ request }) => {
        asked = new URL(request.url).searchParams.get('ids') ?? '';
        return HttpResponse.json(fixtures.songDetail);
      }),
    );
    renderApp(`/list/song/${playlist.id}`);
    await waitFor(() => expect(screen.getAllByTestId('song-row').some((r) => r.dataset.songId === String(extra.id))).toBe(true));
    // only the ids missing from `tracks` are asked for
    expect(asked.split(',').map(Number)).toEqual([1488737309, extra.id]);
  });

  it('virtualizes long lists: 5,000 tracks render only a window of rows', async () => {
    const tracks = Array.from({ length: 5000 }, (_, i) => ({ ...playlist.tracks[0]!, id: i + 1, name: `第 ${i + 1} 首` }));
    const big = { ...fixtures.playlistDetail, playlist: { ...playlist, tracks, trackIds: tracks.map((t) => ({ id: t.id, v: 1, at: 0 })) } };
    server.use(http.get(api('/playlist/detail'), () => HttpResponse.json(big)));
    renderApp(`/list/song/${playlist.id}`);
    const rows = await screen.findAllByTestId('song-row');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(100);
  });
});

describe('/list/album/:id', () => {
  it('renders the album header and its songs', async () => {
    const { album, songs } = fixtures.album;
    renderApp(`/list/album/${album.id}`);
    expect(await screen.findByRole('heading', { name: `专辑${album.name}` })).toBeTruthy();
    expect(screen.getByText(`时间：${formatDate(album.publishTime)}`)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: album.artist.name })[0]!.getAttribute('href')).toBe(`/artist/${album.artist.id}`);
    expect(screen.getAllByTestId('song-row').map((r) => Number(r.dataset.songId))).toEqual(songs.map((s) => s.id));
  });
});

describe('a list that cannot be shown', () => {
  it('says the playlist does not exist when the server answers 404, with no pointless retry', async () => {
    server.use(http.get(api('/playlist/detail'), () => HttpResponse.json({ code: 404, msg: 'playlist 999 not found' }, { status: 404 })));
    renderApp('/list/song/999');
    expect(await screen.findByText('歌单不存在')).toBeTruthy();
    expect(screen.queryByText('请求失败，点击重新加载')).toBeNull();
  });

  it('says the album does not exist when the server answers 404', async () => {
    server.use(http.get(api('/album'), () => HttpResponse.json({ code: 404, msg: 'album 999 not found' }, { status: 404 })));
    renderApp('/list/album/999');
    expect(await screen.findByText('专辑不存在')).toBeTruthy();
  });

  it('offers a retry after a server failure, and the retry loads the playlist', async () => {
    let calls = 0;
    server.use(
      http.get(api('/playlist/detail'), () =>
        ++calls === 1
          ? HttpResponse.json({ code: 500, msg: '服务器内部错误' }, { status: 500 })
          : HttpResponse.json(fixtures.playlistDetail),
      ),
    );
    renderApp(`/list/song/${playlist.id}`);
    await userEvent.click(await screen.findByText('请求失败，点击重新加载'));
    expect(await screen.findByRole('heading', { name: `歌单${playlist.name}` })).toBeTruthy();
  });
});
