import { act, render, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeAudioContext, type FakeNode, type FakeParam } from '../../test/fake-audio-context.ts';
import { api, fixtures, http, HttpResponse, server } from '../../test/msw.ts';
import { AudioHost } from './components/audio-host.tsx';
import type { SongInput } from './playable-song.ts';
import { DEFAULT_PLAYBACK, usePlaybackSettings } from './playback-settings.store.ts';
import { usePlaybackTime } from './playback-time.store.ts';
import { usePlayerStore } from './player.store.ts';
import { useTransportStore } from './transport.store.ts';

/**
 * The engine with a (fake) audio graph: 音量均衡 sets each element's loudness gain from what
 * /song/url measured, and 淡入淡出 hands one song over to the next with both elements sounding,
 * never inside an album played in order. jsdom plays nothing: the test moves the elements' clocks.
 */
const urlOf = (id: number) => `http://media.test/${id}.mp3`;
const recordedUrl = fixtures.songUrl.data[0]!;
const song = (id: number, album: number, no: number): SongInput => ({
  id,
  name: `歌曲 ${id}`,
  ar: [{ id: 1, name: '歌手' }],
  al: { id: album, name: `专辑 ${album}` },
  dt: 60_000,
  no,
});
/** /song/url's loudness per id: gain (dB to −18 LUFS), true peak */
const measured = new Map<number, { gain: number; peak: number }>();

const paused = new WeakMap<HTMLMediaElement, boolean>();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  Object.defineProperty(HTMLMediaElement.prototype, 'paused', {
    configurable: true,
    get(this: HTMLMediaElement) {
      return paused.get(this) ?? true;
    },
  });
  // A prepared element has buffered what it needs.
  Object.defineProperty(HTMLMediaElement.prototype, 'readyState', {
    configurable: true,
    get(this: HTMLMediaElement) {
      return this.getAttribute('src') ? HTMLMediaElement.HAVE_ENOUGH_DATA : HTMLMediaElement.HAVE_NOTHING;
    },
  });
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    paused.set(this, false);
    return Promise.resolve();
  };
  HTMLMediaElement.prototype.pause = function (this: HTMLMediaElement) {
    paused.set(this, true);
  };
  HTMLMediaElement.prototype.load = () => undefined;
});
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});
let unmount = () => {};
afterEach(() => {
  unmount();
  server.resetHandlers();
});
beforeEach(() => {
  vi.stubGlobal('AudioContext', FakeAudioContext);
  FakeAudioContext.instances = [];
  usePlayerStore.setState({ queue: [], history: [], current: null, volume: 1, playMode: 'turn', shuffle: null, lyricOpen: false });
  useTransportStore.setState({ playing: false, loadingUrl: false, loadRequest: 0, unplayable: new Set(), trial: null });
  usePlaybackTime.setState({ currentTime: 0, duration: 0 });
  usePlaybackSettings.setState({ ...DEFAULT_PLAYBACK, crossfadeSeconds: 4, normalization: 'track', targetLufs: -18 });
  measured.clear();
  server.use(
    http.get(api('/song/url'), ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('id'));
      return HttpResponse.json({ code: 200, data: [{ ...recordedUrl, id, url: urlOf(id), freeTrialInfo: null, ...measured.get(id) }] });
    }),
  );
});

function mount() {
  const view = render(<AudioHost />);
  unmount = view.unmount;
  const playing = () => view.container.querySelector<HTMLAudioElement>('[data-testid="audio"]')!;
  const spare = () => view.container.querySelector<HTMLAudioElement>('[data-testid="audio-next"]')!;
  return { playing, spare };
}

/** An element's two gains in the graph: its loudness (音量均衡) and its level (fades). */
function gains(element: HTMLAudioElement) {
  const source = FakeAudioContext.instances.at(-1)!.sources.find((s) => s.element === element)!;
  const loudness = [...source.outputs][0] as FakeNode;
  return { loudness: loudness.gain as FakeParam, level: ([...loudness.outputs][0] as FakeNode).gain as FakeParam };
}

function playedTo(element: HTMLAudioElement, time: number, duration = 60) {
  Object.defineProperty(element, 'duration', { configurable: true, value: duration });
  element.currentTime = time;
  act(() => {
    element.dispatchEvent(new Event('playing'));
    element.dispatchEvent(new Event('timeupdate'));
  });
}

const store = () => usePlayerStore.getState();
const db = (linear: number) => Math.round(20 * Math.log10(linear) * 10) / 10;

describe('音量均衡 in the engine', () => {
  it('each song plays at its own gain to the target, set before it sounds; 关闭 goes back to 0 dB', async () => {
    measured.set(1, { gain: -10, peak: 0.9 });
    measured.set(2, { gain: 6, peak: 0.4 });
    const { playing, spare } = mount();
    act(() => store().playList([song(1, 10, 1), song(2, 20, 1)], 0));
    await waitFor(() => expect(playing().getAttribute('src')).toBe(urlOf(1)));
    expect(db(gains(playing()).loudness.value)).toBe(-10);

    // The next song, prepared, gets its own gain when it takes over: +6 dB, which its peak allows.
    playedTo(playing(), 31);
    await waitFor(() => expect(spare().getAttribute('src')).toBe(urlOf(2)));
    usePlaybackSettings.setState({ crossfadeSeconds: 0 });
    const second = spare();
    act(() => {
      paused.set(playing(), true);
      playing().dispatchEvent(new Event('ended'));
    });
    expect(playing()).toBe(second);
    expect(db(gains(second).loudness.value)).toBe(6);

    // −14 LUFS would want +10 dB: a peak of 0.4 holds it at 1 / 0.4, +8 dB.
    act(() => usePlaybackSettings.getState().setTargetLufs(-14));
    expect(db(gains(second).loudness.value)).toBe(8);
    act(() => usePlaybackSettings.getState().setNormalization('off'));
    expect(gains(second).loudness.value).toBe(1);
  });
});

describe('淡入淡出 in the engine', () => {
  it('the last 4 s of a song cross into the prepared next one: both sound, on equal-power curves', async () => {
    const { playing, spare } = mount();
    act(() => store().playList([song(1, 10, 1), song(2, 20, 1), song(3, 30, 1)], 0));
    const first = playing();
    await waitFor(() => expect(first.getAttribute('src')).toBe(urlOf(1)));
    playedTo(first, 31);
    await waitFor(() => expect(spare().getAttribute('src')).toBe(urlOf(2)));
    const second = spare();

    // 4.02 s before the end: the fade is armed and starts at once.
    playedTo(first, 55.98);
    await waitFor(() => expect(store().current?.id).toBe(2));
    expect(playing()).toBe(second);
    expect(second.paused).toBe(false);
    expect(first.paused).toBe(false);
    await waitFor(() => expect(gains(second).level.curves).toHaveLength(1));
    const fadeIn = gains(second).level.curves[0]!;
    const fadeOut = gains(first).level.curves[0]!;
    expect(fadeIn.duration).toBe(4);
    expect(fadeOut).toMatchObject({ start: fadeIn.start, duration: 4 });
    expect(fadeIn.values[0]).toBe(0);
    expect(fadeOut.values.at(-1)).toBe(0);
    const mid = fadeIn.values.length >> 1;
    expect(fadeIn.values[mid]! ** 2 + fadeOut.values[mid]! ** 2).toBeCloseTo(1, 2);

    // A pick during the fade silences the outgoing song at once and stops it.
    act(() => store().play(song(3, 30, 1)));
    await waitFor(() => expect(first.paused).toBe(true));
    expect(first.getAttribute('src')).toBeNull();
    expect(gains(first).level.value).toBe(0);
  });

  it('an album played in order plays gapless: nothing crosses before the end', async () => {
    const { playing, spare } = mount();
    const album = [song(1, 10, 1), song(2, 10, 2), song(3, 10, 3)];
    act(() => store().playList(album, 0));
    const first = playing();
    await waitFor(() => expect(first.getAttribute('src')).toBe(urlOf(1)));
    playedTo(first, 31);
    await waitFor(() => expect(spare().getAttribute('src')).toBe(urlOf(2)));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      playedTo(first, 55.98);
      playedTo(first, 58);
      // Past the moment a crossfade would have started.
      act(() => vi.advanceTimersByTime(3000));
      expect(store().current?.id).toBe(1);
      expect(spare().paused).toBe(true);
      expect(gains(spare()).level.curves).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
    // At its end the next track takes over at once.
    const second = spare();
    act(() => {
      paused.set(first, true);
      first.dispatchEvent(new Event('ended'));
    });
    expect(playing()).toBe(second);
    expect(store().current?.id).toBe(2);
  });

  it('a next song not ready when the fade is due waits for the end (gapless)', async () => {
    measured.clear();
    const { playing, spare } = mount();
    act(() => store().playList([song(1, 10, 1), song(2, 20, 1)], 0));
    const first = playing();
    await waitFor(() => expect(first.getAttribute('src')).toBe(urlOf(1)));
    // Straight to the fade's start: the next song was never prepared.
    playedTo(first, 55.98);
    await waitFor(() => expect(spare().getAttribute('src')).toBe(urlOf(2)));
    expect(store().current?.id).toBe(1);
    expect(gains(spare()).level.curves).toHaveLength(0);
  });
});
