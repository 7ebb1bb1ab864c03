import type { default as Sharp } from 'sharp';

let loaded: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips) costs ~10 MB just loaded; a server whose images are all cut already never
 * needs it. Loaded on the first image to draw, with libvips' operation cache off (it would
 * keep up to 50 MB of decoded images) and one thread per operation (work is already spread
 * over the shared encode slots).
 */
export function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}
