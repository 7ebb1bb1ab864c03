import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recorded } from '@cloudtune/ncm-fixtures';
import type { SearchResponse, SearchSuggestResponse } from '@cloudtune/contract';
import { useSearchHistory } from '../../features/search/index.ts';
import { api, http, HttpResponse, server } from '../../test/msw.ts';
import { renderApp } from '../../test/render-app.tsx';

const suggest = recorded<SearchSuggestResponse>('search_suggest');
const songs = recorded<SearchResponse>('search_type1');
const artists = recorded<SearchResponse>('search_type100');

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  useSearchHistory.setState({ keywords: [] });
});
afterAll(() => server.close());

/** The API as a real server answers it: suggestions, hot searches, and /search by type with the params seen. */
function searchApi() {
  const seen: URLSearchParams[] = [];
  server.use(
    http.get(api('/search/suggest'), () => HttpResponse.json(suggest)),
    http.get(api('/search/hot/detail'), () =>
      HttpResponse.json({ code: 200, data: [{ searchWord: '晴天', score: 100 }], message: 'success' }),
    ),
    http.get(api('/search'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      seen.push(params);
      return HttpResponse.json(params.get('type') === '100' ? artists : songs);
    }),
  );
  return seen;
}

describe('the search box', () => {
  it('suggests while typing, grouped, and Enter searches songs', async () => {
    searchApi();
    const app = renderApp('/music/recommend');
    const box = await screen.findByRole('combobox', { name: '搜索' });
    await userEvent.type(box, 'hello');
    const list = await screen.findByRole('listbox', { name: '搜索建议' });
    expect(within(list).getByText('单曲')).toBeTruthy();
    expect(within(list).getByText('歌手')).toBeTruthy();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(app.path()).toBe('/search/song?keywords=hello'));
    expect(useSearchHistory.getState().keywords).toEqual(['hello']);
  });

  it('arrow keys pick a suggested artist and Enter opens its page', async () => {
    searchApi();
    const app = renderApp('/music/recommend');
    const box = await screen.findByRole('combobox', { name: '搜索' });
    await userEvent.type(box, 'x');
    await screen.findByRole('listbox');
    const songCount = suggest.result.songs?.length ?? 0;
    for (let i = 0; i <= songCount; i++) fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toMatch(/artist-/);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(app.path()).toBe(`/artist/${suggest.result.artists![0]!.id}/album`));
  });

  it('an empty box shows 搜索历史 (removable, clearable) and the hot list; Escape closes', async () => {
    searchApi();
    useSearchHistory.setState({ keywords: ['周星野', 'love'] });
    renderApp('/music/recommend');
    const box = await screen.findByRole('combobox', { name: '搜索' });
    act(() => box.focus());
    const list = await screen.findByRole('listbox');
    expect(within(list).getByText('搜索历史')).toBeTruthy();
    await within(list).findByText('晴天');
    fireEvent.mouseDown(within(list).getByRole('button', { name: '删除搜索历史 love' }));
    expect(useSearchHistory.getState().keywords).toEqual(['周星野']);
    fireEvent.mouseDown(within(list).getByRole('button', { name: '清空' }));
    expect(useSearchHistory.getState().keywords).toEqual([]);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('/search', () => {
  it('shows 找到 N 首歌曲 with the server’s count, and pages through the URL', async () => {
    const seen = searchApi();
    const app = renderApp('/search/song?keywords=hello');
    expect((await screen.findByTestId('search-title')).textContent).toBe(`找到 ${songs.result.songCount} 首歌曲`);
    expect(screen.getAllByTestId('song-row')).toHaveLength(songs.result.songs!.length);
    expect(seen.at(-1)?.get('offset')).toBe('0');
    if ((songs.result.songCount ?? 0) > 30) {
      fireEvent.click(screen.getByRole('button', { name: '第 2 页' }));
      await waitFor(() => expect(app.path()).toBe('/search/song?keywords=hello&page=2'));
      await waitFor(() => expect(seen.at(-1)?.get('offset')).toBe('30'));
    }
    expect(document.title).toContain('hello');
  });

  it('the 歌手 tab keeps the keyword, starts at page 1 and shows artists', async () => {
    searchApi();
    const app = renderApp('/search/song?keywords=hello&page=2');
    await userEvent.click(await screen.findByRole('link', { name: '歌手' }));
    await waitFor(() => expect(app.path()).toBe('/search/artist?keywords=hello'));
    // The songs' title stays until the artists arrive: wait for the artists' one.
    await waitFor(() => expect(screen.getByTestId('search-title').textContent).toBe(`找到 ${artists.result.artistCount} 位歌手`));
    expect(screen.getAllByTestId('artist-card').length).toBe(artists.result.artists!.length);
  });
});
