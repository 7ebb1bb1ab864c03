import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiBase, resetApiBaseCache } from './config.ts';
import { HttpError, pendingRetryCount, request, setHttpHooks } from './http.ts';
import { subscribeNotices, type Notice } from './notice.ts';

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let notices: Notice[];
let unsubscribe: () => void;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  notices = [];
  unsubscribe = subscribeNotices((n) => notices.push(n));
});

afterEach(() => {
  unsubscribe();
  setHttpHooks({});
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetApiBaseCache();
});

const calledUrl = (n = 0) => new URL(String(fetchMock.mock.calls[n]![0]));

describe('request', () => {
  it('sends cookies, a timestamp and the params to the /api base', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 200, banners: [] }));
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    await request('/banner', { params: { type: 0, ids: [1, 2], skip: undefined } });
    const url = calledUrl();
    expect(url.pathname).toBe('/api/banner');
    expect(url.searchParams.get('timestamp')).toBe('1700000000000');
    expect(url.searchParams.get('type')).toBe('0');
    expect(url.searchParams.get('ids')).toBe('1,2');
    expect(url.searchParams.has('skip')).toBe(false);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'include', method: 'GET' });
    vi.mocked(Date.now).mockRestore();
  });

  it('strips code 200 from the returned data', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 200, result: [1] }));
    await expect(request('/personalized')).resolves.toEqual({ result: [1] });
  });

  it('raises HttpErrorCode:{code} for a body code other than 200 and keeps the message', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 400, msg: 'id: must be an integer' }, 400));
    const error = await request('/playlist/detail', { params: { id: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('HttpErrorCode:400');
    expect((error as HttpError).msg).toBe('id: must be an integer');
    expect((error as HttpError).code).toBe(400);
  });

  it('raises on a non-200 code even with HTTP 200 (the real API sends some that way)', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: -460, message: 'Cheating' }));
    await expect(request('/search')).rejects.toMatchObject({ message: 'HttpErrorCode:-460', msg: 'Cheating' });
  });

  it('times out after 30 s: aborts, and shows 请求超时 for 5 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: URL, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const pending = request('/playlist/detail', { params: { id: 1 } }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(notices).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect((error as HttpError).code).toBe(408);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ message: '请求超时，请重试。url: /api/playlist/detail', duration: 5000 });
  });

  it('treats HTTP 408 as a timeout', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 408 }));
    await expect(request('/lyric')).rejects.toMatchObject({ code: 408 });
    expect(notices[0]?.message).toBe('请求超时，请重试。url: /api/lyric');
  });

  it('a caller abort (query cancelled) is not a timeout', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url: URL, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const pending = request('/banner', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect((await pending) as Error).toMatchObject({ name: 'AbortError' });
    expect(notices).toHaveLength(0);
  });
});

describe('the 301 flow on requests that need login', () => {
  it('calls the auth hook, parks the request and retries it after the next history pop', async () => {
    const onAuthRequired = vi.fn();
    setHttpHooks({ onAuthRequired });
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ code: 301, msg: '需要登录' }, 301))
      .mockResolvedValueOnce(jsonResponse({ code: 200, data: ['song'] }));
    let settled = false;
    const pending = request('/user/cloud', { auth: true }).then((v) => ((settled = true), v));
    await vi.waitFor(() => expect(onAuthRequired).toHaveBeenCalledTimes(1));
    expect(pendingRetryCount()).toBe(1);
    expect(settled).toBe(false);
    window.dispatchEvent(new PopStateEvent('popstate'));
    await expect(pending).resolves.toEqual({ data: ['song'] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(pendingRetryCount()).toBe(0);
  });

  it('uses a registered history-pop source when given one', async () => {
    let pop: (() => void) | undefined;
    setHttpHooks({ onAuthRequired: vi.fn(), waitForHistoryPop: (retry) => (pop = retry) });
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: 301 }, 301)).mockResolvedValueOnce(jsonResponse({ code: 200, ok: 1 }));
    const pending = request('/user/cloud', { auth: true });
    await vi.waitFor(() => expect(pop).toBeDefined());
    pop!();
    await expect(pending).resolves.toEqual({ ok: 1 });
  });

  it('a 301 on a request not marked auth is an ordinary error', async () => {
    const onAuthRequired = vi.fn();
    setHttpHooks({ onAuthRequired });
    fetchMock.mockResolvedValue(jsonResponse({ code: 301, msg: '需要登录' }, 301));
    await expect(request('/banner')).rejects.toMatchObject({ message: 'HttpErrorCode:301' });
    expect(onAuthRequired).not.toHaveBeenCalled();
  });
});

describe('API base', () => {
  it('desktop: the local port from the shell, without the /api prefix', async () => {
    await expect(apiBase('desktop', { getPort: () => Promise.resolve(4321) })).resolves.toBe('http://127.0.0.1:4321');
  });

  it('desktop: no port → the contact warning', async () => {
    await expect(apiBase('desktop', { getPort: () => Promise.reject(new Error('no shell')) })).rejects.toThrow();
    expect(notices[0]?.message).toMatch(/^发生错误，请联系 \S+@\S+$/);
  });

  it('browser: /api unless configured', async () => {
    await expect(apiBase('browser')).resolves.toBe('/api');
  });
});
