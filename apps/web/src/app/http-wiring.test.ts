import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../features/auth/index.ts';
import { request, retryParkedRequests } from '../lib/http.ts';
import { wireHttp } from './http-wiring.ts';

let unwire = () => {};
beforeEach(() => {
  unwire = wireHttp();
  useAuthStore.setState({
    user: { profile: { userId: 3, nickname: 'a' }, account: { id: 3 } },
    show: false,
  });
});
afterEach(() => {
  unwire();
  vi.unstubAllGlobals();
});

describe('301 on an auth request', () => {
  it('logs the user out and shows the login view', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ code: 301, msg: '需要登录' }), { status: 301 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ code: 200, data: [] })));
    vi.stubGlobal('fetch', fetchMock);
    const pending = request('/user/cloud', { auth: true });
    await vi.waitFor(() => expect(useAuthStore.getState().show).toBe(true));
    expect(useAuthStore.getState().user).toBeNull();
    // after the next history pop the request goes out again
    retryParkedRequests();
    await expect(pending).resolves.toEqual({ data: [] });
  });
});
