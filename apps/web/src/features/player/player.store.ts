import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { appendUnique, nextIndex, type Direction, type PlayMode } from './queue-rules.ts';
import { toPlayable, type PlayableSong, type SongInput } from './playable-song.ts';

/** Play history is bounded so the persisted state stays small. */
export const HISTORY_LIMIT = 500;

interface PlayerState {
  queue: PlayableSong[];
  history: PlayableSong[];
  current: PlayableSong | null;
  /** 0..1 (SPEC §4 default 1) */
  volume: number;
  playMode: PlayMode;
  playing: boolean;
  loadingUrl: boolean;
  /**
   * Bumped on every song selection; the audio engine loads when it changes, so picking the
   * song that is already current starts it again from 0.
   */
  loadRequest: number;
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
  setPlaying: (playing: boolean) => void;
  setLoadingUrl: (loading: boolean) => void;
}

const clampVolume = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 1);

export const usePlayerStore = create<PlayerState>()(
  persist(
    (set, get) => {
      const select = (song: PlayableSong, queue: PlayableSong[]) =>
        set(({ history, loadRequest }) => ({
          current: song,
          queue,
          history: appendUnique(history, [{ ...song, type: 'history' as const }]).slice(-HISTORY_LIMIT),
          loadRequest: loadRequest + 1,
        }));

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
        playing: false,
        loadingUrl: false,
        loadRequest: 0,
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
        setPlaying: (playing) => set({ playing }),
        setLoadingUrl: (loadingUrl) => set({ loadingUrl }),
      };
    },
    {
      name: 'cloudtune-player',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // Transport state (playing, loading, load requests) never survives a reload.
      partialize: ({ queue, history, current, volume, playMode }) => ({ queue, history, current, volume, playMode }),
    },
  ),
);

/** Index of the current song in the queue (-1 when none). */
export const selectCurrentIndex = (s: Pick<PlayerState, 'queue' | 'current'>) =>
  s.current ? s.queue.findIndex((song) => song.id === s.current!.id) : -1;
