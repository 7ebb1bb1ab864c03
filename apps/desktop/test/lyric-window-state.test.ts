import { describe, expect, it } from 'vitest';
import { LYRIC_WINDOW_SIZE, placeLyricWindow } from '../src/services/lyric-window-state.ts';

const screen = { x: 0, y: 0, width: 1920, height: 1040 };

describe('the lyric window’s place', () => {
  it('opens centred near the bottom of the primary display the first time', () => {
    expect(placeLyricWindow(undefined, [screen])).toEqual({ x: 560, y: 1040 - LYRIC_WINDOW_SIZE.height - 60, width: 800, height: 120 });
  });

  it('comes back where it was left, within sane sizes', () => {
    expect(placeLyricWindow({ x: 100, y: 200, width: 900, height: 140 }, [screen])).toEqual({ x: 100, y: 200, width: 900, height: 140 });
    expect(placeLyricWindow({ x: 100, y: 200, width: 10, height: 5000 }, [screen])).toEqual({ x: 100, y: 200, width: 360, height: 400 });
  });

  it('is put back on screen when its display is gone, and ignores junk', () => {
    expect(placeLyricWindow({ x: 4000, y: 200, width: 800, height: 120 }, [screen]).x).toBe(560);
    expect(placeLyricWindow({ x: 'a' }, [screen]).x).toBe(560);
  });
});
