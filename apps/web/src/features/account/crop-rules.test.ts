import { describe, expect, it } from 'vitest';
import { clampSquare, initialSquare, isTooBig, MAX_AVATAR_BYTES, zoomSquare } from './crop-rules.ts';

describe('avatar crop box', () => {
  it('starts as the largest centred square', () => {
    expect(initialSquare(800, 600)).toEqual({ x: 100, y: 0, size: 600 });
    expect(initialSquare(300, 500)).toEqual({ x: 0, y: 100, size: 300 });
  });

  it('stays inside the image when dragged past an edge', () => {
    expect(clampSquare({ x: -40, y: 700, size: 200 }, 800, 600)).toEqual({ x: 0, y: 400, size: 200 });
    expect(clampSquare({ x: 750, y: -5, size: 200 }, 800, 600)).toEqual({ x: 600, y: 0, size: 200 });
  });

  it('is at least 10 px and at most the smaller side', () => {
    expect(clampSquare({ x: 5, y: 5, size: 3 }, 800, 600).size).toBe(10);
    expect(clampSquare({ x: 0, y: 0, size: 900 }, 800, 600)).toEqual({ x: 0, y: 0, size: 600 });
    // An image smaller than the minimum: the whole image.
    expect(clampSquare({ x: 0, y: 0, size: 3 }, 6, 8)).toEqual({ x: 0, y: 0, size: 6 });
  });

  it('zooms around its centre, clamped', () => {
    expect(zoomSquare({ x: 300, y: 200, size: 200 }, 0.5, 800, 600)).toEqual({ x: 350, y: 250, size: 100 });
    expect(zoomSquare({ x: 500, y: 300, size: 200 }, 2, 800, 600)).toEqual({ x: 400, y: 200, size: 400 });
    expect(zoomSquare({ x: 300, y: 200, size: 200 }, 0.01, 800, 600).size).toBe(10);
  });

  it('refuses images over 5 MB (5242880 bytes)', () => {
    expect(isTooBig({ size: MAX_AVATAR_BYTES })).toBe(false);
    expect(isTooBig({ size: MAX_AVATAR_BYTES + 1 })).toBe(true);
  });
});
