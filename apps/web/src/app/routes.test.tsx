import { act, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore, type AuthUser } from '../features/auth/index.ts';
import { renderApp } from '../test/render-app.tsx';
import { server } from '../test/msw.ts';
import { routeTable, routesFor, type RouteEntry } from './route-table.ts';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => useAuthStore.setState({ user: null, show: false }));

const user: AuthUser = { profile: { userId: 7, nickname: '小云' }, account: { id: 7 } };

const paths = (entries: RouteEntry[], prefix = ''): string[] =>
  entries.flatMap((e) => {
    const here = e.path ? (e.path.startsWith('/') ? e.path : `${prefix}/${e.path}`) : prefix;
    return [...(e.path ? [here] : []), ...paths(e.children ?? [], here)];
  });

describe('route table', () => {
  it('holds every SPEC §2 route', () => {
    expect(paths(routeTable)).toEqual(
      expect.arrayContaining([
        '/music',
        '/music/recommend',
        '/music/songlist',
        '/music/toplist',
        '/music/artists',
        '/list/:type/:playlist',
        '/artist',
        '/artist/:id',
        '/artist/:id/album',
        '/artist/:id/mv',
        '/artist/:id/detail',
        '/artist/:id/similar',
        '/setting/:location',
        '/search/song',
        '/search/artist',
        '/search/album',
        '/search/songlist',
        '/search/lyrics',
        '/video/mv',
        '/moments',
        '/download/song',
        '/download/mv',
        '/local-music/song',
        '/local-music/dir',
        '/cloud',
        '/userinfo/:uid',
        '/followList/:uid',
        '/eventView/:uid',
        '/fansView/:uid',
        '/userSetting',
      ]),
    );
  });

  it('filters by platform: only the desktop build keeps /local-music', () => {
    expect(paths(routesFor('desktop'))).toContain('/local-music/dir');
    expect(paths(routesFor('browser'))).not.toContain('/local-music');
    expect(paths(routesFor('browser'))).toContain('/cloud');
  });
});

describe('redirects', () => {
  it.each([
    ['/', '/music/recommend'],
    ['/music', '/music/recommend'],
    ['/search?keywords=晴天', '/search/song?keywords=%E6%99%B4%E5%A4%A9'],
    ['/video', '/video/mv'],
    ['/download', '/download/song'],
    ['/artist', '/music/recommend'],
    ['/artist/6452', '/artist/6452/album'],
  ])('%s → %s', async (from, to) => {
    const app = renderApp(from);
    await waitFor(() => expect(app.path()).toBe(to));
  });

  it('/local-music → /local-music/song on the desktop build', async () => {
    const app = renderApp('/local-music', 'desktop');
    await waitFor(() => expect(app.path()).toBe('/local-music/song'));
    expect(await screen.findByRole('heading', { name: '本地音乐' })).toBeTruthy();
  });
});

describe('not found', () => {
  it('an unmatched path shows the full-screen page with a link to /music/recommend', async () => {
    renderApp('/no/such/page');
    const page = await screen.findByTestId('not-found');
    expect(page.querySelector('a')?.getAttribute('href')).toBe('/music/recommend');
    expect(screen.queryByTestId('player-bar')).toBeNull();
  });

  it('the browser build has no /local-music', async () => {
    renderApp('/local-music');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });
});

describe('auth guard', () => {
  it('cancels navigation to an auth route and opens the login view', async () => {
    const app = renderApp('/music/recommend');
    await screen.findByTestId('daily-card');
    await act(() => app.router.navigate('/cloud'));
    expect(app.path()).toBe('/music/recommend');
    expect(useAuthStore.getState().show).toBe(true);
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeTruthy();
  });

  it('also guards the daily-songs list (id -1) but not other lists', async () => {
    const app = renderApp('/music/recommend');
    await screen.findByTestId('daily-card');
    await act(() => app.router.navigate('/list/song/-1'));
    expect(app.path()).toBe('/music/recommend');
    expect(useAuthStore.getState().show).toBe(true);
  });

  it('lets a logged-in user through', async () => {
    useAuthStore.setState({ user });
    const app = renderApp('/music/recommend');
    await act(() => app.router.navigate('/userSetting'));
    expect(app.path()).toBe('/userSetting');
    expect(await screen.findByRole('heading', { name: '编辑个人信息' })).toBeTruthy();
    expect(useAuthStore.getState().show).toBe(false);
    // user pages hide the main navigation
    expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull();
  });

  it('logging in after a cancelled navigation goes on to where the user was going', async () => {
    const app = renderApp('/music/recommend');
    await screen.findByTestId('daily-card');
    await act(() => app.router.navigate('/userSetting'));
    expect(app.path()).toBe('/music/recommend');
    act(() => useAuthStore.getState().login(user));
    await waitFor(() => expect(app.path()).toBe('/userSetting'));
    expect(useAuthStore.getState().show).toBe(false);
  });

  it('closing the login view forgets the cancelled navigation', async () => {
    const app = renderApp('/music/recommend');
    await screen.findByTestId('daily-card');
    await act(() => app.router.navigate('/userSetting'));
    act(() => useAuthStore.getState().setShow(false));
    act(() => useAuthStore.getState().login(user));
    await screen.findByTestId('daily-card');
    expect(app.path()).toBe('/music/recommend');
  });

  it('a cold start into an auth route keeps its URL: a 登录 prompt and the login view, then the page once logged in', async () => {
    const app = renderApp('/userSetting');
    expect(await screen.findByTestId('auth-gate')).toBeTruthy();
    expect(app.path()).toBe('/userSetting');
    expect(useAuthStore.getState().show).toBe(true);
    act(() => useAuthStore.getState().login(user));
    await waitFor(() => expect(screen.queryByTestId('auth-gate')).toBeNull());
    expect(app.path()).toBe('/userSetting');
  });
});
