import { beforeEach, describe, expect, it } from 'vitest';
import type { SongInput } from './playable-song.ts';
import { usePlayerStore } from './player.store.ts';

const song = (id: number): SongInput => ({
  id,
  name: `歌曲 ${id}`,
  ar: [{ id: 1, name: '歌手' }],
  al: { id: 9, name: '专辑', picUrl: null },
  dt: 200_000,
});
const ids = (list: { id: number }[]) => list.map((s) => s.id);
const store = () => usePlayerStore.getState();

beforeEach(() => {
  usePlayerStore.setState({ queue: [], history: [], current: null, playMode: 'turn', volume: 1, loadRequest: 0 });
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
    expect(store().loadRequest).toBe(2);
  });

  it('trims API songs to what the player keeps', () => {
    store().play({ ...song(7), h: { br: 320000 }, privilege: {} } as SongInput);
    expect(Object.keys(store().current!).sort()).toEqual(['al', 'ar', 'dt', 'id', 'name', 'type']);
  });

  it('next/previous do nothing with one queued song', () => {
    store().play(song(1));
    const before = store().loadRequest;
    store().next();
    store().prev();
    expect(store().current?.id).toBe(1);
    expect(store().loadRequest).toBe(before);
  });

  it('sequential mode wraps around', () => {
    store().playList([song(1), song(2), song(3)], 2);
    expect(store().current?.id).toBe(3);
    store().next();
    expect(store().current?.id).toBe(1);
    store().prev();
    expect(store().current?.id).toBe(3);
  });

  it('random mode picks a random queue position other than the current one', () => {
    store().playList([song(1), song(2), song(3), song(4)], 0);
    store().togglePlayMode();
    expect(store().playMode).toBe('random');
    store().next(() => 0.99);
    expect(store().current?.id).toBe(4);
    store().next(() => 0);
    expect(store().current?.id).toBe(1);
  });

  it('random mode needs more than one queued song', () => {
    store().play(song(1));
    store().togglePlayMode();
    expect(store().playMode).toBe('turn');
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

  it('persists the queue, history, current song, volume and mode, not transport state', () => {
    store().playList([song(1), song(2)], 1);
    store().setVolume(0.4);
    store().setPlaying(true);
    const saved = JSON.parse(localStorage.getItem('cloudtune-player')!) as { state: Record<string, unknown>; version: number };
    expect(Object.keys(saved.state).sort()).toEqual(['current', 'history', 'playMode', 'queue', 'volume']);
    expect(saved.version).toBe(1);
    expect(saved.state.volume).toBe(0.4);
  });
});
