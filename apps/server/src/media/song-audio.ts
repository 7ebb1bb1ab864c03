import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { planSong } from './song-plan.ts';
import { LiveFile } from './live-file.ts';
import { frameBytes, id3v2Tag, id3v2TagSize, lameFrameCount, Mp3Fit } from './mp3-frames.ts';
import { renderSong } from './synth/render.ts';
import { MP3_BITRATE, startMp3Encoder, type Mp3Encoder, type TrackTags } from './synth/encode-mp3.ts';
import { SAMPLE_RATE } from './synth/wavetables.ts';

export interface EncodedAudio {
  size: number;
  md5: string;
  bitrate: number;
}

const tagFrames = (tags: TrackTags) => ({ TIT2: tags.title, TPE1: tags.artist, TALB: tags.album });
const tagOf = (tags: TrackTags): Buffer => id3v2Tag(tagFrames(tags));
/** The renderer draws exactly this many sample frames (see renderSong). */
const samplesOf = (durationMs: number): number => Math.round((durationMs / 1000) * SAMPLE_RATE);

/**
 * The exact size of a demo song's MP3, known without rendering it: our ID3 tag, then the frames
 * libmp3lame makes for the song's samples (fitted to that count by Mp3Fit).
 */
export const songMp3Size = (durationMs: number, tags: TrackTags): number =>
  id3v2TagSize(tagFrames(tags)) + frameBytes(lameFrameCount(samplesOf(durationMs)), MP3_BITRATE, 44_100);

/**
 * Renders a demo song (seed + duration) to MP3 and hands the bytes to `out` in order while the
 * synthesizer and the encoder are still working: the tag first, then frames as ffmpeg makes
 * them. Exactly songMp3Size() bytes, the same ones every time. Awaiting `out` is the backpressure.
 */
export async function renderSongMp3(
  encoder: Mp3Encoder,
  audioSeed: number,
  durationMs: number,
  tags: TrackTags,
  out: (chunk: Buffer) => Promise<void>,
  signal?: AbortSignal,
  /** awaited before each stretch of audio goes to the encoder, with the seconds drawn before it: work that must give way waits there */
  pace?: (seconds: number) => Promise<void> | undefined,
): Promise<void> {
  const fit = new Mp3Fit(lameFrameCount(samplesOf(durationMs)), MP3_BITRATE);
  const pumping = (async () => {
    await out(tagOf(tags));
    for await (const chunk of encoder.output) {
      const kept = fit.take(chunk as Buffer);
      if (kept.length > 0) await out(kept);
    }
  })();
  // Awaited below; until then a failure must not count as unhandled.
  pumping.catch(() => {});
  try {
    signal?.throwIfAborted();
    let drawn = 0;
    await renderSong(planSong(audioSeed, durationMs), audioSeed, async (chunk) => {
      await pace?.(drawn);
      drawn += chunk.length / 4 / SAMPLE_RATE;
      signal?.throwIfAborted();
      return encoder.write(chunk);
    });
    await encoder.finish();
    await pumping;
  } catch (err) {
    encoder.abort();
    await pumping.catch(() => {});
    throw err;
  }
  const rest = fit.rest();
  if (rest.length > 0) await out(rest);
}

/** Renders a demo song to an MP3 file at `outFile` (written under a temporary name, then renamed). */
export async function synthesizeSongMp3(
  outFile: string,
  audioSeed: number,
  durationMs: number,
  tags: TrackTags,
  signal?: AbortSignal,
): Promise<EncodedAudio> {
  const live = await LiveFile.create(outFile, songMp3Size(durationMs, tags));
  try {
    await renderSongMp3(startMp3Encoder(signal), audioSeed, durationMs, tags, (chunk) => live.append(chunk), signal);
    return { ...(await live.commit(outFile)), bitrate: MP3_BITRATE };
  } catch (err) {
    await live.fail(err as Error);
    throw err;
  }
}

export async function md5OfFile(path: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
