import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../features/auth/index.ts';
import { usePlayerStore } from '../../features/player/index.ts';
import { renderApp } from '../../test/render-app.tsx';
import { api, fixtures, http, HttpResponse, server } from '../../test/msw.ts';

/** 排行榜 rendered from the real recorded /toplist/detail body. */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  useAuthStore.setState({ user: null, show: false });
  usePlayerStore.setState({ queue: [], history: [], current: null });
});

const charts = fixtures.toplistDetail.list;

describe('排行榜', () => {
  it('官方榜: the first 4 charts as rows with their update time, top 3 and 查看全部', async () => {
    renderApp('/music/toplist');
    const rows = await screen.findAllByTestId('official-chart');
    expect(rows).toHaveLength(4);
    rows.forEach((row, i) => {
      const chart = charts[i]!;
      expect(within(row).getByRole('heading', { name: new RegExp(chart.name) })).toBeTruthy();
      const tracks = within(row).getAllByTestId('chart-track');
      expect(tracks.map((t) => t.textContent)).toEqual(chart.tracks!.map((t, rank) => `${rank + 1}${t.first}${t.second}`));
      expect(within(row).getByRole('link', { name: '查看全部' }).getAttribute('href')).toBe(`/list/song/${chart.id}`);
    });
    // 飙升榜 was updated on 2021-02-17 (local time)
    const updated = new Date(charts[0]!.updateTime);
    const label = `${String(updated.getMonth() + 1).padStart(2, '0')}月${String(updated.getDate()).padStart(2, '0')}日更新`;
    expect(within(rows[0]!).getByText(label)).toBeTruthy();
  });

  it('全球榜: the remaining charts as cards linking to their list', async () => {
    renderApp('/music/toplist');
    const global = await screen.findByRole('region', { name: '全球榜' });
    const cards = await within(global).findAllByTestId('playlist-card');
    expect(cards.map((c) => c.getAttribute('href'))).toEqual(charts.slice(4).map((c) => `/list/song/${c.id}`));
    expect(within(cards[0]!).getByText(charts[4]!.name)).toBeTruthy();
  });

  it('double-clicking a preview song plays it, with the chart as the queue', async () => {
    const chart = charts[1]!;
    const tracks = fixtures.playlistDetail.playlist.tracks.map((t, i) => ({ ...t, id: 9000 + i, name: `song ${i}` }));
    // The chart moved since the preview: its 2nd preview song is now 3rd.
    tracks[2] = { ...tracks[2]!, name: chart.tracks![1]!.first };
    let asked = '';
    server.use(
      http.get(api('/playlist/detail'), ({ request }) => {
        asked = new URL(request.url).searchParams.get('id') ?? '';
        return HttpResponse.json({ ...fixtures.playlistDetail, playlist: { ...fixtures.playlistDetail.playlist, id: chart.id, tracks } });
      }),
    );
    renderApp('/music/toplist');
    const rows = await screen.findAllByTestId('official-chart');
    await userEvent.dblClick(within(rows[1]!).getAllByTestId('chart-track')[1]!);
    await waitFor(() => expect(usePlayerStore.getState().current?.id).toBe(9002));
    expect(asked).toBe(String(chart.id));
    expect(usePlayerStore.getState().queue.map((s) => s.id)).toEqual(tracks.map((t) => t.id));
  });

  it('offers a retry after a failure', async () => {
    let calls = 0;
    server.use(
      http.get(api('/toplist/detail'), () =>
        ++calls === 1 ? HttpResponse.json({ code: 500, msg: 'x' }, { status: 500 }) : HttpResponse.json(fixtures.toplistDetail),
      ),
    );
    renderApp('/music/toplist');
    await userEvent.click(await screen.findByRole('button', { name: '请求失败，点击重新加载' }));
    expect(await screen.findAllByTestId('official-chart')).toHaveLength(4);
  });

  it('says 暂无数据 when there are no charts', async () => {
    server.use(http.get(api('/toplist/detail'), () => HttpResponse.json({ code: 200, list: [] })));
    renderApp('/music/toplist');
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });
});
