import { sizedImage } from '../../lib/image.ts';
import { artistNames, type PlayableSong } from './playable-song.ts';

/** OS media keys and the lock-screen card (ARCHITECTURE.md: MediaSession). */
export interface MediaSessionActions {
  play: () => void;
  pause: () => void;
  previous: () => void;
  next: () => void;
  seekBy: (seconds: number) => void;
  seekTo: (seconds: number) => void;
}

const session = () => (typeof navigator !== 'undefined' ? navigator.mediaSession : undefined);

export function setMediaMetadata(song: PlayableSong | null): void {
  const ms = session();
  if (!ms || typeof MediaMetadata === 'undefined') return;
  ms.metadata = song
    ? new MediaMetadata({
        title: song.name,
        artist: artistNames(song),
        album: song.al.name ?? '',
        artwork: song.al.picUrl ? [{ src: sizedImage(song.al.picUrl, 256), sizes: '512x512' }] : [],
      })
    : null;
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
