import { act, screen, waitFor } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { recorded } from '@cloudtune/ncm-fixtures';
import { AppRoot } from '../app/app-root.tsx';
import { seedFirstScreenData, type FirstScreenData } from '../app/first-screen.ts';
import { createQueryClient } from '../app/query-client.ts';
import { createAppRouter } from '../app/router.tsx';
import { useAuthStore, type AuthUser } from '../features/auth/index.ts';
import { toPlayable, usePlayerStore } from '../features/player/index.ts';
import { api, fixtures, http, HttpResponse, server } from '../test/msw.ts';
import { renderFirstScreen } from './first-screen.tsx';

/**
 * The server draws the first screen (个性推荐) with this module; the browser then hydrates it with
 * main.tsx's tree. Hydration must find exactly the markup it would make (no mismatch: React would
 * otherwise throw the page away and draw it again), and what the listener ends up seeing must be
 * what a page drawn by the client alone shows — for a first visit and for a listener whose login
 * and playing song the browser kept.
 */
const URL_OF_FIRST_SCREEN = 'http://localhost/music/recommend';
/** The answers the server puts in the page (routes/first-screen.ts): the API path and params the client uses. */
const data: FirstScreenData = { '/banner?type=0': fixtures.banner, '/personalized?limit=14': fixtures.personalized };
const user: AuthUser = { profile: { userId: 7, nickname: '小云' }, account: { id: 7 } };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let roots: Root[] = [];
beforeEach(() => {
  window.history.replaceState(null, '', '/music/recommend');
  useAuthStore.setState(useAuthStore.getInitialState(), true);
  usePlayerStore.setState(usePlayerStore.getInitialState(), true);
});
afterEach(() => {
  for (const root of roots) act(() => root.unmount());
  roots = [];
  document.body.innerHTML = '';
});

/**
 * The page as a listener meets it: elements with their attributes (in name order, styles as the
 * browser reads them) and text. Left out: the hints React puts beside server markup (a preload
 * link, the router's hydration data) and useId's names, which differ between a hydrated tree (the
 * server's) and a client-only one. Nothing else may differ.
 */
function comparable(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof HTMLElement || node instanceof SVGElement)) return '';
  if (node.tagName === 'SCRIPT' || (node.tagName === 'LINK' && node.getAttribute('rel') === 'preload')) return '';
  const attributes = [...node.attributes]
    .map((a) => [a.name, a.name === 'style' ? node.style.cssText : a.value.replace(/_[rR]_[0-9a-z]+_/g, '_id_')])
    .sort(([a], [b]) => a!.localeCompare(b!))
    .map(([name, value]) => `${name}="${value}"`)
    .join(' ');
  const value = node instanceof HTMLInputElement ? ` value="${node.value}"` : '';
  return `<${node.tagName.toLowerCase()} ${attributes}${value}>${[...node.childNodes].map(comparable).join('')}</>`;
}
const page = (container: HTMLElement) => [...container.childNodes].map(comparable).join('');

function appTree() {
  const client = createQueryClient();
  seedFirstScreenData(client, data);
  return <AppRoot client={client} router={<RouterProvider router={createAppRouter('browser')} />} />;
}

/** The first screen as the server sends it, hydrated as main.tsx does; returns the container and what React reported. */
async function hydrated() {
  const rendered = await renderFirstScreen(URL_OF_FIRST_SCREEN, data);
  if (!('html' in rendered)) throw new Error(`redirected to ${rendered.redirect}`);
  expect(rendered.html).toContain('推荐歌单');
  const container = document.createElement('div');
  container.innerHTML = rendered.html;
  document.body.append(container);
  const recoverable: unknown[] = [];
  const errors = vi.spyOn(console, 'error');
  await act(async () => {
    roots.push(hydrateRoot(container, appTree(), { onRecoverableError: (error) => recoverable.push(error) }));
  });
  return { container, serverHtml: rendered.html, recoverable, errors };
}

/** The same screen drawn by the client alone (no server markup). */
async function drawnByClient() {
  const container = document.createElement('div');
  document.body.append(container);
  await act(async () => {
    const root = createRoot(container);
    roots.push(root);
    root.render(appTree());
  });
  return container;
}

const settled = async (container: HTMLElement, text: string) => waitFor(() => expect(container.textContent).toContain(text), { container });

describe('the server-drawn first screen', () => {
  it('a first visit: hydrates without a mismatch, with the banners and playlists the server drew, and ends as the client draws it', async () => {
    const { container, serverHtml, recoverable, errors } = await hydrated();
    // The server's markup already holds the screen: every recommended playlist by name.
    for (const playlist of fixtures.personalized.result.slice(0, 5)) expect(serverHtml).toContain(playlist.name);
    await settled(container, '星期');
    expect(recoverable).toEqual([]);
    expect(errors.mock.calls.filter((call) => /hydrat|did not match|server/i.test(String(call[0])))).toEqual([]);
    errors.mockRestore();
    const alone = await drawnByClient();
    await settled(alone, '星期');
    expect(page(container)).toBe(page(alone));
    expect(screen.getAllByTestId('daily-card')).toHaveLength(2);
  });

  it('a returning listener (kept login and song): the page hydrates as drawn, then shows their name, playlists and song', async () => {
    const resource = recorded<{ recommend: { name: string }[] }>('recommend_resource');
    server.use(
      http.get(api('/recommend/resource'), () => HttpResponse.json(resource)),
      http.get(api('/likelist'), () => HttpResponse.json({ code: 200, ids: [] })),
      http.get(api('/user/playlist'), () => HttpResponse.json({ code: 200, more: false, version: '0' })),
    );
    const song = fixtures.playlistDetail.playlist.tracks[0]!;
    const keep = () => {
      useAuthStore.setState({ user });
      usePlayerStore.setState({ current: toPlayable(song, 'stack'), queue: [toPlayable(song, 'stack')] });
    };
    keep();
    const { container, recoverable, errors } = await hydrated();
    await settled(container, '小云');
    await settled(container, resource.recommend[0]!.name);
    expect(container.querySelector('[data-testid="player-bar"]')?.textContent).toContain(song.name);
    expect(recoverable).toEqual([]);
    expect(errors.mock.calls.filter((call) => /hydrat|did not match|server/i.test(String(call[0])))).toEqual([]);
    errors.mockRestore();
    keep();
    const alone = await drawnByClient();
    await settled(alone, resource.recommend[0]!.name);
    expect(page(container)).toBe(page(alone));
  });
});
