import type { AudioGraph } from '../audio-graph.ts';
import { useTransportStore } from '../transport.store.ts';
import { fadeSeconds } from './effects.store.ts';

/**
 * FADE (on by default): the engine calls `beforePlay`/`afterPlay` around
 * `element.play()` and `pause` instead of `element.pause()`. With FADE on, playback starts
 * silent and rises over FADE_SECONDS; a pause falls silent first and pauses the element when the
 * ramp is done. A play during that fall cancels the pause. Without a graph nothing fades.
 */
export interface Fader {
  beforePlay: (graph: AudioGraph | null, element: HTMLMediaElement) => void;
  afterPlay: (graph: AudioGraph | null, element: HTMLMediaElement) => void;
  pause: (graph: AudioGraph | null, element: HTMLMediaElement) => void;
  /** a fade-out is under way: the element still plays but the user asked for a pause */
  readonly pausing: boolean;
}

export function createFader(): Fader {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    beforePlay(graph, element) {
      const wasPausing = timer !== undefined;
      clearTimeout(timer);
      timer = undefined;
      if (wasPausing && !element.paused) {
        // The element never paused, so no 'play' event will say it plays again.
        useTransportStore.getState().setPlaying(true);
        return;
      }
      graph?.setElementGain(element, fadeSeconds() > 0 ? 0 : 1, 0);
    },
    afterPlay(graph, element) {
      graph?.setElementGain(element, 1, fadeSeconds());
    },
    pause(graph, element) {
      const seconds = fadeSeconds();
      if (!graph || seconds === 0 || element.paused) {
        element.pause();
        return;
      }
      clearTimeout(timer);
      graph.setElementGain(element, 0, seconds);
      // The button shows the pause at once; the element follows when the ramp is done.
      useTransportStore.getState().setPlaying(false);
      timer = setTimeout(() => {
        timer = undefined;
        element.pause();
      }, seconds * 1000);
    },
    get pausing() {
      return timer !== undefined;
    },
  };
}
