import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../features/auth/index.ts';
import { renderApp } from '../../test/render-app.tsx';
import { api, http, HttpResponse, server } from '../../test/msw.ts';
import { useNavHistory } from '../navigation/nav-history.store.ts';
import { emptyHistory } from '../../lib/nav-history.ts';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  useAuthStore.setState({ user: null, show: false });
  useNavHistory.setState({ history: emptyHistory() });
});

describe('app shell', () => {
  it('back/forward follow the app navigation history, which is persisted', async () => {
    const app = renderApp('/music/recommend');
    const back = await screen.findByRole('button', { name: '后退' });
    const forward = screen.getByRole('button', { name: '前进' });
    expect(back).toHaveProperty('disabled', true);
    await act(() => app.router.navigate('/download/song'));
    await waitFor(() => expect(back).toHaveProperty('disabled', false));
    await userEvent.click(back);
    await waitFor(() => expect(app.path()).toBe('/music/recommend'));
    expect(forward).toHaveProperty('disabled', false);
    await userEvent.click(forward);
    await waitFor(() => expect(app.path()).toBe('/download/song'));
    const saved = JSON.parse(localStorage.getItem('cloudtune-nav-history')!) as { state: { history: { current: { url: string } } } };
    expect(saved.state.history.current.url).toBe('/download/song');
  });

  it('Enter in the search box opens /search/song?keywords=…', async () => {
    // Focusing the empty box asks for the hot list; typing, for suggestions.
    server.use(
      http.get(api('/search/hot/detail'), () => HttpResponse.json({ code: 200, data: [], message: 'success' })),
      http.get(api('/search/suggest'), () => HttpResponse.json({ code: 200, result: {} })),
    );
    const app = renderApp('/music/recommend');
    await userEvent.type(await screen.findByRole('combobox', { name: '搜索' }), '晴天{Enter}');
    await waitFor(() => expect(app.path()).toBe(`/search/song?keywords=${encodeURIComponent('晴天')}`));
    expect(await screen.findByRole('heading', { name: /搜索/ })).toBeTruthy();
  });

  it('navigation: 本地音乐 only on the desktop build; the active item is marked', async () => {
    renderApp('/music/recommend');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    expect(within(nav).queryByText('本地音乐')).toBeNull();
    expect(within(nav).getByRole('link', { name: '发现音乐' }).getAttribute('aria-current')).toBe('page');
  });

  it('desktop navigation has 本地音乐', async () => {
    renderApp('/music/recommend', 'desktop');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    expect(within(nav).getByRole('link', { name: '本地音乐' })).toBeTruthy();
  });

  it("a logged-in user's playlists appear in the navigation", async () => {
    const playlist = [
      { id: 11, name: '小云喜欢的音乐', subscribed: false, specialType: 5, userId: 1 },
      { id: 12, name: '收藏的精选', subscribed: true, specialType: 0, userId: 9 },
    ];
    let asked: URLSearchParams | null = null;
    server.use(
      http.get(api('/user/playlist'), ({ request }) => {
        asked = new URL(request.url).searchParams;
        return HttpResponse.json({ code: 200, more: false, version: '0', playlist });
      }),
    );
    useAuthStore.setState({ user: { profile: { userId: 1, nickname: '小云' }, account: { id: 1 } } });
    renderApp('/music/recommend');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    expect((await within(nav).findByRole('link', { name: '我喜欢的音乐' })).getAttribute('href')).toBe('/list/song/11');
    expect(within(nav).getByText('创建的歌单')).toBeTruthy();
    expect(within(nav).getByText('收藏的歌单')).toBeTruthy();
    expect(screen.getByText('小云')).toBeTruthy();
    // The user's playlists, up to 10000 of them, in one call.
    expect(asked!.get('uid')).toBe('1');
    expect(asked!.get('limit')).toBe('10000');
  });
});
