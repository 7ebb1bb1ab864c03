import { http, HttpResponse } from 'msw';
import { recorded } from '@cloudtune/ncm-fixtures';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../test/msw.ts';
import type { LoginResponse } from './api/account.ts';
import { useAuthStore } from './auth.store.ts';
import { api } from '../../lib/api.ts';
import { completeLogin, configureSession, logout, restoreSession } from './session.ts';

/** The session's life over the recorded login and /user/detail bodies. */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const login = recorded('login_cellphone') as LoginResponse;
const uid = login.account.id;
let detailAsked = 0;

beforeEach(() => {
  detailAsked = 0;
  // As the app wires it: the account feature's /user/detail.
  configureSession({ userDetail: (id) => api('/user/detail', { uid: id }) });
  useAuthStore.setState({ user: null, show: true });
  server.use(
    http.get('*/api/user/detail', () => {
      detailAsked++;
      return HttpResponse.json(recorded('user_detail'));
    }),
  );
});

describe('session', () => {
  it('a login stores the user and merges /user/detail (level, pcSign)', async () => {
    await completeLogin(login);
    const state = useAuthStore.getState();
    expect(state.show).toBe(false);
    expect(state.user?.account.id).toBe(uid);
    expect(state.user?.level).toBe((recorded('user_detail') as { level: number }).level);
    expect(state.user?.pcSign).toBe(false);
    expect(state.userInfoLoading).toBe(false);
  });

  it('a failing /user/detail does not undo the login', async () => {
    server.use(http.get('*/api/user/detail', () => HttpResponse.json({ code: 500, msg: 'boom' })));
    await completeLogin(login);
    expect(useAuthStore.getState().user?.account.id).toBe(uid);
    expect(useAuthStore.getState().userInfoLoading).toBe(false);
  });

  it('退出登录 calls the server and clears the user', async () => {
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
  });

  it('on start, a session the server no longer knows logs out cleanly; a live one is refreshed', async () => {
    server.use(http.get('*/api/login/status', () => HttpResponse.json({ data: { code: 200, account: null, profile: null } })));
    useAuthStore.setState({ user: { profile: login.profile, account: { id: uid } } });
    await restoreSession();
    expect(useAuthStore.getState().user).toBeNull();
    expect(detailAsked).toBe(0);

    server.use(
      http.get('*/api/login/status', () => HttpResponse.json({ data: { code: 200, account: { id: uid }, profile: login.profile } })),
    );
    useAuthStore.setState({ user: { profile: login.profile, account: { id: uid } } });
    await restoreSession();
    expect(useAuthStore.getState().user?.account.id).toBe(uid);
    expect(useAuthStore.getState().userInfoLoading).toBe(false);
  });
});
