import { loadSharp } from './sharp.ts';
import { coverArtSvg } from './cover-art.ts';

/** A kind's generated artwork at width × height as JPEG bytes (drawn at that size, so it stays sharp). */
export async function renderCoverArt(kind: string, id: number, width: number, height: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(coverArtSvg(kind, id, width, height)))
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** A resized variant of an image, cropped to fill (covers keep their centre), as JPEG bytes. */
export async function resizeImage(source: Buffer, width: number, height: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(source).resize(width, height, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer();
}
