import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../features/auth/index.ts';
import { renderApp } from '../../test/render-app.tsx';
import { api, fixtures, http, HttpResponse, server } from '../../test/msw.ts';

/** 歌手 rendered from the real recorded /artist/list body. */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
});
afterAll(() => server.close());
beforeEach(() => useAuthStore.setState({ user: null, show: false }));

function recordListCalls() {
  const calls: Record<string, string>[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (!url.pathname.endsWith('/artist/list')) return;
    const { timestamp: _t, ...params } = Object.fromEntries(url.searchParams);
    calls.push(params);
  });
  return calls;
}

const group = (name: string) => screen.getByRole('group', { name: `${name}：` });
const selected = (name: string) => within(group(name)).getByRole('link', { current: true }).textContent;

describe('歌手', () => {
  it('shows the artists of all filters; an empty next page ends the list', async () => {
    const calls = recordListCalls();
    renderApp('/music/artists');
    const cards = await screen.findAllByTestId('artist-card');
    expect(cards).toHaveLength(fixtures.artistList.artists.length);
    const first = fixtures.artistList.artists[0]!;
    expect(within(cards[0]!).getByText(first.name)).toBeTruthy();
    expect(cards[0]!.getAttribute('href')).toBe(`/artist/${first.id}`);
    expect(await screen.findByText('没有更多了')).toBeTruthy();
    expect(calls).toEqual([
      { type: '-1', area: '-1', initial: '-1', limit: '30', offset: '0' },
      { type: '-1', area: '-1', initial: '-1', limit: '30', offset: '30' },
    ]);
    expect([selected('语种'), selected('分类'), selected('筛选')]).toEqual(['全部', '全部', '热门']);
  });

  it('filters live in the URL: 女歌手 + 华语 asks for type 2, area 7', async () => {
    const calls = recordListCalls();
    const app = renderApp('/music/artists');
    await screen.findAllByTestId('artist-card');
    await userEvent.click(within(group('分类')).getByRole('link', { name: '女歌手' }));
    await userEvent.click(within(group('语种')).getByRole('link', { name: '华语' }));
    expect(app.path()).toBe('/music/artists?area=7&type=2');
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ type: '2', area: '7', initial: '-1', offset: '30' }));
    expect(calls.filter((c) => c.offset === '0').at(-1)).toMatchObject({ type: '2', area: '7' });
    expect([selected('语种'), selected('分类')]).toEqual(['华语', '女歌手']);
  });

  it('a cold start keeps the URL’s filters, # included', async () => {
    const calls = recordListCalls();
    renderApp('/music/artists?area=96&type=3&initial=0');
    await screen.findAllByTestId('artist-card');
    expect(calls[0]).toMatchObject({ type: '3', area: '96', initial: '0' });
    expect([selected('语种'), selected('分类'), selected('筛选')]).toEqual(['欧美', '乐队', '#']);
  });

  it('says 暂无数据 when nothing matches', async () => {
    server.use(http.get(api('/artist/list'), () => HttpResponse.json({ code: 200, artists: [], more: false })));
    renderApp('/music/artists?initial=Q');
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    expect(screen.queryByText('没有更多了')).toBeNull();
  });

  it('a failed next page offers a retry in place, keeping the artists shown', async () => {
    let page2 = 0;
    server.use(
      http.get(api('/artist/list'), ({ request }) => {
        if (new URL(request.url).searchParams.get('offset') === '0') return HttpResponse.json(fixtures.artistList);
        return ++page2 === 1
          ? HttpResponse.json({ code: 500, msg: 'x' }, { status: 500 })
          : HttpResponse.json({ code: 200, artists: [], more: false });
      }),
    );
    renderApp('/music/artists');
    await userEvent.click(await screen.findByRole('button', { name: '请求失败，点击重新加载' }));
    expect(screen.getAllByTestId('artist-card')).toHaveLength(fixtures.artistList.artists.length);
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });
});
