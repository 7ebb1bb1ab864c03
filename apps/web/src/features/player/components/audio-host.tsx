import { useEffect, useRef } from 'react';
import { attachAudio } from '../audio-engine.ts';
import { usePlayerKeys } from '../hooks/use-player-keys.ts';

/**
 * The app's two <audio> elements, rendered once by the shell: one plays, the other holds the
 * next song, buffered, for a gapless switch (the engine swaps their roles and their test ids).
 * crossOrigin lets Web Audio read audio served from another origin (the desktop build's local
 * server) when it allows CORS.
 */
export function AudioHost() {
  const playing = useRef<HTMLAudioElement>(null);
  const next = useRef<HTMLAudioElement>(null);
  useEffect(() => (playing.current ? attachAudio(playing.current, next.current ?? undefined) : undefined), []);
  usePlayerKeys();
  return (
    <>
      <audio ref={playing} data-testid="audio" crossOrigin="anonymous" preload="auto" hidden />
      <audio ref={next} data-testid="audio-next" crossOrigin="anonymous" preload="auto" hidden />
    </>
  );
}
