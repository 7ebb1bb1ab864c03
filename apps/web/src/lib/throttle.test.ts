import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('throttle', () => {
  it('runs the first call at once and folds a burst into one trailing call with the latest arguments', () => {
    const fn = vi.fn();
    const t = throttle(fn, 200);
    t(1);
    expect(fn).toHaveBeenCalledTimes(1);
    t(2);
    t(3);
    vi.advanceTimersByTime(199);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith(3);
  });

  it('runs at most once per wait during a long burst', () => {
    const fn = vi.fn();
    const t = throttle(fn, 200);
    for (let ms = 0; ms < 1000; ms += 10) {
      t(ms);
      vi.advanceTimersByTime(10);
    }
    // 0, 200, 400, 600, 800 (and the trailing one at 1000)
    vi.advanceTimersByTime(200);
    expect(fn.mock.calls.length).toBe(6);
  });

  it('a call after a quiet period runs at once; cancel drops the trailing call', () => {
    const fn = vi.fn();
    const t = throttle(fn, 200);
    t('a');
    vi.advanceTimersByTime(500);
    t('b');
    expect(fn).toHaveBeenLastCalledWith('b');
    t('c');
    t.cancel();
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
