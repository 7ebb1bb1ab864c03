import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottledStorage } from './throttled-storage.ts';

type State = { queue: number[]; volume: number; current?: number | null };

let backing: Map<string, string>;
let written: [string, string][];
const memory = () => ({
  getItem: (key: string) => backing.get(key) ?? null,
  setItem: (key: string, value: string) => {
    written.push([key, value]);
    backing.set(key, value);
  },
  removeItem: (key: string) => void backing.delete(key),
});

beforeEach(() => {
  vi.useFakeTimers();
  backing = new Map();
  written = [];
});
afterEach(() => vi.useRealTimers());

describe('createThrottledStorage', () => {
  it('writes the same JSON as JSON.stringify, once per burst, after `wait` ms', () => {
    const storage = createThrottledStorage<State>({ wait: 200, storage: memory });
    const queue = [1, 2, 3];
    storage.setItem('k', { state: { queue, volume: 1, current: null }, version: 3 });
    storage.setItem('k', { state: { queue, volume: 0.5, current: null }, version: 3 });
    vi.advanceTimersByTime(199);
    expect(written).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(written).toEqual([['k', JSON.stringify({ state: { queue, volume: 0.5, current: null }, version: 3 })]]);
  });

  it('skips a write when the changed keys serialize the same, and writes when a key goes away', () => {
    const storage = createThrottledStorage<State>({ storage: memory });
    storage.setItem('k', { state: { queue: [1], volume: 1, current: 1 }, version: 1 });
    vi.runAllTimers();
    storage.setItem('k', { state: { queue: [1], volume: 1, current: 1 }, version: 1 });
    vi.runAllTimers();
    expect(written).toHaveLength(1);
    storage.setItem('k', { state: { queue: [1], volume: 1 }, version: 1 });
    vi.runAllTimers();
    expect(written).toHaveLength(2);
    expect(JSON.parse(backing.get('k')!)).toEqual({ state: { queue: [1], volume: 1 }, version: 1 });
    storage.setItem('k', { state: { queue: [1], volume: 1 }, version: 2 });
    vi.runAllTimers();
    expect(written).toHaveLength(3);
  });

  it('what was read back counts as written', () => {
    backing.set('k', JSON.stringify({ state: { queue: [4, 5], volume: 0.3 }, version: 1 }));
    const storage = createThrottledStorage<State>({ storage: memory });
    const read = storage.getItem('k') as { state: State; version: number };
    expect(read).toEqual({ state: { queue: [4, 5], volume: 0.3 }, version: 1 });
    storage.setItem('k', { state: { queue: [4, 5], volume: 0.3 }, version: 1 });
    vi.runAllTimers();
    expect(written).toEqual([]);
  });

  it('reading flushes a pending write first; flush() writes at once', () => {
    const storage = createThrottledStorage<State>({ storage: memory });
    storage.setItem('k', { state: { queue: [], volume: 0.1 }, version: 1 });
    expect(storage.getItem('k')).toEqual({ state: { queue: [], volume: 0.1 }, version: 1 });
    storage.setItem('k', { state: { queue: [], volume: 0.2 }, version: 1 });
    storage.flush();
    expect(written).toHaveLength(2);
    vi.runAllTimers();
    expect(written).toHaveLength(2);
  });

  it('unreadable data reads as nothing; removeItem drops a pending write', () => {
    backing.set('k', '{not json');
    const storage = createThrottledStorage<State>({ storage: memory });
    expect(storage.getItem('k')).toBeNull();
    storage.setItem('k', { state: { queue: [], volume: 1 }, version: 1 });
    storage.removeItem('k');
    vi.runAllTimers();
    expect(backing.has('k')).toBe(false);
  });

  it('a full storage is reported, not thrown', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const storage = createThrottledStorage<State>({
      storage: () => ({
        ...memory(),
        setItem: () => {
          throw new DOMException('full', 'QuotaExceededError');
        },
      }),
    });
    storage.setItem('k', { state: { queue: [], volume: 1 }, version: 1 });
    expect(() => vi.runAllTimers()).not.toThrow();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
