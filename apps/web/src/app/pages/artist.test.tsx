import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../features/auth/index.ts';
import { usePlayerStore } from '../../features/player/index.ts';
import { formatDate } from '../../lib/format.ts';
import { renderApp } from '../../test/render-app.tsx';
import { api, fixtures, http, HttpResponse, server } from '../../test/msw.ts';

/** The artist page rendered from the real recorded /artist/detail, /artists, /artist/album, /artist/desc and /simi/artist bodies. */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  useAuthStore.setState({ user: null, show: false });
  usePlayerStore.setState({ queue: [], history: [], current: null });
});

const { artist } = fixtures.artistDetail.data;
const hotSongs = fixtures.artists.hotSongs;
const tabs = () => screen.getByRole('navigation', { name: '歌手' });

describe('/artist/:id', () => {
  it('opens on 专辑: the head, the hot songs table and the albums; the window is named after the artist', async () => {
    const app = renderApp(`/artist/${artist.id}`);
    expect(await screen.findByRole('heading', { name: `歌手${artist.name}` })).toBeTruthy();
    await waitFor(() => expect(app.path()).toBe(`/artist/${artist.id}/album`));
    expect(screen.getByText('ヨアソビ；夜游')).toBeTruthy();
    expect(screen.getByText('单曲数：').nextElementSibling!.textContent).toBe(String(artist.musicSize));
    expect(screen.getByText('专辑数：').nextElementSibling!.textContent).toBe(String(artist.albumSize));
    expect(screen.getByText('MV数：').nextElementSibling!.textContent).toBe(String(artist.mvSize));
    expect(within(tabs()).getByRole('link', { name: '专辑' }).getAttribute('aria-current')).toBe('page');

    const rows = await screen.findAllByTestId('song-row');
    expect(rows.map((r) => Number(r.dataset.songId))).toEqual(hotSongs.map((s) => s.id));
    const albums = await screen.findAllByTestId('album-card');
    expect(albums.map((a) => a.getAttribute('href'))).toEqual(fixtures.artistAlbum.hotAlbums.map((a) => `/list/album/${a.id}`));
    const firstAlbum = fixtures.artistAlbum.hotAlbums[0]!;
    expect(within(albums[0]!).getByText(`${formatDate(firstAlbum.publishTime)} · ${firstAlbum.size}首`)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${artist.name} - Cloudtune`));
  });

  it('播放热门 replaces the queue with the hot songs; a double-click plays that row', async () => {
    usePlayerStore.getState().addToQueue([{ id: 1, name: 'x', ar: [], al: { id: 1, name: 'y' }, dt: 1 }]);
    renderApp(`/artist/${artist.id}/album`);
    const play = await screen.findByRole('button', { name: /播放热门/ });
    await waitFor(() => expect(play).toHaveProperty('disabled', false));
    await userEvent.click(play);
    expect(usePlayerStore.getState().current?.id).toBe(hotSongs[0]!.id);
    expect(usePlayerStore.getState().queue.map((s) => s.id)).toEqual(hotSongs.map((s) => s.id));

    await userEvent.dblClick(screen.getAllByTestId('song-row')[3]!);
    expect(usePlayerStore.getState().current?.id).toBe(hotSongs[3]!.id);
  });

  it('MV shows the empty message; 歌手详情 the introduction; 相似歌手 cards; the title stays the artist’s', async () => {
    renderApp(`/artist/${artist.id}/album`);
    await screen.findByRole('heading', { name: `歌手${artist.name}` });

    await userEvent.click(within(tabs()).getByRole('link', { name: 'MV' }));
    expect(await screen.findByText('暂无数据')).toBeTruthy();

    await userEvent.click(within(tabs()).getByRole('link', { name: '歌手详情' }));
    const desc = await screen.findByTestId('artist-desc');
    expect(
      within(desc)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(fixtures.artistDesc.introduction.map((s) => s.ti));
    expect(within(desc).getByText(/出生地：爱媛县/)).toBeTruthy();

    await userEvent.click(within(tabs()).getByRole('link', { name: '相似歌手' }));
    const cards = await screen.findAllByTestId('artist-card');
    expect(cards.map((c) => c.getAttribute('href'))).toEqual(fixtures.simiArtist.artists.map((a) => `/artist/${a.id}`));
    await waitFor(() => expect(document.title).toBe(`${artist.name} - Cloudtune`));
  });

  it('歌手详情 leads with the brief description when there is one', async () => {
    server.use(
      http.get(api('/artist/desc'), () => HttpResponse.json({ ...fixtures.artistDesc, briefDesc: '一句话介绍。', introduction: [] })),
    );
    renderApp(`/artist/${artist.id}/detail`);
    expect(await screen.findByRole('heading', { name: `${artist.name}简介` })).toBeTruthy();
    expect(screen.getByText('一句话介绍。')).toBeTruthy();
  });

  it('says the artist does not exist when the server answers 404', async () => {
    server.use(http.get(api('/artist/detail'), () => HttpResponse.json({ code: 404, msg: 'artist not found' }, { status: 404 })));
    renderApp('/artist/999/album');
    expect(await screen.findByText('歌手不存在')).toBeTruthy();
  });

  it('an id that is not a number asks the server nothing and says the artist does not exist', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => void asked.push(new URL(request.url).pathname));
    renderApp('/artist/abc/album');
    expect(await screen.findByText('歌手不存在')).toBeTruthy();
    server.events.removeAllListeners();
    expect(asked.filter((p) => p.includes('artist'))).toEqual([]);
  });

  it('offers a retry when a tab fails', async () => {
    let calls = 0;
    server.use(
      http.get(api('/simi/artist'), () =>
        ++calls === 1 ? HttpResponse.json({ code: 500, msg: 'x' }, { status: 500 }) : HttpResponse.json(fixtures.simiArtist),
      ),
    );
    renderApp(`/artist/${artist.id}/similar`);
    await userEvent.click(await screen.findByRole('button', { name: '请求失败，点击重新加载' }));
    expect(await screen.findAllByTestId('artist-card')).toHaveLength(fixtures.simiArtist.artists.length);
  });
});
