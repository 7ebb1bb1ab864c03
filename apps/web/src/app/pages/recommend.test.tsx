import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../features/auth/index.ts';
import { renderApp } from '../../test/render-app.tsx';
import { api, fixtures, http, HttpResponse, server } from '../../test/msw.ts';

/** The recommend screen rendered from the real recorded /banner and /personalized bodies. */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => useAuthStore.setState({ user: null, show: false }));

describe('个性推荐 with the real API shapes', () => {
  it('renders every banner with a sized image', async () => {
    renderApp('/music/recommend');
    const slides = await screen.findAllByTestId('banner');
    expect(slides).toHaveLength(fixtures.banner.banners.length);
    const img = slides[0]!.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(`${fixtures.banner.banners[0]!.imageUrl}?param=1080y400`);
    expect(within(slides[0]!).getByText('独家')).toBeTruthy();
  });

  it('a failed banner fetch offers a retry in the carousel’s place, and the retry shows the banners', async () => {
    let calls = 0;
    server.use(
      http.get(api('/banner'), () =>
        ++calls === 1 ? HttpResponse.json({ code: 500, msg: '服务器内部错误' }, { status: 500 }) : HttpResponse.json(fixtures.banner),
      ),
    );
    renderApp('/music/recommend');
    await userEvent.click(await screen.findByRole('button', { name: '请求失败，点击重新加载' }));
    expect(await screen.findAllByTestId('banner')).toHaveLength(fixtures.banner.banners.length);
  });

  it('renders the daily card first, then the recommended playlists', async () => {
    renderApp('/music/recommend');
    const cards = await screen.findAllByTestId('playlist-card');
    expect(cards).toHaveLength(fixtures.personalized.result.length);
    const first = fixtures.personalized.result[0]!;
    expect(within(cards[0]!).getByText(first.name)).toBeTruthy();
    // 790808 plays → 79万
    expect(within(cards[0]!).getByText('79万')).toBeTruthy();
    expect(cards[0]!.getAttribute('href')).toBe(`/list/song/${first.id}`);
    expect(cards[0]!.getAttribute('title')).toBe(first.copywriter);
    const daily = screen.getByTestId('daily-card');
    expect(daily.compareDocumentPosition(cards[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(daily).getByText(String(new Date().getDate()))).toBeTruthy();
  });

  it('the daily card opens the login view when nobody is logged in', async () => {
    const app = renderApp('/music/recommend');
    await userEvent.click(await screen.findByTestId('daily-card'));
    expect(useAuthStore.getState().show).toBe(true);
    expect(app.path()).toBe('/music/recommend');
  });

  it('a playlist banner (targetType 1000) opens the playlist', async () => {
    const app = renderApp('/music/recommend');
    const slides = await screen.findAllByTestId('banner');
    const index = fixtures.banner.banners.findIndex((b) => b.targetType === 1000);
    // Bring it to the front first (side slides only move the carousel).
    await userEvent.click(screen.getAllByRole('tab')[index]!);
    await userEvent.click(slides[index]!);
    await screen.findAllByTestId('song-row');
    expect(app.path()).toBe(`/list/song/${fixtures.banner.banners[index]!.targetId}`);
  });
});
