import sharp from 'sharp';
import { coverArtSvg } from './cover-art.ts';
import { writeAtomically } from './store.ts';

/** Renders a kind's generated artwork at its original size as a JPEG file. */
export async function renderCoverArt(outFile: string, kind: string, id: number, width: number, height: number): Promise<void> {
  await writeAtomically(outFile, async (tmp) => {
    await sharp(Buffer.from(coverArtSvg(kind, id, width, height)))
      .jpeg({ quality: 88 })
      .toFile(tmp);
  });
}

/** A resized variant of an image file, cropped to fill (covers keep their centre). */
export async function resizeImage(source: string, outFile: string, width: number, height: number): Promise<void> {
  await writeAtomically(outFile, async (tmp) => {
    await sharp(source).resize(width, height, { fit: 'cover' }).jpeg({ quality: 85 }).toFile(tmp);
  });
}
