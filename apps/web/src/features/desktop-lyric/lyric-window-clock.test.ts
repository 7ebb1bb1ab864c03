import { describe, expect, it } from 'vitest';
import { createLyricWindowClock } from './lyric-window-clock.ts';

const state = (time: number, playing: boolean, rate = 1) => ({ songId: 1, song: '', time, playing, rate, translation: false });

describe('createLyricWindowClock', () => {
  it('moves on from the last tick at the song’s speed while it plays, stands still while paused', () => {
    let now = 1000;
    const clock = createLyricWindowClock(() => now);
    clock.receive(state(10, true));
    now += 500;
    expect(clock.getTime()).toBeCloseTo(10.5);
    clock.receive(state(10.5, true, 1.5));
    now += 1000;
    expect(clock.getTime()).toBeCloseTo(12);
    expect(clock.getRate()).toBe(1.5);
    clock.receive(state(40, false));
    now += 5000;
    expect(clock.getTime()).toBe(40);
  });

  it('tells its listeners on every state (a tick, a seek), until they unsubscribe', () => {
    const clock = createLyricWindowClock(() => 0);
    const heard: number[] = [];
    const unsubscribe = clock.subscribeTime(() => heard.push(clock.getTime()));
    clock.receive(state(3, true));
    clock.receive(state(90, true));
    unsubscribe();
    clock.receive(state(4, true));
    expect(heard).toEqual([3, 90]);
  });
});
