import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribeNotices, type Notice } from '../../lib/notice.ts';
import { api, fixtures, http, HttpResponse, server } from '../../test/msw.ts';
import { NO_URL_MESSAGE, playbackPosition, togglePlayback } from './audio-engine.ts';
import { AudioHost } from './components/audio-host.tsx';
import { ARTWORK_SIZES } from './media-session.ts';
import type { PlayableSong, SongInput } from './playable-song.ts';
import { usePlaybackTime } from './playback-time.store.ts';
import { usePlayerStore } from './player.store.ts';
import { useTransportStore } from './transport.store.ts';

/**
 * The engine's transport: what plays at a song's end, what happens when songs fail, the song
 * restored after a reload, the next song prepared on the spare element, keys and MediaSession.
 * jsdom plays nothing: the elements' `paused` and `duration` are kept here, and the test says
 * when a song has played, ended or failed by dispatching the media events.
 */
const urlOf = (id: number) => `http://media.test/${id}.mp3`;
const recordedUrl = fixtures.songUrl.data[0]!;
const song = (id: number, extra: Partial<SongInput> = {}): SongInput => ({
  id,
  name: `歌曲 ${id}`,
  ar: [{ id: 1, name: '歌手' }],
  al: { id: 2, name: '专辑', picUrl: 'http://img.test/cover.jpg' },
  dt: 60_000,
  ...extra,
});

let notices: Notice[] = [];
let urlRequests: number[] = [];
/** ids /song/url answers without a URL; ids it answers as a trial clip */
let noUrl = new Set<number>();
let trials = new Set<number>();
let stop = () => {};

const paused = new WeakMap<HTMLMediaElement, boolean>();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  Object.defineProperty(HTMLMediaElement.prototype, 'paused', { configurable: true, get: () => undefined });
  Object.defineProperty(HTMLMediaElement.prototype, 'paused', {
    configurable: true,
    get(this: HTMLMediaElement) {
      return paused.get(this) ?? true;
    },
  });
  const play = HTMLMediaElement.prototype.play;
  const pause = HTMLMediaElement.prototype.pause;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    paused.set(this, false);
    return play.call(this);
  };
  HTMLMediaElement.prototype.pause = function (this: HTMLMediaElement) {
    paused.set(this, true);
    pause.call(this);
  };
  HTMLMediaElement.prototype.load = () => undefined;
});
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  stop();
});
beforeEach(() => {
  usePlayerStore.setState({ queue: [], history: [], current: null, volume: 1, playMode: 'turn', shuffle: null, lyricOpen: false });
  useTransportStore.setState({ playing: false, loadingUrl: false, loadRequest: 0, unplayable: new Set(), trial: null });
  usePlaybackTime.setState({ currentTime: 0, duration: 0 });
  notices = [];
  urlRequests = [];
  noUrl = new Set();
  trials = new Set();
  stop = subscribeNotices((n) => notices.push(n));
  server.use(
    http.get(api('/song/url'), ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('id'));
      urlRequests.push(id);
      const url = noUrl.has(id) ? null : urlOf(id);
      const freeTrialInfo = trials.has(id) ? { start: 90, end: 120 } : null;
      return HttpResponse.json({ code: 200, data: [{ ...recordedUrl, id, url, freeTrialInfo }] });
    }),
  );
});

function mount() {
  const view = render(<AudioHost />);
  const playing = () => view.container.querySelector<HTMLAudioElement>('[data-testid="audio"]')!;
  const spare = () => view.container.querySelector<HTMLAudioElement>('[data-testid="audio-next"]')!;
  return { ...view, playing, spare };
}

/** The element has played to `time` of a `duration`-second song. */
function playedTo(element: HTMLAudioElement, time: number, duration = 60) {
  Object.defineProperty(element, 'duration', { configurable: true, value: duration });
  element.currentTime = time;
  act(() => {
    element.dispatchEvent(new Event('playing'));
    element.dispatchEvent(new Event('timeupdate'));
  });
}

function end(element: HTMLAudioElement) {
  act(() => {
    paused.set(element, true);
    element.dispatchEvent(new Event('pause'));
    element.dispatchEvent(new Event('ended'));
  });
}

const store = () => usePlayerStore.getState();
const messages = () => notices.map((n) => n.message);

describe('at the end of a song', () => {
  it('the next song starts on its own (顺序播放 wraps)', async () => {
    const { playing } = mount();
    act(() => store().playList([song(1), song(2)], 1));
    await waitFor(() => expect(playing().getAttribute('src')).toBe(urlOf(2)));
    end(playing());
    await waitFor(() => expect(playing().getAttribute('src')).toBe(urlOf(1)));
    expect(store().current?.id).toBe(1);
    expect(playing().paused).toBe(false);
  });

  it('单曲循环 replays the song from its start, without loading it again', async () => {
    const { playing } = mount();
    act(() => store().playList([song(1), song(2)], 0));
    act(() => store().cyclePlayMode());
    act(() => store().cyclePlayMode());
    expect(store().playMode).toBe('single');
    await waitFor(() => expect(playing().getAttribute('src')).toBe(urlOf(1)));
    playedTo(playing(), 59.9);
    const requests = urlRequests.length;
    end(playing());
    expect(playing().currentTime).toBe(0);
    expect(playing().paused).toBe(false);
    expect(store().current?.id).toBe(1);
    expect(urlRequests).toHaveLength(requests);
  });

  it('the next song was prepared on the spare element and takes over at once (gapless)', async () => {
    const { playing, spare } = mount();
    const first = playing();
    act(() => store().playList([song(1), song(2), song(3)], 0));
    await waitFor(() => expect(first.getAttribute('src')).toBe(urlOf(1)));
    // Nothing is prepared in the song's first seconds (skipping through songs stays cheap)…
    playedTo(first, 1, 60);
    expect(spare().getAttribute('src')).toBeNull();
    // …then, 30 s before its end, the next song's URL is fetched and loaded on the spare element.
    playedTo(first, 31, 60);
    await waitFor(() => expect(spare().getAttribute('src')).toBe(urlOf(2)));
    expect(spare().preload).toBe('auto');
    const requests = urlRequests.length;
    const second = spare();

    end(first);
    // Synchronously in the 'ended' handler: no URL lookup, no wait.
    expect(playing()).toBe(second);
    expect(second.paused).toBe(false);
    expect(store().current?.id).toBe(2);
    expect(urlRequests).toHaveLength(requests);
    expect(spare()).toBe(first);
    expect(first.getAttribute('src')).toBeNull();
    await waitFor(() => expect(useTransportStore.getState().playing).toBe(true));
  });

  it('a queue change drops a prepared song that no longer comes next', async () => {
    const { playing, spare } = mount();
    act(() => store().playList([song(1), song(2), song(3)], 0));
    await waitFor(() => expect(playing().getAttribute('src')).toBe(urlOf(1)));
    playedTo(playing(), 40, 60);
    await waitFor(() => expect(spare().getAttribute('src')).toBe(urlOf(2)));
    act(() => store().playNext(song(3)));
    playedTo(playing(), 41, 60);
    await waitFor(() => expect(spare().getAttribute('src')).toBe(urlOf(3)));
    end(playing());
    expect(store().current?.id).toBe(3);
    expect(playing().getAttribute('src')).toBe(urlOf(3));
  });
});

describe('failures', () => {
  it('no URL: the SPEC §8 warning linking to /setting/source, then the next song', async () => {
    noUrl = new Set([1]);
    const { playing } = mount();
    act(() => store().playList([song(1), song(2)], 0));
    await waitFor(() => expect(playing().getAttribute('src')).toBe(urlOf(2)));
    const warning = notices.find((n) => n.message === NO_URL_MESSAGE);
    expect(warning?.link?.to).toBe('/setting/source');
    expect(useTransportStore.getState().unplayable.has(1)).toBe(true);
  });

  it('stops after a full round of songs without a URL instead of looping', async () => {
    noUrl = new Set([1, 2, 3]);
    mount();
    act(() => store().playList([song(1), song(2), song(3)], 0));
    await waitFor(() => expect(messages()).toContain('播放列表中的歌曲都无法播放'));
    expect(urlRequests).toEqual([1, 2, 3]);
    expect(messages().filter((m) => m === NO_URL_MESSAGE)).toHaveLength(3);
  });

  it('a network or decode error names the song, then the next one plays after 2 s', async () => {
    const { playing } = mount();
    act(() => store().playList([song(1), song(2)], 0));
    await waitFor(() => expect(playing().getAttribute('src')).toBe(urlOf(1)));
    const failedAt = Date.now();
    act(() => {
      playing().dispatchEvent(new Event('error'));
    });
    expect(messages()).toContain('《歌曲 1》播放失败，2 秒后播放下一首');
    expect(store().current?.id).toBe(1);
    await waitFor(() => expect(store().current?.id).toBe(2), { timeout: 4000 });
    expect(Date.now() - failedAt).toBeGreaterThanOrEqual(1900);
    await waitFor(() => expect(playing().getAttribute('src')).toBe(urlOf(2)));
  });

  it('an unavailable song (st < 0) is skipped', async () => {
    const { playing } = mount();
    act(() => store().playList([song(1, { st: -1 } as Partial<SongInput>), song(2)], 0));
    await waitFor(() => expect(playing().getAttribute('src')).toBe(urlOf(2)));
    expect(urlRequests).toEqual([2]);
    expect(messages()).toContain('《歌曲 1》暂时无法播放，已跳过');
  });

  it('a trial clip (freeTrialInfo) lasts its span, marked 试听', async () => {
    trials = new Set([4]);
    mount();
    act(() => store().play(song(4, { dt: 240_000 })));
    await waitFor(() => expect(useTransportStore.getState().trial).toEqual({ start: 90, end: 120 }));
    expect(usePlaybackTime.getState().duration).toBe(30);
  });
});

describe('after a reload', () => {
  it('the song comes back loaded at its second, paused; Play continues from there', async () => {
    const current = { ...song(7), type: 'stack' } as PlayableSong;
    usePlayerStore.setState({ current, queue: [current] });
    usePlaybackTime.setState({ currentTime: 42.5 });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play');
    const { playing } = mount();
    await waitFor(() => expect(playing().getAttribute('src')).toBe(urlOf(7)));
    expect(playing().currentTime).toBe(42.5);
    expect(play).not.toHaveBeenCalled();
    expect(useTransportStore.getState().playing).toBe(false);
    expect(playbackPosition()).toBe(42.5);

    act(() => togglePlayback());
    expect(play).toHaveBeenCalledTimes(1);
    expect(playing().currentTime).toBe(42.5);
    expect(urlRequests).toEqual([7]);
    play.mockRestore();
  });
});

describe('keys', () => {
  it('Space plays and pauses, Ctrl+←/→ previous/next, Ctrl+↑/↓ volume, L the lyric panel — never while typing', async () => {
    const { playing } = mount();
    act(() => store().playList([song(1), song(2), song(3)], 0));
    await waitFor(() => expect(playing().getAttribute('src')).toBe(urlOf(1)));
    await waitFor(() => expect(useTransportStore.getState().playing).toBe(true));

    fireEvent.keyDown(window, { key: ' ' });
    expect(playing().paused).toBe(true);
    fireEvent.keyDown(window, { key: ' ' });
    expect(playing().paused).toBe(false);

    fireEvent.keyDown(window, { key: 'ArrowRight', ctrlKey: true });
    expect(store().current?.id).toBe(2);
    fireEvent.keyDown(window, { key: 'ArrowLeft', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'ArrowLeft', ctrlKey: true });
    expect(store().current?.id).toBe(3);
    await waitFor(() => expect(playing().getAttribute('src')).toBe(urlOf(3)));
    await waitFor(() => expect(playing().paused).toBe(false));

    act(() => store().setVolume(0.5));
    fireEvent.keyDown(window, { key: 'ArrowUp', ctrlKey: true });
    expect(store().volume).toBe(0.6);
    fireEvent.keyDown(window, { key: 'ArrowDown', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'ArrowDown', ctrlKey: true });
    expect(store().volume).toBe(0.4);

    fireEvent.keyDown(window, { key: 'l' });
    expect(store().lyricOpen).toBe(true);
    fireEvent.keyDown(window, { key: 'L' });
    expect(store().lyricOpen).toBe(false);

    for (const tag of ['input', 'textarea'] as const) {
      const field = document.body.appendChild(document.createElement(tag));
      for (const key of [' ', 'l']) fireEvent.keyDown(field, { key });
      fireEvent.keyDown(field, { key: 'ArrowRight', ctrlKey: true });
      field.remove();
    }
    const editable = document.body.appendChild(document.createElement('div'));
    editable.contentEditable = 'true';
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    fireEvent.keyDown(editable, { key: 'l' });
    editable.remove();
    expect(store().lyricOpen).toBe(false);
    expect(store().current?.id).toBe(3);
    expect(playing().paused).toBe(false);
  });
});

describe('MediaSession', () => {
  it('shows the song with sized cover art, answers the OS keys and tells the position', async () => {
    const handlers = new Map<string, ((details: MediaSessionActionDetails) => void) | null>();
    const positions: (MediaPositionState | undefined)[] = [];
    const session = {
      metadata: null as unknown,
      playbackState: 'none',
      setActionHandler: (action: string, handler: ((d: MediaSessionActionDetails) => void) | null) => handlers.set(action, handler),
      setPositionState: (state?: MediaPositionState) => positions.push(state),
    };
    Object.defineProperty(navigator, 'mediaSession', { configurable: true, value: session });
    vi.stubGlobal(
      'MediaMetadata',
      class {
        constructor(public init: MediaMetadataInit) {}
      },
    );
    try {
      const { playing } = mount();
      for (const action of ['play', 'pause', 'previoustrack', 'nexttrack', 'seekto', 'seekbackward', 'seekforward']) {
        expect(handlers.get(action), action).toBeTypeOf('function');
      }
      act(() => store().playList([song(1), song(2)], 0));
      const { init } = session.metadata as { init: MediaMetadataInit };
      expect(init).toMatchObject({ title: '歌曲 1', artist: '歌手', album: '专辑' });
      expect(init.artwork!.map((a) => a.sizes)).toEqual(ARTWORK_SIZES.map((px) => `${px}x${px}`));
      expect(init.artwork![0]!.src).toBe('http://img.test/cover.jpg?param=96y96');

      await waitFor(() => expect(playing().getAttribute('src')).toBe(urlOf(1)));
      Object.defineProperty(playing(), 'duration', { configurable: true, value: 60 });
      act(() => handlers.get('seekto')!({ action: 'seekto', seekTime: 12 }));
      act(() => {
        playing().dispatchEvent(new Event('seeked'));
      });
      expect(positions.at(-1)).toEqual({ duration: 60, position: 12, playbackRate: 1 });
      expect(session.playbackState).toBe('playing');
      act(() => handlers.get('nexttrack')!({ action: 'nexttrack' }));
      expect(store().current?.id).toBe(2);
    } finally {
      Reflect.deleteProperty(navigator, 'mediaSession');
      vi.unstubAllGlobals();
    }
  });
});
