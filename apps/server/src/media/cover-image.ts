import { loadSharp } from './sharp.ts';
import { coverArtSvg } from './cover-art.ts';
import { writeAtomically } from './store.ts';

/** Renders a kind's generated artwork at width × height as a JPEG file (drawn at that size, so it stays sharp). */
export async function renderCoverArt(outFile: string, kind: string, id: number, width: number, height: number): Promise<void> {
  const sharp = await loadSharp();
  await writeAtomically(outFile, async (tmp) => {
    await sharp(Buffer.from(coverArtSvg(kind, id, width, height)))
      .jpeg({ quality: 88 })
      .toFile(tmp);
  });
}

/** A resized variant of an image file, cropped to fill (covers keep their centre). */
export async function resizeImage(source: string, outFile: string, width: number, height: number): Promise<void> {
  const sharp = await loadSharp();
  await writeAtomically(outFile, async (tmp) => {
    await sharp(source).resize(width, height, { fit: 'cover' }).jpeg({ quality: 85 }).toFile(tmp);
  });
}
