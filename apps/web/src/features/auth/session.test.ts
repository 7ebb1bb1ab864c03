import { http, HttpResponse } from 'msw';
import { recorded } from '@cloudtune/ncm-fixtures';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../test/msw.ts';
import type { LoginResponse } from './api/account.ts';
import { useAuthStore } from './auth.store.ts';
import { completeLogin, logout, restoreSession } from './session.ts';

/** The session's life over the recorded login, /user/detail and /user/playlist bodies. */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const login = recorded('login_cellphone') as LoginResponse;
const uid = login.account.id;
let playlistQuery: URLSearchParams | null = null;

beforeEach(() => {
  playlistQuery = null;
  useAuthStore.setState({ user: null, show: true, playlist: [] });
  server.use(
    http.get('*/api/user/detail', () => HttpResponse.json(recorded('user_detail'))),
    http.get('*/api/user/playlist', ({ request }) => {
      playlistQuery = new URL(request.url).searchParams;
      return HttpResponse.json(recorded('user_playlist'));
    }),
  );
});

describe('session', () => {
  it('a login stores the user, merges /user/detail (level, pcSign) and loads up to 10000 playlists', async () => {
    await completeLogin(login);
    const state = useAuthStore.getState();
    expect(state.show).toBe(false);
    expect(state.user?.account.id).toBe(uid);
    expect(state.user?.level).toBe((recorded('user_detail') as { level: number }).level);
    expect(state.user?.pcSign).toBe(false);
    expect(state.playlist).toHaveLength(5);
    expect(playlistQuery?.get('uid')).toBe(String(uid));
    expect(playlistQuery?.get('limit')).toBe('10000');
    expect(state.userInfoLoading).toBe(false);
  });

  it('a failing /user/detail does not undo the login', async () => {
    server.use(http.get('*/api/user/detail', () => HttpResponse.json({ code: 500, msg: 'boom' })));
    await completeLogin(login);
    expect(useAuthStore.getState().user?.account.id).toBe(uid);
    expect(useAuthStore.getState().playlist).toHaveLength(5);
  });

  it('退出登录 calls the server and clears the user and playlists', async () => {
    let called = false;
    server.use(
      http.get('*/api/logout', () => {
        called = true;
        return HttpResponse.json({ code: 200 });
      }),
    );
    await completeLogin(login);
    await logout();
    expect(called).toBe(true);
    expect(useAuthStore.getState().user).toBeNull();
    expect(useAuthStore.getState().playlist).toEqual([]);
  });

  it('on start, a session the server no longer knows logs out cleanly; a live one is refreshed', async () => {
    server.use(http.get('*/api/login/status', () => HttpResponse.json({ data: { code: 200, account: null, profile: null } })));
    useAuthStore.setState({ user: { profile: login.profile, account: { id: uid } }, playlist: [{ id: 1, name: 'old' }] });
    await restoreSession();
    expect(useAuthStore.getState().user).toBeNull();
    expect(useAuthStore.getState().playlist).toEqual([]);

    server.use(
      http.get('*/api/login/status', () => HttpResponse.json({ data: { code: 200, account: { id: uid }, profile: login.profile } })),
    );
    useAuthStore.setState({ user: { profile: login.profile, account: { id: uid } }, playlist: [] });
    await restoreSession();
    expect(useAuthStore.getState().user?.account.id).toBe(uid);
    expect(useAuthStore.getState().playlist).toHaveLength(5);
  });
});
