import { sizedImage } from '../../lib/image.ts';
import { artistNames, type PlayableSong } from './playable-song.ts';

/** OS media keys and the lock-screen card (MediaSession). */
export interface MediaSessionActions {
  play: () => void;
  pause: () => void;
  previous: () => void;
  next: () => void;
  seekBy: (seconds: number) => void;
  seekTo: (seconds: number) => void;
}

/** The sizes the OS picks its cover art from (lock screen, notification, media hub). */
export const ARTWORK_SIZES = [96, 128, 192, 256, 384, 512] as const;

const session = () => (typeof navigator !== 'undefined' ? navigator.mediaSession : undefined);

export function setMediaMetadata(song: PlayableSong | null): void {
  const ms = session();
  if (!ms || typeof MediaMetadata === 'undefined') return;
  const cover = song?.al.picUrl;
  ms.metadata = song
    ? new MediaMetadata({
        title: song.name,
        artist: artistNames(song),
        album: song.al.name ?? '',
        // sizedImage asks for twice the size it is given: half of each size in pixels.
        artwork: cover ? ARTWORK_SIZES.map((px) => ({ src: sizedImage(cover, px / 2), sizes: `${px}x${px}`, type: 'image/jpeg' })) : [],
      })
    : null;
}

/** Playing or paused, and where in the song: the OS shows a progress bar and a seek slider. */
export function setMediaPosition(element: HTMLMediaElement | null): void {
  const ms = session();
  if (!ms) return;
  ms.playbackState = element && element.src ? (element.paused ? 'paused' : 'playing') : 'none';
  if (!element || typeof ms.setPositionState !== 'function') return;
  const { duration, currentTime, playbackRate } = element;
  try {
    if (Number.isFinite(duration) && duration > 0) {
      ms.setPositionState({ duration, position: Math.min(Math.max(0, currentTime), duration), playbackRate: playbackRate || 1 });
    } else ms.setPositionState();
  } catch {
    // An inconsistent state (e.g. mid-load) is rejected; the next event sets it again.
  }
}

export function bindMediaSession(actions: MediaSessionActions, seekStep: number): () => void {
  const ms = session();
  if (!ms) return () => undefined;
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', actions.play],
    ['pause', actions.pause],
    ['previoustrack', actions.previous],
    ['nexttrack', actions.next],
    ['seekbackward', (d) => actions.seekBy(-(d.seekOffset ?? seekStep))],
    ['seekforward', (d) => actions.seekBy(d.seekOffset ?? seekStep)],
    ['seekto', (d) => d.seekTime !== undefined && actions.seekTo(d.seekTime)],
  ];
  for (const [action, handler] of handlers) {
    try {
      ms.setActionHandler(action, handler);
    } catch {
      // Browsers reject actions they do not support; the others still work.
    }
  }
  return () => {
    for (const [action] of handlers) {
      try {
        ms.setActionHandler(action, null);
      } catch {
        /* unsupported action, nothing was bound */
      }
    }
  };
}
