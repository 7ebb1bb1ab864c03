import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeAudioContext } from '../../test/fake-audio-context.ts';
import { api, fixtures, http, HttpResponse, server } from '../../test/msw.ts';
import { setLocalSource } from './audio-engine.ts';
import { AudioHost } from './components/audio-host.tsx';
import { usePlaybackTime } from './playback-time.store.ts';
import { usePlayerStore } from './player.store.ts';
import { useTransportStore } from './transport.store.ts';

/**
 * First sound (docs/decisions/0035-first-sound.md): between a pick and its /song/url request the
 * page does nothing else. The request leaves inside the pick's own handler, before the lookup of
 * a downloaded copy, before the audio graph, and before the page re-renders for the new song.
 */
const withUrl = fixtures.songUrl.data[0]!;
const song = { id: withUrl.id, name: '首音', ar: [{ id: 1, name: '歌手' }], al: { id: 2, name: '专辑' }, dt: 180_000 };
let order: string[] = [];

/** Web Audio as jsdom lacks it; creating a context is noted in the order. */
class NotedContext extends FakeAudioContext {
  constructor() {
    super();
    order.push('audio graph');
  }
}

/** Renders while the new song is current: the page's re-render for the pick. */
function Witness() {
  const current = usePlayerStore((s) => s.current);
  if (current) order.push('render');
  return null;
}

/** A song row as the lists have it: a double-click plays the list from that song. */
const Row = () => (
  <div data-testid="song-row" onDoubleClick={() => usePlayerStore.getState().playList([song], 0)}>
    {song.name}
  </div>
);

const mount = () =>
  render(
    <MemoryRouter>
      <AudioHost />
      <Witness />
      <Row />
    </MemoryRouter>,
  );

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  order = [];
  usePlayerStore.setState({ queue: [], history: [], current: null, volume: 1 });
  useTransportStore.setState({ playing: false, loadingUrl: false, loadRequest: 0 });
  usePlaybackTime.setState({ currentTime: 0, duration: 0 });
  FakeAudioContext.instances = [];
  vi.stubGlobal('AudioContext', NotedContext);
  const fetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    order.push(`fetch ${url.pathname}`);
    return fetch(input, init);
  });
  setLocalSource((id) => {
    order.push('downloads lookup');
    return Promise.resolve(id === -1 ? 'blob:never' : null);
  });
  server.use(http.get(api('/song/url'), () => HttpResponse.json(fixtures.songUrl)));
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setLocalSource(null);
});

describe('first sound: a pick asks for its URL before anything else', () => {
  it('a pick before the page was idle: /song/url, then the downloads lookup, then the audio graph, then the re-render', async () => {
    mount();
    fireEvent.doubleClick(screen.getByTestId('song-row'));
    expect(order.slice(0, 4)).toEqual(['fetch /api/song/url', 'downloads lookup', 'audio graph', 'render']);
    await waitFor(() => expect(screen.getByTestId('audio').getAttribute('src')).toBe(withUrl.url));
  });

  it('the audio graph is built ahead, once the page is idle, and waits suspended: the pick only asks for the URL and resumes it', async () => {
    mount();
    await waitFor(() => expect(FakeAudioContext.instances).toHaveLength(1));
    const [context] = FakeAudioContext.instances;
    expect(context!.state).toBe('suspended');
    expect(context!.sources).toHaveLength(2);
    order = [];
    fireEvent.doubleClick(screen.getByTestId('song-row'));
    expect(order.slice(0, 3)).toEqual(['fetch /api/song/url', 'downloads lookup', 'render']);
    expect(FakeAudioContext.instances).toHaveLength(1);
    expect(context!.state).toBe('running');
    await waitFor(() => expect(screen.getByTestId('audio').getAttribute('src')).toBe(withUrl.url));
  });
});
