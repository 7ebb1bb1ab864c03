import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usePlaybackTime, usePlayerStore, type PlayableSong } from '../../features/player/index.ts';
import { renderApp } from '../../test/render-app.tsx';
import { server } from '../../test/msw.ts';

/** The app opens the lyrics feature's panel for the player's song: the 歌词 button, the cover, L. */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const current: PlayableSong = {
  id: 33894312,
  name: '情非得已',
  ar: [{ id: 3, name: '庾澄庆' }],
  al: { id: 4, name: '情非得已', picUrl: null },
  dt: 240_000,
  type: 'stack',
};

beforeEach(() => {
  usePlayerStore.setState({ queue: [current], history: [], current, lyricOpen: false, playMode: 'turn', shuffle: null });
  usePlaybackTime.setState({ currentTime: 13, duration: 240 });
});

describe('the lyric panel in the app', () => {
  it('歌词 opens it on the line being sung; Escape closes it', async () => {
    renderApp('/music/recommend');
    const button = await screen.findByRole('button', { name: '歌词' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(button);
    const panel = await screen.findByRole('dialog', { name: '歌词：情非得已' });
    expect(usePlayerStore.getState().lyricOpen).toBe(true);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(panel.querySelector('[aria-current="true"]')?.textContent).toBe('难以忘记初次见你'));
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(usePlayerStore.getState().lyricOpen).toBe(false);
  });

  it('the cover opens it too, and an open panel comes back with the page', async () => {
    const first = renderApp('/music/recommend');
    await userEvent.click(await screen.findByRole('button', { name: '展开歌曲详情' }));
    await screen.findByRole('dialog');
    first.unmount();
    renderApp('/music/recommend');
    expect(await screen.findByRole('dialog', { name: '歌词：情非得已' })).toBeTruthy();
  });
});
