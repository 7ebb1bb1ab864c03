import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { takeUnhandledRequests } from './msw.ts';

/**
 * jsdom lacks layout and media playback. Give elements a size (the virtualized song table
 * renders the rows a 900 px viewport would show) and make play/pause resolve quietly.
 */
for (const [prop, size] of [
  ['offsetHeight', 900],
  ['clientHeight', 900],
  ['offsetWidth', 1200],
  ['clientWidth', 1200],
] as const) {
  Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => size });
}
Object.defineProperty(HTMLMediaElement.prototype, 'play', {
  configurable: true,
  value: vi.fn(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  }),
});
Object.defineProperty(HTMLMediaElement.prototype, 'pause', {
  configurable: true,
  value: vi.fn(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  }),
});

// The suite runs beside the server tests on two cores: under load a lazy route takes longer than
// Testing Library's 1 s default to appear. Waiting longer for a condition is not a sleep.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  // A request no MSW handler serves fails the test that made it: add a handler, never silence it.
  const unhandled = takeUnhandledRequests();
  if (unhandled.length) throw new Error(`requests no handler served: ${unhandled.join(', ')}`);
});
