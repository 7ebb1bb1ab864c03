import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../features/auth/index.ts';
import { renderApp } from '../../test/render-app.tsx';
import { api, fixtures, http, HttpResponse, server } from '../../test/msw.ts';

/** 精品歌单 rendered from the real recorded /top/playlist/highquality and /playlist/hot bodies. */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => useAuthStore.setState({ user: null, show: false }));

/** Records the query of every /top/playlist/highquality call, answering as the default handler does. */
function recordSquareCalls() {
  const calls: URLSearchParams[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/top/playlist/highquality')) calls.push(url.searchParams);
  });
  return calls;
}

const picker = () => screen.getByRole('dialog', { name: '全部歌单' });

describe('精品歌单', () => {
  afterEach(() => server.events.removeAllListeners());

  it('shows the tag’s playlists as cards: cover, name, play count (万), creator', async () => {
    const calls = recordSquareCalls();
    renderApp('/music/songlist?tag=all');
    const cards = await screen.findAllByTestId('playlist-card');
    const [first] = fixtures.highquality.playlists;
    expect(cards).toHaveLength(fixtures.highquality.playlists.length);
    expect(within(cards[0]!).getByText(first!.name)).toBeTruthy();
    expect(within(cards[0]!).getByText('200.3万')).toBeTruthy();
    expect(within(cards[0]!).getByText(first!.creator.nickname)).toBeTruthy();
    expect(cards[0]!.getAttribute('href')).toBe(`/list/song/${first!.id}`);
    expect(cards[0]!.querySelector('img')!.getAttribute('src')).toBe(`${first!.coverImgUrl}?param=440y440`);
    expect(calls[0]!.get('cat')).toBe('全部');
    expect(calls[0]!.get('limit')).toBe('30');
    expect(calls[0]!.has('before')).toBe(false);
  });

  it('loads the next page from the `lasttime` cursor and ends when the server has no more', async () => {
    const calls = recordSquareCalls();
    renderApp('/music/songlist');
    // jsdom's page never fills the scroll area, so the next page follows the first at once.
    expect(await screen.findByText('没有更多了')).toBeTruthy();
    expect(calls.map((c) => c.get('before'))).toEqual([null, String(fixtures.highquality.lasttime)]);
    expect(screen.getAllByTestId('playlist-card')).toHaveLength(fixtures.highquality.playlists.length);
  });

  it('全部歌单 opens every tag grouped by category; picking one puts it in the URL and loads its playlists', async () => {
    const calls = recordSquareCalls();
    const app = renderApp('/music/songlist?tag=all');
    await screen.findAllByTestId('playlist-card');
    await userEvent.click(screen.getByRole('button', { name: '全部歌单' }));
    const panel = picker();
    const groups = within(panel).getAllByRole('region');
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['语种', '风格']);
    expect(
      within(groups[0]!)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(fixtures.highqualityTags.tags.map((t) => t.name));
    expect(within(panel).getByRole('link', { name: '全部歌单' }).getAttribute('aria-current')).toBe('true');

    await userEvent.click(within(groups[1]!).getByRole('link', { name: '摇滚' }));
    expect(app.path()).toBe(`/music/songlist?tag=${encodeURIComponent('摇滚')}`);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(calls.at(-1)?.get('cat')).toBe('摇滚'));
    expect(screen.getByRole('button', { name: '摇滚' }).getAttribute('aria-expanded')).toBe('false');
    const hot = screen.getByRole('navigation', { name: '热门标签' });
    expect(within(hot).getByRole('link', { name: '摇滚' }).getAttribute('aria-current')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: '摇滚' }));
    expect(within(picker()).getByRole('link', { name: '摇滚' }).getAttribute('aria-current')).toBe('true');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('hot tags are one-click chips; back returns to the previous tag', async () => {
    const app = renderApp('/music/songlist?tag=all');
    const hot = await screen.findByRole('navigation', { name: '热门标签' });
    expect(
      within(hot)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(fixtures.playlistHot.tags.map((t) => t.name));
    await userEvent.click(within(hot).getByRole('link', { name: '民谣' }));
    expect(app.path()).toBe(`/music/songlist?tag=${encodeURIComponent('民谣')}`);
    await act(() => app.router.navigate(-1));
    expect(app.path()).toBe('/music/songlist?tag=all');
    expect(await screen.findByRole('button', { name: '全部歌单' })).toBeTruthy();
  });

  it('a tag link from a playlist (/music/songlist?tag=华语) opens the square on that tag', async () => {
    const calls = recordSquareCalls();
    renderApp(`/music/songlist?tag=${encodeURIComponent('华语')}`);
    expect(await screen.findByRole('button', { name: '华语' })).toBeTruthy();
    await waitFor(() => expect(calls[0]?.get('cat')).toBe('华语'));
  });

  it('says 暂无数据 for a tag without playlists', async () => {
    server.use(
      http.get(api('/top/playlist/highquality'), () =>
        HttpResponse.json({ ...fixtures.highquality, playlists: [], more: false, total: 0 }),
      ),
    );
    renderApp('/music/songlist?tag=ACG');
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it('offers a retry after a failure, and the retry loads the playlists', async () => {
    let calls = 0;
    server.use(
      http.get(api('/top/playlist/highquality'), () =>
        ++calls === 1
          ? HttpResponse.json({ code: 500, msg: 'x' }, { status: 500 })
          : HttpResponse.json({ ...fixtures.highquality, more: false }),
      ),
    );
    renderApp('/music/songlist');
    await userEvent.click(await screen.findByRole('button', { name: '请求失败，点击重新加载' }));
    expect(await screen.findAllByTestId('playlist-card')).toHaveLength(fixtures.highquality.playlists.length);
  });
});
