import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlaybackTime, usePlayerStore, type PlayableSong } from '../../features/player/index.ts';
import { renderApp } from '../../test/render-app.tsx';
import { server } from '../../test/msw.ts';

/** 桌面歌词 in the browser: the floating lyric in a Document Picture-in-Picture window, where there is one. */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  delete (window as { documentPictureInPicture?: unknown }).documentPictureInPicture;
});
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

/** A Picture-in-Picture window as far as the app uses one: its own document, close, pagehide. */
function fakePip() {
  const doc = document.implementation.createHTMLDocument('');
  const events = new EventTarget();
  const pip = {
    document: doc,
    close: vi.fn(() => events.dispatchEvent(new Event('pagehide'))),
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    requestAnimationFrame: (f: FrameRequestCallback) => window.requestAnimationFrame(f),
    cancelAnimationFrame: (n: number) => window.cancelAnimationFrame(n),
  };
  const requestWindow = vi.fn(() => Promise.resolve(pip as unknown as Window));
  (window as { documentPictureInPicture?: unknown }).documentPictureInPicture = { requestWindow };
  return { pip, doc, requestWindow, events };
}

describe('桌面歌词 in the browser', () => {
  it('is not in the player bar where the browser has no Document Picture-in-Picture', async () => {
    renderApp('/music/recommend');
    await screen.findByRole('button', { name: '歌词' });
    expect(screen.queryByRole('button', { name: '桌面歌词' })).toBeNull();
  });

  it('opens the floating lyric in the window on the line being sung, dressed like the app; a second press closes it', async () => {
    const { pip, doc, requestWindow } = fakePip();
    document.documentElement.dataset.theme = 'dark';
    renderApp('/music/recommend');
    const button = await screen.findByRole('button', { name: '桌面歌词' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(button);
    expect(requestWindow).toHaveBeenCalledWith({ width: 520, height: 150 });
    await waitFor(() => expect(doc.querySelector('[aria-current="true"]')?.textContent).toBe('难以忘记初次见你'));
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(doc.documentElement.dataset.theme).toBe('dark');
    // The app's colour scheme changes: the window follows.
    document.documentElement.dataset.theme = 'light';
    await waitFor(() => expect(doc.documentElement.dataset.theme).toBe('light'));
    await userEvent.click(button);
    expect(pip.close).toHaveBeenCalled();
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    expect(doc.querySelector('[data-testid="floating-lyric"]')).toBeNull();
  });

  it('closing the window by its own × releases the button', async () => {
    const { doc, events } = fakePip();
    renderApp('/music/recommend');
    const button = await screen.findByRole('button', { name: '桌面歌词' });
    await userEvent.click(button);
    await waitFor(() => expect(doc.querySelector('[data-testid="floating-lyric"]')).not.toBeNull());
    events.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    expect(doc.querySelector('[data-testid="floating-lyric"]')).toBeNull();
  });
});
