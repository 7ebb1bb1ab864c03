/**
 * The avatar crop box's rules: a square inside the image, at least 10 px and at
 * most the image's smaller side, in the image's natural pixels; the result is drawn at
 * 1024×1024. Files over 5 MB (5242880 bytes) are refused before they are opened.
 */
export const MAX_AVATAR_BYTES = 5_242_880;
export const MIN_CROP = 10;
export const OUTPUT_SIZE = 1024;
export const CROP_AREA = 220;
export const TOO_BIG_TEXT = '请选择不超过5M的图片';

export interface Square {
  x: number;
  y: number;
  size: number;
}

const clampNumber = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/** A square kept inside a `width`×`height` image: its size within [10, smaller side], then its corner moved inside. */
export function clampSquare(s: Square, width: number, height: number): Square {
  const max = Math.min(width, height);
  const size = clampNumber(s.size, Math.min(MIN_CROP, max), max);
  return { size, x: clampNumber(s.x, 0, width - size), y: clampNumber(s.y, 0, height - size) };
}

/** The crop a new image starts with: the largest centred square. */
export function initialSquare(width: number, height: number): Square {
  const size = Math.min(width, height);
  return { size, x: (width - size) / 2, y: (height - size) / 2 };
}

/** Resize around the centre (the zoom control): a factor > 1 grows the box, clamped as always. */
export function zoomSquare(s: Square, factor: number, width: number, height: number): Square {
  const size = s.size * factor;
  const cx = s.x + s.size / 2;
  const cy = s.y + s.size / 2;
  return clampSquare({ size, x: cx - size / 2, y: cy - size / 2 }, width, height);
}

export const isTooBig = (file: { size: number }) => file.size > MAX_AVATAR_BYTES;

/** The scale from the displayed image to its natural pixels. */
export const displayScale = (natural: number, displayed: number) => (displayed > 0 ? natural / displayed : 1);
