import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { planSong } from './song-plan.ts';
import { renderSong } from './synth/render.ts';
import { MP3_BITRATE, startMp3Encoder, type TrackTags } from './synth/encode-mp3.ts';
import { writeAtomically } from './store.ts';

export interface EncodedAudio {
  size: number;
  md5: string;
  bitrate: number;
}

/** Renders a demo song (seed + duration) to an MP3 file at `outFile`, atomically. */
export async function synthesizeSongMp3(
  outFile: string,
  audioSeed: number,
  durationMs: number,
  tags: TrackTags,
  signal?: AbortSignal,
): Promise<EncodedAudio> {
  let md5 = '';
  await writeAtomically(outFile, async (tmp) => {
    signal?.throwIfAborted();
    const encoder = startMp3Encoder(tmp, tags, signal);
    try {
      await renderSong(planSong(audioSeed, durationMs), audioSeed, (chunk) => {
        signal?.throwIfAborted();
        return encoder.write(chunk);
      });
      await encoder.finish();
    } catch (err) {
      encoder.abort();
      throw err;
    }
    md5 = await md5OfFile(tmp);
  });
  return { size: (await stat(outFile)).size, md5, bitrate: MP3_BITRATE };
}

export async function md5OfFile(path: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
