import { useEffect, useRef } from 'react';
import { attachAudio } from '../audio-engine.ts';
import { useSeekKeys } from '../hooks/use-seek-keys.ts';

/**
 * The one <audio> element of the app, rendered once by the shell. crossOrigin lets Web Audio
 * read audio served from another origin (the desktop build's local server) when it allows CORS.
 */
export function AudioHost() {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => (ref.current ? attachAudio(ref.current) : undefined), []);
  useSeekKeys();
  return <audio ref={ref} data-testid="audio" crossOrigin="anonymous" preload="auto" hidden />;
}
