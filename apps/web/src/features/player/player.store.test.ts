import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { seekTo } from './audio-engine.ts';
import type { PlayableSong, SongInput } from './playable-song.ts';
import { usePlaybackTime } from './playback-time.store.ts';
import { HISTORY_LIMIT, selectUpcoming, usePlayerStore } from './player.store.ts';
import { useTransportStore } from './transport.store.ts';

const song = (id: number): SongInput => ({
  id,
  name: `歌曲 ${id}`,
  ar: [{ id: 1, name: '歌手' }],
  al: { id: 9, name: '专辑', picUrl: null },
  dt: 200_000,
});
const ids = (list: { id: number }[]) => list.map((s) => s.id);
const store = () => usePlayerStore.getState();
const transport = () => useTransportStore.getState();

const PLAYER_KEY = 'cloudtune-player';
const PERSISTED_KEYS = ['current', 'history', 'lyricOpen', 'playMode', 'queue', 'shuffle', 'volume'];
let setItem: MockInstance<Storage['setItem']>;
/** localStorage writes of the player's entry */
const writes = () => setItem.mock.calls.filter(([key]) => key === PLAYER_KEY);
const saved = () => JSON.parse(localStorage.getItem(PLAYER_KEY)!) as { state: Record<string, unknown>; version: number };

beforeEach(() => {
  // Storage writes are throttled by timers; every test here controls the clock.
  vi.useFakeTimers();
  usePlayerStore.setState({ queue: [], history: [], current: null, playMode: 'turn', volume: 1, shuffle: null, lyricOpen: false });
  useTransportStore.setState({ playing: false, loadingUrl: false, loadRequest: 0 });
  usePlaybackTime.setState({ currentTime: 0, duration: 0 });
  vi.runOnlyPendingTimers();
  setItem = vi.spyOn(Storage.prototype, 'setItem');
});
afterEach(() => {
  // Let pending writes land before the real clock returns, so none is left waiting on a fake timer.
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
  setItem.mockRestore();
});

describe('player store', () => {
  it('adding to the queue skips ids already present', () => {
    store().addToQueue([song(1), song(2)]);
    store().addToQueue([song(2), song(3), song(1)]);
    expect(ids(store().queue)).toEqual([1, 2, 3]);
    expect(store().queue.every((s) => s.type === 'stack')).toBe(true);
  });

  it('playing a song selects it, queues it once, and tags it in the history', () => {
    store().play(song(5));
    store().play(song(5));
    expect(store().current?.id).toBe(5);
    expect(ids(store().queue)).toEqual([5]);
    expect(store().history).toEqual([expect.objectContaining({ id: 5, type: 'history' })]);
    // Picking the current song again still asks the engine to (re)load it.
    expect(transport().loadRequest).toBe(2);
  });

  it('trims API songs to what the player keeps', () => {
    store().play({ ...song(7), h: { br: 320000 }, privilege: {} } as SongInput);
    expect(Object.keys(store().current!).sort()).toEqual(['al', 'ar', 'dt', 'id', 'name', 'type']);
  });

  it('next/previous do nothing with one queued song', () => {
    store().play(song(1));
    const before = transport().loadRequest;
    store().next();
    store().prev();
    expect(store().current?.id).toBe(1);
    expect(transport().loadRequest).toBe(before);
  });

  it('sequential mode wraps around', () => {
    store().playList([song(1), song(2), song(3)], 2);
    expect(store().current?.id).toBe(3);
    store().next();
    expect(store().current?.id).toBe(1);
    store().prev();
    expect(store().current?.id).toBe(3);
  });

  it('random mode plays every queued song once before any repeats, starting a new round with the one picked', () => {
    store().playList([song(1), song(2), song(3), song(4), song(5)], 2);
    store().cyclePlayMode();
    expect(store().playMode).toBe('random');
    const played = [store().current!.id];
    for (let i = 0; i < 9; i++) {
      const upcoming = selectUpcoming(store());
      store().next();
      expect(store().current).toBe(upcoming);
      played.push(store().current!.id);
    }
    expect(played[0]).toBe(3);
    expect([...played.slice(0, 5)].sort()).toEqual([1, 2, 3, 4, 5]);
    expect([...played.slice(5, 10)].sort()).toEqual([1, 2, 3, 4, 5]);
    // Previous goes back through what played.
    store().prev();
    expect(store().current?.id).toBe(played[8]);
  });

  it('modes cycle 顺序播放 → 随机播放 → 单曲循环; random needs more than one queued song', () => {
    store().play(song(1));
    store().cyclePlayMode();
    expect(store().playMode).toBe('single');
    store().cyclePlayMode();
    expect(store().playMode).toBe('turn');
    store().addToQueue([song(2)]);
    store().cyclePlayMode();
    expect(store().playMode).toBe('random');
    expect(store().shuffle?.order[store().shuffle!.pos]).toBe(1);
    store().cyclePlayMode();
    expect(store().playMode).toBe('single');
    expect(store().shuffle).toBeNull();
  });

  it('单曲循环: the song itself comes next at its end; next/previous still move through the queue', () => {
    store().playList([song(1), song(2), song(3)], 0);
    store().cyclePlayMode();
    store().cyclePlayMode();
    expect(store().playMode).toBe('single');
    expect(selectUpcoming(store())?.id).toBe(1);
    store().next();
    expect(store().current?.id).toBe(2);
    store().prev();
    store().prev();
    expect(store().current?.id).toBe(3);
  });

  it('next/previous and the upcoming song pass over unavailable songs', () => {
    store().playList([song(1), { ...song(2), st: -1 } as SongInput, song(3)], 0);
    expect(store().queue[1]).toMatchObject({ id: 2, unavailable: true });
    expect(selectUpcoming(store())?.id).toBe(3);
    store().next();
    expect(store().current?.id).toBe(3);
    store().prev();
    expect(store().current?.id).toBe(1);
  });

  it('下一首播放 puts the song right after the current one, also in random mode', () => {
    store().playList([song(1), song(2), song(3)], 0);
    store().playNext(song(9));
    expect(ids(store().queue)).toEqual([1, 9, 2, 3]);
    store().playNext(song(3));
    expect(ids(store().queue)).toEqual([1, 3, 9, 2]);
    expect(store().current?.id).toBe(1);
    store().cyclePlayMode();
    store().playNext(song(8));
    expect(selectUpcoming(store())?.id).toBe(8);
    store().next();
    expect(store().current?.id).toBe(8);
  });

  it('下一首播放 with nothing playing plays the song', () => {
    store().playNext(song(4));
    expect(store().current?.id).toBe(4);
    expect(ids(store().queue)).toEqual([4]);
  });

  it('the history lists what played, newest first, each song once, bounded', () => {
    store().playList([song(1), song(2), song(3)], 0);
    store().next();
    store().next();
    store().next();
    expect(ids(store().history)).toEqual([3, 2, 1]);
    expect(store().history.every((s) => s.type === 'history')).toBe(true);
    store().removeFromHistory(2);
    expect(ids(store().history)).toEqual([3, 1]);
    store().clearHistory();
    expect(store().history).toEqual([]);
    store().playList(
      Array.from({ length: HISTORY_LIMIT + 5 }, (_, i) => song(i + 1)),
      0,
    );
    for (let i = 0; i < HISTORY_LIMIT + 4; i++) store().next();
    expect(store().history).toHaveLength(HISTORY_LIMIT);
    expect(store().history[0]!.id).toBe(HISTORY_LIMIT + 5);
  });

  it('the lyric panel state is kept', () => {
    store().setLyricOpen(true);
    expect(store().lyricOpen).toBe(true);
  });

  it('playList replaces the queue (deduplicated) and plays the chosen song', () => {
    store().addToQueue([song(9)]);
    store().playList([song(1), song(2), song(1), song(3)], 3);
    expect(ids(store().queue)).toEqual([1, 2, 3]);
    expect(store().current?.id).toBe(3);
  });

  it('removes and clears queue entries; clamps the volume', () => {
    store().addToQueue([song(1), song(2)]);
    store().removeFromQueue(1);
    expect(ids(store().queue)).toEqual([2]);
    store().clearQueue();
    expect(store().queue).toEqual([]);
    store().setVolume(3);
    expect(store().volume).toBe(1);
    store().setVolume(-1);
    expect(store().volume).toBe(0);
  });
});

describe('player persistence', () => {
  it('persists the queue, history, current song, volume, mode, random order and lyric panel, not transport state', () => {
    store().playList([song(1), song(2)], 1);
    store().setVolume(0.4);
    transport().setPlaying(true);
    vi.advanceTimersByTime(500);
    expect(Object.keys(saved().state).sort()).toEqual(PERSISTED_KEYS);
    expect(saved().version).toBe(3);
    expect(saved().state.volume).toBe(0.4);
  });

  it('a play/pause flip writes nothing', () => {
    store().playList([song(1), song(2)], 0);
    vi.advanceTimersByTime(500);
    setItem.mockClear();
    transport().setLoadingUrl(true);
    transport().setLoadingUrl(false);
    transport().setPlaying(true);
    transport().setPlaying(false);
    vi.advanceTimersByTime(10_000);
    expect(setItem).not.toHaveBeenCalled();
  });

  it('a volume change is written once, after the 500 ms throttle; an unchanged one not at all', () => {
    for (const volume of [0.9, 0.8, 0.7, 0.6]) store().setVolume(volume);
    vi.advanceTimersByTime(499);
    expect(writes()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(writes()).toHaveLength(1);
    expect(saved().state.volume).toBe(0.6);
    store().setVolume(0.6);
    vi.advanceTimersByTime(10_000);
    expect(writes()).toHaveLength(1);
  });

  it('with a 10,000-song queue, 50 play/pause flips and a seek never rewrite the player state', () => {
    store().playList(
      Array.from({ length: 10_000 }, (_, i) => song(i + 1)),
      0,
    );
    vi.advanceTimersByTime(500);
    expect(writes()).toHaveLength(1);
    expect(writes()[0]![1].length).toBeGreaterThan(1_000_000);
    setItem.mockClear();

    for (let i = 0; i < 50; i++) transport().setPlaying(i % 2 === 0);
    seekTo(42);
    vi.advanceTimersByTime(10_000);
    expect(writes()).toEqual([]);
    // Only the playhead, a few bytes under its own key.
    expect(setItem.mock.calls.map(([key, value]) => [key, JSON.parse(value)])).toEqual([
      ['cloudtune-playback-time', { state: { currentTime: 42 }, version: 1 }],
    ]);
  });

  it('a queue edit that changes nothing writes nothing', () => {
    store().addToQueue([song(1), song(2)]);
    vi.advanceTimersByTime(500);
    setItem.mockClear();
    store().addToQueue([song(2)]);
    store().removeFromQueue(99);
    vi.advanceTimersByTime(10_000);
    expect(setItem).not.toHaveBeenCalled();
  });

  it('a pending write is flushed when the page is hidden or left', () => {
    store().setVolume(0.5);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    Reflect.deleteProperty(document, 'visibilityState'); // jsdom's own getter answers 'visible' again
    expect(writes()).toHaveLength(1);
    expect(saved().state.volume).toBe(0.5);

    store().setVolume(0.2);
    window.dispatchEvent(new Event('pagehide'));
    expect(writes()).toHaveLength(2);
    expect(saved().state.volume).toBe(0.2);
    vi.advanceTimersByTime(10_000);
    expect(writes()).toHaveLength(2);
  });

  it('a reload restores the queue, history, current song, volume, mode and lyric panel; transport starts idle', async () => {
    store().playList([song(1), song(2), song(3)], 1);
    store().cyclePlayMode();
    store().setVolume(0.4);
    store().setLyricOpen(true);
    const order = store().shuffle;
    transport().setPlaying(true);
    vi.advanceTimersByTime(500);

    vi.resetModules();
    const player = (await import('./player.store.ts')).usePlayerStore;
    const fresh = (await import('./transport.store.ts')).useTransportStore;
    expect(ids(player.getState().queue)).toEqual([1, 2, 3]);
    expect(ids(player.getState().history)).toEqual([2]);
    expect(player.getState()).toMatchObject({ current: { id: 2, type: 'stack' }, volume: 0.4, playMode: 'random', lyricOpen: true });
    expect(player.getState().shuffle).toEqual(order);
    expect(fresh.getState()).toMatchObject({ playing: false, loadingUrl: false, loadRequest: 0 });

    // What was restored is what storage holds: setting it again writes nothing.
    setItem.mockClear();
    player.setState({ volume: 0.4, queue: [...player.getState().queue] });
    vi.advanceTimersByTime(10_000);
    expect(writes()).toEqual([]);
  });

  it('a version 1 save loads without transport keys and is rewritten as version 3', async () => {
    const one = { ...song(1), type: 'stack' } as PlayableSong;
    const old = { queue: [one], history: [], current: one, volume: 0.7, playMode: 'turn', playing: true, loadingUrl: true, loadRequest: 9 };
    localStorage.setItem(PLAYER_KEY, JSON.stringify({ state: old, version: 1 }));

    vi.resetModules();
    const player = (await import('./player.store.ts')).usePlayerStore;
    expect(player.getState()).toMatchObject({ current: { id: 1 }, volume: 0.7, playMode: 'turn' });
    for (const key of ['playing', 'loadingUrl', 'loadRequest']) expect(player.getState()).not.toHaveProperty(key);

    vi.advanceTimersByTime(500);
    expect(saved().version).toBe(3);
    expect(Object.keys(saved().state).sort()).toEqual(PERSISTED_KEYS);
  });

  it('a version 2 save: the history, oldest first then, comes back newest first; random mode gets an order', async () => {
    const entry = (id: number, type: PlayableSong['type']) => ({ ...song(id), type }) as PlayableSong;
    const old = {
      queue: [1, 2, 3].map((id) => entry(id, 'stack')),
      history: [1, 2, 3].map((id) => entry(id, 'history')),
      current: entry(3, 'stack'),
      volume: 0.5,
      playMode: 'random',
    };
    localStorage.setItem(PLAYER_KEY, JSON.stringify({ state: old, version: 2 }));

    vi.resetModules();
    const player = (await import('./player.store.ts')).usePlayerStore;
    expect(ids(player.getState().history)).toEqual([3, 2, 1]);
    const { shuffle } = player.getState();
    expect(shuffle?.order[shuffle.pos]).toBe(3);
    expect([...shuffle!.order.slice(0, 3)].sort()).toEqual([1, 2, 3]);
    expect(player.getState().lyricOpen).toBe(false);
  });

  it('an unknown mode or a broken order in an old save falls back to the defaults', async () => {
    localStorage.setItem(PLAYER_KEY, JSON.stringify({ state: { playMode: 'loop-all', shuffle: 'x', lyricOpen: 'yes' }, version: 2 }));
    vi.resetModules();
    const player = (await import('./player.store.ts')).usePlayerStore;
    expect(player.getState()).toMatchObject({ playMode: 'turn', shuffle: null, lyricOpen: false, queue: [] });
  });
});
