export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The sizes images are actually cut at. A client may ask for any `?param=WxH` (about four million
 * exist per image); rendering each would let one client burn minutes of CPU and fill the disk.
 * Sizes snap up: the longer side to the next bucket, the aspect ratio up to the next eighth (so a
 * square stays square and the shorter side is never less than asked), capped at the image's
 * own size. That bounds an image
 * to 5 buckets × 8 ratios × 2 orientations variants.
 */
export const SIZE_BUCKETS = [64, 128, 256, 512, 1024] as const;
const RATIO_STEPS = 8;

export function bucketSize(requested: ImageSize, original: ImageSize): ImageSize | undefined {
  const wide = requested.width >= requested.height;
  const [long, short] = wide ? [requested.width, requested.height] : [requested.height, requested.width];
  const bucket = SIZE_BUCKETS.find((b) => b >= long);
  const originalLong = wide ? original.width : original.height;
  // Larger than the largest bucket, or than the image itself: the original is the best there is.
  if (bucket === undefined || bucket >= originalLong) return undefined;
  const ratio = Math.ceil((short / long) * RATIO_STEPS) / RATIO_STEPS;
  const snappedShort = Math.round(bucket * ratio);
  return wide ? { width: bucket, height: snappedShort } : { width: snappedShort, height: bucket };
}
