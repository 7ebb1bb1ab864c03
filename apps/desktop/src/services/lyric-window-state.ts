/** Main → lyric window: the line to show (LyricWindowState). */
export const LYRIC_STATE_CHANNEL = 'cloudtune:lyric-state';
/** Main → main window: the lyric window was opened (true) or closed (false). */
export const LYRIC_VISIBILITY_CHANNEL = 'cloudtune:lyric-visibility';

export const LYRIC_WINDOW_SIZE = { width: 800, height: 120 } as const;

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const isRect = (v: unknown): v is Rect =>
  typeof v === 'object' && v !== null && ['x', 'y', 'width', 'height'].every((k) => Number.isFinite((v as Record<string, unknown>)[k]));

/**
 * Where the lyric window opens: where it was left, when that is still (mostly) on a display and
 * a sane size; otherwise centred near the bottom of the primary display.
 */
export function placeLyricWindow(saved: unknown, workAreas: readonly Rect[]): Rect {
  const primary = workAreas[0] ?? { x: 0, y: 0, width: 1280, height: 800 };
  if (isRect(saved)) {
    const width = Math.round(Math.min(Math.max(saved.width, 360), 2000));
    const height = Math.round(Math.min(Math.max(saved.height, LYRIC_WINDOW_SIZE.height), 400));
    const onScreen = workAreas.some(
      (a) => saved.x + width / 2 >= a.x && saved.x + width / 2 <= a.x + a.width && saved.y >= a.y && saved.y + height / 2 <= a.y + a.height,
    );
    if (onScreen) return { x: Math.round(saved.x), y: Math.round(saved.y), width, height };
  }
  const width = Math.min(LYRIC_WINDOW_SIZE.width, primary.width);
  return {
    x: Math.round(primary.x + (primary.width - width) / 2),
    y: Math.round(primary.y + primary.height - LYRIC_WINDOW_SIZE.height - 60),
    width,
    height: LYRIC_WINDOW_SIZE.height,
  };
}
