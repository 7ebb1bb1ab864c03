import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribeNotices, type Notice } from '../../lib/notice.ts';
import { api, fixtures, http, HttpResponse, server } from '../../test/msw.ts';
import { NO_URL_MESSAGE, togglePlayback } from './audio-engine.ts';
import { AudioHost } from './components/audio-host.tsx';
import { usePlaybackTime } from './playback-time.store.ts';
import { usePlayerStore } from './player.store.ts';
import { useTransportStore } from './transport.store.ts';

const withUrl = fixtures.songUrl.data[0]!;
const song = { id: withUrl.id, name: '有链接', ar: [{ id: 1, name: '歌手' }], al: { id: 2, name: '专辑' }, dt: 180_000 };
let notices: Notice[] = [];
let stop = () => {};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  stop();
});
afterAll(() => server.close());
beforeEach(() => {
  usePlayerStore.setState({ queue: [], history: [], current: null, volume: 1 });
  useTransportStore.setState({ playing: false, loadingUrl: false, loadRequest: 0 });
  usePlaybackTime.setState({ currentTime: 0, duration: 0 });
  notices = [];
  stop = subscribeNotices((n) => notices.push(n));
});

const mount = () => render(<AudioHost />).getByTestId('audio') as HTMLAudioElement;

describe('audio engine', () => {
  it('selecting a song fetches its URL at 320 kbit/s, sets the source and plays', async () => {
    let asked: URLSearchParams | undefined;
    server.use(
      http.get(api('/song/url'), ({ request }) => {
        asked = new URL(request.url).searchParams;
        return HttpResponse.json(fixtures.songUrl);
      }),
    );
    const audio = mount();
    act(() => usePlayerStore.getState().play(song));
    await waitFor(() => expect(audio.getAttribute('src')).toBe(withUrl.url));
    expect(asked?.get('id')).toBe(String(song.id));
    expect(asked?.get('br')).toBe('320000');
    await waitFor(() => expect(useTransportStore.getState().playing).toBe(true));
    expect(audio.crossOrigin).toBe('anonymous');
  });

  it('an empty URL warns with a link to add a play source', async () => {
    server.use(http.get(api('/song/url'), () => HttpResponse.json({ code: 200, data: [{ ...withUrl, url: null }] })));
    const audio = mount();
    act(() => usePlayerStore.getState().play(song));
    await waitFor(() => expect(notices.map((n) => n.message)).toContain(NO_URL_MESSAGE));
    expect(notices.find((n) => n.message === NO_URL_MESSAGE)?.link?.to).toBe('/setting/source');
    expect(audio.getAttribute('src')).toBeNull();
  });

  it('a failed URL lookup counts as an empty URL', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(http.get(api('/song/url'), () => HttpResponse.json({ code: 500, msg: 'boom' }, { status: 500 })));
    mount();
    act(() => usePlayerStore.getState().play(song));
    await waitFor(() => expect(notices.map((n) => n.message)).toContain(NO_URL_MESSAGE));
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('a song with its own url (offline) plays without asking the server', async () => {
    const audio = mount();
    act(() => usePlayerStore.getState().play({ ...song, id: 99, url: 'http://localhost/local.mp3' }));
    await waitFor(() => expect(audio.getAttribute('src')).toBe('http://localhost/local.mp3'));
  });

  it('after a reload, play resumes the persisted song where it stopped', async () => {
    const audio = mount();
    usePlayerStore.setState({ current: { ...song, type: 'stack' }, queue: [{ ...song, type: 'stack' }] });
    usePlaybackTime.setState({ currentTime: 42 });
    act(() => togglePlayback());
    await waitFor(() => expect(audio.getAttribute('src')).toBe(withUrl.url));
    expect(audio.currentTime).toBe(42);
  });

  it('without Web Audio the element volume follows the store', () => {
    const audio = mount();
    act(() => usePlayerStore.getState().setVolume(0.3));
    expect(audio.volume).toBeCloseTo(0.3);
  });

  it('←/→ seek by 10 s, but not while typing', () => {
    mount();
    usePlaybackTime.setState({ currentTime: 30, duration: 200 });
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(usePlaybackTime.getState().currentTime).toBe(40);
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(usePlaybackTime.getState().currentTime).toBe(20);
    const input = document.body.appendChild(document.createElement('input'));
    fireEvent.keyDown(input, { key: 'ArrowLeft' });
    expect(usePlaybackTime.getState().currentTime).toBe(20);
    input.remove();
  });
});
