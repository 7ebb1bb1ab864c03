import type { LyricWindowState } from '../../lib/platform.ts';

/**
 * The playhead in the desktop lyric window, which has no audio: the last time the main window
 * sent, moved on at the song's speed for as long as it plays. Each state re-syncs it (a seek, a
 * pause) and tells the listeners, as the player's own ticks do in the main window.
 */
export interface LyricWindowClock {
  /** takes the main window's latest state */
  receive: (state: LyricWindowState) => void;
  /** the playhead now, in song seconds */
  getTime: () => number;
  getRate: () => number;
  subscribeTime: (listener: () => void) => () => void;
}

export function createLyricWindowClock(now: () => number = () => performance.now()): LyricWindowClock {
  let time = 0;
  let rate = 1;
  let playing = false;
  let receivedAt = now();
  const listeners = new Set<() => void>();
  return {
    receive(state) {
      time = state.time;
      rate = state.rate;
      playing = state.playing;
      receivedAt = now();
      for (const listener of listeners) listener();
    },
    getTime: () => (playing ? time + ((now() - receivedAt) / 1000) * rate : time),
    getRate: () => rate,
    subscribeTime(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
