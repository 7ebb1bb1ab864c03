import { create } from 'zustand';

/**
 * Transport state: what the <audio> element is doing right now. It flips on every play and
 * pause, so it lives apart from the persisted player store and is never written to storage.
 */
interface TransportState {
  playing: boolean;
  loadingUrl: boolean;
  /**
   * Bumped on every song selection; the audio engine loads when it changes, so picking the
   * song that is already current starts it again from 0.
   */
  loadRequest: number;
  /** songs found this session to have no playable URL: song tables grey them out */
  unplayable: ReadonlySet<number>;
  /** the current song is a trial clip (试听): the span of the song it covers, in seconds */
  trial: { start: number; end: number } | null;
  setPlaying: (playing: boolean) => void;
  setLoadingUrl: (loading: boolean) => void;
  requestLoad: () => void;
  markUnplayable: (id: number) => void;
  setTrial: (trial: { start: number; end: number } | null) => void;
}

export const useTransportStore = create<TransportState>()((set) => ({
  playing: false,
  loadingUrl: false,
  loadRequest: 0,
  unplayable: new Set(),
  trial: null,
  setPlaying: (playing) => set({ playing }),
  setLoadingUrl: (loadingUrl) => set({ loadingUrl }),
  requestLoad: () => set(({ loadRequest }) => ({ loadRequest: loadRequest + 1 })),
  setTrial: (trial) => set({ trial }),
  markUnplayable: (id) => set(({ unplayable }) => (unplayable.has(id) ? {} : { unplayable: new Set(unplayable).add(id) })),
}));

/** The ids of songs with no playable URL found so far (a new Set whenever one is added). */
export const useUnplayableSongs = (): ReadonlySet<number> => useTransportStore((s) => s.unplayable);

/** Whether a song is playing right now. */
export const usePlaying = (): boolean => useTransportStore((s) => s.playing);
