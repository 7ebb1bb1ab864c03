import { z } from 'zod';

/**
 * The main window's size, position and maximized flag, remembered between runs in a JSON file
 * in the user-data folder. What is read back is validated: a file from another machine, a
 * monitor since unplugged or a hand edit never opens the window off-screen or absurdly sized.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  /** the normal (not maximized) bounds */
  bounds: Rect;
  maximized: boolean;
}

/** The layout works from 800 px wide. */
export const MIN_WINDOW_SIZE = { width: 800, height: 560 } as const;
export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 800 } as const;
/** How much of the window's top edge (its title bar) must lie on a screen to count as visible. */
const VISIBLE_STRIP = { width: 120, height: 32 } as const;

const coordinate = z.number().int().min(-100_000).max(100_000);
const size = z.number().int().min(1).max(100_000);
const windowStateSchema = z.object({
  bounds: z.object({ x: coordinate, y: coordinate, width: size, height: size }),
  maximized: z.boolean(),
});

/** The saved state, or null when the file held something else. */
export function parseWindowState(value: unknown): WindowState | null {
  const parsed = windowStateSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function overlap(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return { x, y, width: Math.min(a.x + a.width, b.x + b.width) - x, height: Math.min(a.y + a.height, b.y + b.height) - y };
}

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), Math.max(min, max));

function centered(area: Rect, width: number, height: number): Rect {
  const w = clamp(width, MIN_WINDOW_SIZE.width, area.width);
  const h = clamp(height, MIN_WINDOW_SIZE.height, area.height);
  return { x: area.x + Math.round((area.width - w) / 2), y: area.y + Math.round((area.height - h) / 2), width: w, height: h };
}

/**
 * Where the window opens. `workAreas` are the displays' work areas now (the primary first).
 * A saved window whose title bar still shows on a display keeps its place, shrunk to fit that
 * display and pulled inside it; otherwise (or with no saved state) it is centred on the primary
 * display at its saved or default size.
 */
export function placeWindow(saved: WindowState | null, workAreas: readonly Rect[]): WindowState {
  const primary = workAreas[0] ?? { x: 0, y: 0, ...DEFAULT_WINDOW_SIZE };
  if (!saved) return { bounds: centered(primary, DEFAULT_WINDOW_SIZE.width, DEFAULT_WINDOW_SIZE.height), maximized: false };
  const { bounds } = saved;
  const titleBar: Rect = { x: bounds.x, y: bounds.y, width: bounds.width, height: VISIBLE_STRIP.height };
  const home = workAreas.find((area) => {
    const o = overlap(titleBar, area);
    return o.width >= Math.min(VISIBLE_STRIP.width, bounds.width) && o.height >= Math.min(VISIBLE_STRIP.height, bounds.height);
  });
  if (!home) return { bounds: centered(primary, bounds.width, bounds.height), maximized: saved.maximized };
  const width = clamp(bounds.width, MIN_WINDOW_SIZE.width, home.width);
  const height = clamp(bounds.height, MIN_WINDOW_SIZE.height, home.height);
  return {
    bounds: {
      x: clamp(bounds.x, home.x, home.x + home.width - width),
      y: clamp(bounds.y, home.y, home.y + home.height - height),
      width,
      height,
    },
    maximized: saved.maximized,
  };
}
