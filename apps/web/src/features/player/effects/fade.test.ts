import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AudioGraph } from '../audio-graph.ts';
import { useTransportStore } from '../transport.store.ts';
import { DEFAULT_EFFECTS, FADE_SECONDS, useEffectsStore } from './effects.store.ts';
import { createFader } from './fade.ts';

let element: HTMLAudioElement;
let graph: AudioGraph;
let gains: [number, number][];

beforeEach(() => {
  vi.useFakeTimers();
  useEffectsStore.setState(DEFAULT_EFFECTS);
  element = document.createElement('audio');
  Object.defineProperty(element, 'paused', { configurable: true, value: false, writable: true });
  element.pause = vi.fn(() => ((element as { paused: boolean }).paused = true));
  gains = [];
  graph = { setElementGain: (_el: HTMLMediaElement, gain: number, seconds = 0) => gains.push([gain, seconds]) } as unknown as AudioGraph;
});
afterEach(() => vi.useRealTimers());

describe('FADE', () => {
  it('starts playback silent and rises over the fade', () => {
    const fader = createFader();
    fader.beforePlay(graph, element);
    fader.afterPlay(graph, element);
    expect(gains).toEqual([
      [0, 0],
      [1, FADE_SECONDS],
    ]);
  });

  it('a pause falls silent first, then pauses the element; the button shows the pause at once', () => {
    useTransportStore.setState({ playing: true });
    const fader = createFader();
    fader.pause(graph, element);
    expect(gains).toEqual([[0, FADE_SECONDS]]);
    expect(useTransportStore.getState().playing).toBe(false);
    expect(fader.pausing).toBe(true);
    expect(element.pause).not.toHaveBeenCalled();
    vi.advanceTimersByTime(FADE_SECONDS * 1000);
    expect(element.pause).toHaveBeenCalledTimes(1);
    expect(fader.pausing).toBe(false);
  });

  it('play during the fade-out cancels the pause and rises again', () => {
    const fader = createFader();
    fader.pause(graph, element);
    fader.beforePlay(graph, element);
    fader.afterPlay(graph, element);
    expect(useTransportStore.getState().playing).toBe(true);
    vi.advanceTimersByTime(2000);
    expect(element.pause).not.toHaveBeenCalled();
    expect(gains.at(-1)).toEqual([1, FADE_SECONDS]);
  });

  it('with FADE off, playback starts at full level and a pause is immediate', () => {
    useEffectsStore.getState().toggleBasicEffect('FADE');
    const fader = createFader();
    fader.beforePlay(graph, element);
    fader.afterPlay(graph, element);
    expect(gains).toEqual([
      [1, 0],
      [1, 0],
    ]);
    fader.pause(graph, element);
    expect(element.pause).toHaveBeenCalledTimes(1);
  });
});
