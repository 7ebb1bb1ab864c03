import { ownSource, type SongSource } from './api/song-url.ts';
import type { PlayableSong } from './playable-song.ts';

/**
 * The next song, made ready on the spare <audio> element before the current one ends: its URL
 * fetched and its first seconds buffered, so the switch at the end starts sound at once.
 */
/** prepare when the current song has this little left (seconds of its own time) */
export const PREPARE_AHEAD_SECONDS = 30;
/** …and has played at least this long: skipping through songs prepares nothing */
export const PREPARE_AFTER_SECONDS = 2;

/** `leadSeconds`: how much earlier the next song starts (a crossfade's length in song time) */
export const shouldPrepare = (currentTime: number, duration: number, leadSeconds = 0): boolean =>
  currentTime >= PREPARE_AFTER_SECONDS &&
  (!Number.isFinite(duration) || duration <= 0 || duration - currentTime <= PREPARE_AHEAD_SECONDS + leadSeconds);

export interface PreparedSong extends SongSource {
  id: number;
  element: HTMLAudioElement;
}

export interface NextSong {
  /** fetches the song's URL (once) and loads it into `element`; a later call for another song wins */
  prepare: (song: PlayableSong, element: HTMLAudioElement) => Promise<void>;
  /** the prepared song when it is `id` and loaded into `element`; it is handed over only once */
  take: (id: number, element: HTMLAudioElement) => PreparedSong | null;
  /** forgets what was prepared: the queue or the mode changed what comes next */
  drop: () => void;
  /** the spare element could not load it: forgotten, and not tried again until something changes */
  fail: () => void;
  /** the id prepared or being prepared */
  readonly id: number | null;
}

export function createNextSong(fetchSource: (id: number) => Promise<SongSource>, warmUp?: (id: number) => void): NextSong {
  let prepared: PreparedSong | null = null;
  let pending: number | null = null;
  /** the last song asked for: one without a URL is not asked for again on every tick */
  let tried: number | null = null;
  let seq = 0;
  return {
    async prepare(song, element) {
      if (prepared?.id === song.id || pending === song.id || tried === song.id) return;
      const mine = ++seq;
      pending = song.id;
      tried = song.id;
      prepared = null;
      warmUp?.(song.id);
      const source = song.url ? ownSource(song.url) : await fetchSource(song.id);
      if (mine !== seq) return;
      pending = null;
      // No URL: nothing to prepare; the song's own turn reports it.
      if (!source.url) return;
      element.preload = 'auto';
      element.src = source.url;
      prepared = { id: song.id, ...source, element };
    },
    take(id, element) {
      const found = prepared?.id === id && prepared.element === element && element.getAttribute('src') === prepared.url ? prepared : null;
      if (found) prepared = null;
      return found;
    },
    drop() {
      seq++;
      pending = null;
      prepared = null;
      tried = null;
    },
    fail() {
      seq++;
      pending = null;
      prepared = null;
    },
    get id() {
      return prepared?.id ?? pending;
    },
  };
}
