import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW_SIZE, MIN_WINDOW_SIZE, parseWindowState, placeWindow, type Rect } from '../src/services/window-state.ts';

const laptop: Rect = { x: 0, y: 0, width: 1920, height: 1040 };
const rightMonitor: Rect = { x: 1920, y: 0, width: 2560, height: 1400 };
const state = (x: number, y: number, width = 1200, height = 800, maximized = false) => ({ bounds: { x, y, width, height }, maximized });

describe('reading the saved window state', () => {
  it('accepts what the shell wrote and nothing else', () => {
    expect(parseWindowState(state(10, 20))).toEqual(state(10, 20));
    expect(parseWindowState(undefined)).toBeNull();
    expect(parseWindowState({ bounds: { x: 1, y: 2, width: 3 }, maximized: false })).toBeNull();
    expect(parseWindowState(state(0.5, 0))).toBeNull();
    expect(parseWindowState(state(0, 0, -5, 100))).toBeNull();
    expect(parseWindowState({ ...state(0, 0), maximized: 'yes' })).toBeNull();
    expect(parseWindowState(state(1e9, 0))).toBeNull();
  });
});

describe('placing the window', () => {
  it('opens centred at the default size the first time', () => {
    expect(placeWindow(null, [laptop])).toEqual({
      bounds: { x: (1920 - DEFAULT_WINDOW_SIZE.width) / 2, y: (1040 - DEFAULT_WINDOW_SIZE.height) / 2, ...DEFAULT_WINDOW_SIZE },
      maximized: false,
    });
  });

  it('keeps a window that is on a screen where it was, maximized or not', () => {
    expect(placeWindow(state(100, 50), [laptop])).toEqual(state(100, 50));
    expect(placeWindow(state(2000, 100, 1600, 1000, true), [laptop, rightMonitor])).toEqual(state(2000, 100, 1600, 1000, true));
  });

  it('centres a window left on a monitor that is gone on the primary display, keeping its size and maximized flag', () => {
    expect(placeWindow(state(2000, 100, 1200, 800, true), [laptop])).toEqual(state(360, 120, 1200, 800, true));
  });

  it('pulls a window hanging over an edge back inside and shrinks one larger than the screen', () => {
    expect(placeWindow(state(1700, 900), [laptop])).toEqual(state(720, 240));
    expect(placeWindow(state(0, 0, 3000, 2000), [laptop])).toEqual(state(0, 0, 1920, 1040));
  });

  it('moves a window whose title bar is above the screen (unreachable) back on it', () => {
    expect(placeWindow(state(100, -500), [laptop])).toEqual(state(360, 120));
  });

  it('never makes a window smaller than the layout allows', () => {
    expect(placeWindow(state(10, 10, 200, 100), [laptop]).bounds).toMatchObject(MIN_WINDOW_SIZE);
  });

  it('always places the window inside a display, whatever was saved', () => {
    const rect = fc.record({
      x: fc.integer({ min: -5000, max: 5000 }),
      y: fc.integer({ min: -5000, max: 5000 }),
      width: fc.integer({ min: 1, max: 6000 }),
      height: fc.integer({ min: 1, max: 6000 }),
    });
    const area = fc.record({
      x: fc.integer({ min: -4000, max: 4000 }),
      y: fc.integer({ min: -4000, max: 4000 }),
      width: fc.integer({ min: 800, max: 4000 }),
      height: fc.integer({ min: 560, max: 3000 }),
    });
    fc.assert(
      fc.property(rect, fc.boolean(), fc.array(area, { minLength: 1, maxLength: 3 }), (bounds, maximized, areas) => {
        const placed = placeWindow({ bounds, maximized }, areas).bounds;
        return areas.some(
          (a) =>
            placed.x >= a.x && placed.y >= a.y && placed.x + placed.width <= a.x + a.width && placed.y + placed.height <= a.y + a.height,
        );
      }),
    );
  });
});
