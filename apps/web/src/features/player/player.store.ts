import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { createThrottledStorage } from '../../lib/throttled-storage.ts';
import {
  appendUnique,
  insertAfter,
  nextIndex,
  nextPlayMode,
  prependUnique,
  startShuffle,
  stepShuffle,
  syncShuffle,
  type Direction,
  type PlayMode,
  type ShuffleOrder,
} from './queue-rules.ts';
import { toPlayable, type PlayableSong, type SongInput } from './playable-song.ts';
import { useTransportStore } from './transport.store.ts';

/** Play history is bounded so the persisted state stays small. */
export const HISTORY_LIMIT = 500;

/** What survives a reload. Transport state lives in transport.store.ts. */
interface PersistedPlayer {
  queue: PlayableSong[];
  /** Newest first, each song once (adding skips ids already present) */
  history: PlayableSong[];
  current: PlayableSong | null;
  /** 0..1 (default 1) */
  volume: number;
  playMode: PlayMode;
  /** random mode's play order (queue-rules.ts); null in the other modes */
  shuffle: ShuffleOrder | null;
  /** The full lyric panel (lyric panels visible or not) */
  lyricOpen: boolean;
}

type Random = () => number;

interface PlayerState extends PersistedPlayer {
  /** select a song: it joins the queue and the history and starts playing */
  play: (song: SongInput) => void;
  /** 播放全部 / double-click in a list: the list becomes the queue, `index` plays */
  playList: (songs: readonly SongInput[], index?: number) => void;
  /** 下一首播放: the song goes right after the current one (plays now when nothing is playing) */
  playNext: (song: SongInput) => void;
  addToQueue: (songs: readonly SongInput[]) => void;
  removeFromQueue: (id: number) => void;
  clearQueue: () => void;
  removeFromHistory: (id: number) => void;
  clearHistory: () => void;
  /** next/previous by the mode; unavailable songs are passed over */
  next: (random?: Random) => void;
  prev: (random?: Random) => void;
  /** 顺序播放 → 随机播放 → 单曲循环 (random only with more than one song) */
  cyclePlayMode: (random?: Random) => void;
  setVolume: (volume: number) => void;
  setLyricOpen: (open: boolean) => void;
}

const clampVolume = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 1);
const idsOf = (queue: readonly PlayableSong[]) => queue.map((s) => s.id);
const isShuffle = (value: unknown): value is ShuffleOrder =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as ShuffleOrder).order) &&
  (value as ShuffleOrder).order.every((id) => typeof id === 'number') &&
  Number.isInteger((value as ShuffleOrder).pos);

/** Older saved states may carry keys this store no longer has (playing, loadingUrl…): keep only ours. */
function pickPersisted(saved: unknown, version: number): Partial<PersistedPlayer> {
  const s = (typeof saved === 'object' && saved !== null ? saved : {}) as Partial<Record<keyof PersistedPlayer, unknown>>;
  const queue = Array.isArray(s.queue) ? (s.queue as PlayableSong[]) : [];
  const current = typeof s.current === 'object' ? (s.current as PlayableSong | null) : null;
  const playMode = (['turn', 'random', 'single'] as unknown[]).includes(s.playMode) ? (s.playMode as PlayMode) : undefined;
  return {
    ...(Array.isArray(s.queue) && { queue }),
    // Before version 3 the history was kept oldest first.
    ...(Array.isArray(s.history) && {
      history: version < 3 ? [...(s.history as PlayableSong[])].reverse() : (s.history as PlayableSong[]),
    }),
    ...(typeof s.current === 'object' && { current }),
    ...(typeof s.volume === 'number' && { volume: clampVolume(s.volume) }),
    ...(playMode && { playMode }),
    ...(playMode === 'random' && { shuffle: isShuffle(s.shuffle) ? s.shuffle : startShuffle(idsOf(queue), current?.id ?? null) }),
    ...(typeof s.lyricOpen === 'boolean' && { lyricOpen: s.lyricOpen }),
  };
}

export const usePlayerStore = create<PlayerState>()(
  persist(
    (set, get) => {
      /** random mode's order after a queue change; null in the other modes */
      const shuffleFor = (queue: readonly PlayableSong[], random?: Random): ShuffleOrder | null => {
        const { playMode, shuffle, current } = get();
        if (playMode !== 'random') return null;
        return shuffle ? syncShuffle(shuffle, idsOf(queue), random) : startShuffle(idsOf(queue), current?.id ?? null, random);
      };

      /** `order`: where the song sits in random mode's order; a song picked by hand starts a new round. */
      const select = (song: PlayableSong, queue: PlayableSong[], order?: ShuffleOrder) => {
        set(({ history, playMode }) => ({
          current: song,
          queue,
          shuffle: playMode === 'random' ? (order ?? startShuffle(idsOf(queue), song.id)) : null,
          history: prependUnique(history, [{ ...song, type: 'history' as const }], HISTORY_LIMIT),
        }));
        // After `current` is set: the engine reads it when the request arrives.
        useTransportStore.getState().requestLoad();
      };

      const step = (direction: Direction, random?: Random) => {
        const { queue, current, playMode, shuffle } = get();
        if (playMode === 'random') {
          const ids = idsOf(queue);
          const byId = new Map(queue.map((s) => [s.id, s]));
          let order: ShuffleOrder | null = shuffle ?? startShuffle(ids, current?.id ?? null, random);
          for (let tries = 0; tries < queue.length; tries++) {
            order = stepShuffle(order, ids, direction, random);
            if (!order) return;
            const song = byId.get(order.order[order.pos]!);
            if (song && !song.unavailable) return select(song, queue, order);
          }
          return;
        }
        let index = current ? queue.findIndex((s) => s.id === current.id) : -1;
        for (let tries = 0; tries < queue.length; tries++) {
          const target = nextIndex(queue.length, index, direction);
          if (target === null) return;
          index = target;
          if (!queue[target]!.unavailable) return select(queue[target]!, queue);
        }
      };

      const setQueue = (queue: PlayableSong[]) => set({ queue, shuffle: shuffleFor(queue) });

      return {
        queue: [],
        history: [],
        current: null,
        volume: 1,
        playMode: 'turn',
        shuffle: null,
        lyricOpen: false,
        play: (song) => {
          const playable = toPlayable(song, 'stack');
          select(playable, appendUnique(get().queue, [playable]));
        },
        playList: (songs, index = 0) => {
          const queue = appendUnique<PlayableSong>(
            [],
            songs.map((s) => toPlayable(s, 'stack')),
          );
          const chosen = songs[index];
          const song = chosen ? queue.find((s) => s.id === chosen.id) : queue[0];
          if (song) select(song, queue);
        },
        playNext: (song) => {
          const { current, queue } = get();
          const playable = toPlayable(song, 'stack');
          if (!current) return get().play(song);
          if (playable.id === current.id) return;
          // A current song no longer queued: the song goes first, where next() goes from there.
          const next = insertAfter(
            queue,
            queue.findIndex((s) => s.id === current.id),
            playable,
          );
          const order = shuffleFor(next);
          if (order) {
            // In random mode it also comes next: out of the rest of the order, right after the current song.
            const rest = order.order.slice(order.pos + 1).filter((id) => id !== playable.id);
            order.order = [...order.order.slice(0, order.pos + 1), playable.id, ...rest];
          }
          set({ queue: next, shuffle: order });
        },
        addToQueue: (songs) => {
          const queue = appendUnique(
            get().queue,
            songs.map((s) => toPlayable(s, 'stack')),
          );
          if (queue !== get().queue) setQueue(queue);
        },
        removeFromQueue: (id) => {
          if (get().queue.some((s) => s.id === id)) setQueue(get().queue.filter((s) => s.id !== id));
        },
        clearQueue: () => set({ queue: [], shuffle: null }),
        removeFromHistory: (id) => {
          if (get().history.some((s) => s.id === id)) set(({ history }) => ({ history: history.filter((s) => s.id !== id) }));
        },
        clearHistory: () => set({ history: [] }),
        next: (random) => step(1, random),
        prev: (random) => step(-1, random),
        cyclePlayMode: (random) => {
          const { playMode, queue, current } = get();
          const mode = nextPlayMode(playMode, queue.length);
          set({ playMode: mode, shuffle: mode === 'random' ? startShuffle(idsOf(queue), current?.id ?? null, random) : null });
        },
        setVolume: (volume) => set({ volume: clampVolume(volume) }),
        setLyricOpen: (lyricOpen) => set({ lyricOpen }),
      };
    },
    {
      name: 'cloudtune-player',
      // 2: transport state moved out of this store. 3: 单曲循环, random mode's order, the lyric
      // panel, and the history newest first.
      version: 3,
      // Written when a persisted key changed, at most every 500 ms: a 10,000-song queue is
      // about 2 MB of JSON, and volume drags or queue edits come in bursts.
      storage: createThrottledStorage<PersistedPlayer>(),
      partialize: ({ queue, history, current, volume, playMode, shuffle, lyricOpen }) => ({
        queue,
        history,
        current,
        volume,
        playMode,
        shuffle,
        lyricOpen,
      }),
      // Keys missing from an old save keep their defaults (persist merges shallowly).
      migrate: (persisted, version) => pickPersisted(persisted, version) as PersistedPlayer,
    },
  ),
);

/** Index of the current song in the queue (-1 when none). */
export const selectCurrentIndex = (s: Pick<PlayerState, 'queue' | 'current'>) =>
  s.current ? s.queue.findIndex((song) => song.id === s.current!.id) : -1;

/**
 * The song that plays when the current one ends: itself in 单曲循环 or with nothing else queued;
 * otherwise the next available song by the mode (what the engine prepares for a gapless switch).
 */
export function selectUpcoming(s: Pick<PlayerState, 'queue' | 'current' | 'playMode' | 'shuffle'>): PlayableSong | null {
  const { queue, current, playMode, shuffle } = s;
  if (!current) return null;
  if (playMode === 'single' || queue.length <= 1) return current;
  if (playMode === 'random') {
    const byId = new Map(queue.map((song) => [song.id, song]));
    const order = shuffle?.order ?? [];
    for (let i = (shuffle?.pos ?? -1) + 1; i < order.length; i++) {
      const song = byId.get(order[i]!);
      if (song && !song.unavailable) return song;
    }
    return null;
  }
  let index = selectCurrentIndex(s);
  for (let tries = 0; tries < queue.length; tries++) {
    index = nextIndex(queue.length, index, 1)!;
    if (!queue[index]!.unavailable) return queue[index]!;
  }
  return null;
}
