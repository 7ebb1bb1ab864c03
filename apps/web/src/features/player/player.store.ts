import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { createThrottledStorage } from '../../lib/throttled-storage.ts';
import { appendUnique, nextIndex, type Direction, type PlayMode } from './queue-rules.ts';
import { toPlayable, type PlayableSong, type SongInput } from './playable-song.ts';
import { useTransportStore } from './transport.store.ts';

/** Play history is bounded so the persisted state stays small. */
export const HISTORY_LIMIT = 500;

/** What survives a reload (SPEC §9). Transport state lives in transport.store.ts. */
interface PersistedPlayer {
  queue: PlayableSong[];
  history: PlayableSong[];
  current: PlayableSong | null;
  /** 0..1 (SPEC §4 default 1) */
  volume: number;
  playMode: PlayMode;
}

interface PlayerState extends PersistedPlayer {
  /** select a song: it joins the queue and the history and starts playing */
  play: (song: SongInput) => void;
  /** 播放全部 / double-click in a list: the list becomes the queue, `index` plays */
  playList: (songs: readonly SongInput[], index?: number) => void;
  addToQueue: (songs: readonly SongInput[]) => void;
  removeFromQueue: (id: number) => void;
  clearQueue: () => void;
  next: (random?: () => number) => void;
  prev: (random?: () => number) => void;
  togglePlayMode: () => void;
  setVolume: (volume: number) => void;
}

const clampVolume = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 1);

/** Older saved states may carry keys this store no longer has (playing, loadingUrl…): keep only ours. */
function pickPersisted(saved: unknown): Partial<PersistedPlayer> {
  const s = (typeof saved === 'object' && saved !== null ? saved : {}) as Partial<Record<keyof PersistedPlayer, unknown>>;
  return {
    ...(Array.isArray(s.queue) && { queue: s.queue as PlayableSong[] }),
    ...(Array.isArray(s.history) && { history: s.history as PlayableSong[] }),
    ...(typeof s.current === 'object' && { current: s.current as PlayableSong | null }),
    ...(typeof s.volume === 'number' && { volume: clampVolume(s.volume) }),
    ...((s.playMode === 'turn' || s.playMode === 'random') && { playMode: s.playMode }),
  };
}

export const usePlayerStore = create<PlayerState>()(
  persist(
    (set, get) => {
      const select = (song: PlayableSong, queue: PlayableSong[]) => {
        set(({ history }) => ({
          current: song,
          queue,
          history: appendUnique(history, [{ ...song, type: 'history' as const }]).slice(-HISTORY_LIMIT),
        }));
        // After `current` is set: the engine reads it when the request arrives.
        useTransportStore.getState().requestLoad();
      };

      const step = (direction: Direction, random?: () => number) => {
        const { queue, current, playMode } = get();
        const index = current ? queue.findIndex((s) => s.id === current.id) : -1;
        const target = nextIndex(queue.length, index, playMode, direction, random);
        if (target !== null) select(queue[target]!, queue);
      };

      return {
        queue: [],
        history: [],
        current: null,
        volume: 1,
        playMode: 'turn',
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
        addToQueue: (songs) =>
          set(({ queue }) => ({
            queue: appendUnique(
              queue,
              songs.map((s) => toPlayable(s, 'stack')),
            ),
          })),
        removeFromQueue: (id) => set(({ queue }) => ({ queue: queue.filter((s) => s.id !== id) })),
        clearQueue: () => set({ queue: [] }),
        next: (random) => step(1, random),
        prev: (random) => step(-1, random),
        togglePlayMode: () =>
          set(({ playMode, queue }) => {
            // SPEC §5: random mode needs more than one queued song.
            if (playMode === 'turn' && queue.length <= 1) return {};
            return { playMode: playMode === 'turn' ? 'random' : 'turn' };
          }),
        setVolume: (volume) => set({ volume: clampVolume(volume) }),
      };
    },
    {
      name: 'cloudtune-player',
      // 2: transport state moved out of this store.
      version: 2,
      // Written when a persisted key changed, at most every 500 ms: a 10,000-song queue is
      // about 2 MB of JSON, and volume drags or queue edits come in bursts.
      storage: createThrottledStorage<PersistedPlayer>(),
      partialize: ({ queue, history, current, volume, playMode }) => ({ queue, history, current, volume, playMode }),
      // Keys missing from an old save keep their defaults (persist merges shallowly).
      migrate: (persisted) => pickPersisted(persisted) as PersistedPlayer,
    },
  ),
);

/** Index of the current song in the queue (-1 when none). */
export const selectCurrentIndex = (s: Pick<PlayerState, 'queue' | 'current'>) =>
  s.current ? s.queue.findIndex((song) => song.id === s.current!.id) : -1;
