import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { spawnFfmpeg } from '../media/ffmpeg.ts';
import { LiveFile, type LiveLease } from '../media/live-file.ts';
import type { Repos } from '../repos/index.ts';
import { SharedWork, untilAborted, type Joined } from '../media/work.ts';
import { firstBytes, type AudioFile, type AudioServiceOptions, type AudioSource } from './audio.ts';
import { specOf, TRANSCODE_FORMATS, variantName, type TranscodeFormat, type Variant } from './transcode-formats.ts';
import type { VariantBitrate } from './transcode-levels.ts';

/** The encode slots and disk budget are the ones demo rendering uses; variants are evicted first. */
export type TranscodeOptions = AudioServiceOptions;

/** The MP3 variant at a NetEase level (what /song/url hands out). */
export const mp3Variant = (bitrate: VariantBitrate): Variant => ({ format: 'mp3', bitrate });

/**
 * Variants of originals (MP3, Opus, AAC at the levels of transcode-formats.ts), made with ffmpeg
 * on first request and kept on disk under `<media>/transcode/<original md5>-<kbps>k.<ext>`: a
 * changed original never serves an old variant, and a Range request always reads the same bytes.
 * Concurrent requests for one variant share a single ffmpeg run, and each hears it from the first
 * bytes ffmpeg makes. A stream that starts part way in (Subsonic's timeOffset) is made for its one
 * listener and never kept.
 */
export function createTranscodeService(repos: Repos, mediaRoot: string, { encoder, cacheBytes }: TranscodeOptions) {
  const flights = new SharedWork<AudioFile, LiveFile>();
  const pathOf = (key: string, variant: Variant) => join(mediaRoot, 'transcode', `${key}-${variantName(variant)}`);
  const fileOf = (path: string, size: number, md5: string, { format, bitrate }: Variant): AudioFile => ({
    path,
    size,
    md5,
    key: md5,
    bitrate,
    lossless: false,
    type: specOf(format).extension,
    mimeType: specOf(format).mimeType,
  });

  async function cached(source: AudioFile, variant: Variant): Promise<AudioFile | undefined> {
    const record = repos.transcodes.find(source.key, variant.format, variant.bitrate);
    if (!record) return undefined;
    const path = pathOf(source.key, variant);
    if ((await stat(path).catch(() => undefined))?.size !== record.size) return undefined;
    repos.transcodes.touch(source.key, variant.format, variant.bitrate);
    return fileOf(path, record.size, record.md5, variant);
  }

  /** Deletes least recently used variants (never `keep`) while audio on disk exceeds the budget. */
  async function evict(keep: string): Promise<void> {
    let over = repos.audioFiles.totalSize() + repos.transcodes.totalSize() - cacheBytes;
    for (const file of over > 0 ? repos.transcodes.leastRecent(1000) : []) {
      if (over <= 0) break;
      if (!TRANSCODE_FORMATS.includes(file.format as TranscodeFormat)) continue;
      const path = pathOf(file.sourceMd5, { format: file.format as TranscodeFormat, bitrate: file.bitrate });
      if (path === keep) continue;
      repos.transcodes.forget(file.sourceMd5, file.format, file.bitrate);
      await rm(path, { force: true });
      over -= file.size;
    }
  }

  /** The run making a variant (started, or joined when in flight). */
  function transcoding(source: AudioFile, variant: Variant, signal?: AbortSignal): Joined<AudioFile, LiveFile> {
    const path = pathOf(source.key, variant);
    return flights.join(
      path,
      (workSignal, publish) =>
        encoder.run(
          async () => {
            const again = await cached(source, variant);
            if (again) return again;
            const live = await LiveFile.create(path);
            publish(live);
            let done;
            try {
              await encode(source.path, variant, 0, (chunk) => live.append(chunk), workSignal);
              done = await live.commit(path);
            } catch (err) {
              await live.fail(err as Error);
              throw err;
            }
            repos.transcodes.save({ sourceMd5: source.key, format: variant.format, bitrate: variant.bitrate, ...done });
            await evict(path);
            return fileOf(path, done.size, done.md5, variant);
          },
          workSignal,
          // Someone is listening: ahead of covers and of songs rendered ahead.
          'listener',
        ),
      signal,
    );
  }

  return {
    /** The variant if it is already on disk (never transcodes). */
    cached,
    idle: () => flights.idle(),
    /** The original transcoded to `variant`, made if needed (stopped when every requester left). */
    async ensure(source: AudioFile, variant: Variant, signal?: AbortSignal): Promise<AudioFile> {
      return (await cached(source, variant)) ?? transcoding(source, variant, signal).result;
    },
    /** What to send a listener: the variant's file, or the variant being made, from ffmpeg's first bytes on. */
    async stream(source: AudioFile, variant: Variant, signal?: AbortSignal): Promise<AudioSource> {
      const hit = await cached(source, variant);
      if (hit) return { kind: 'file', file: hit };
      return firstBytes(transcoding(source, variant, signal), specOf(variant.format).mimeType, signal);
    },
    /**
     * The original transcoded from `offsetS` seconds in, for one listener: ffmpeg writes a file the
     * listener reads as it grows (at ffmpeg's pace, so a slow listener never holds an encode slot),
     * unlinked once complete — the listener's open descriptor keeps it readable to the end — and
     * stopped when the listener leaves (`signal`).
     */
    async streamFrom(source: AudioFile, variant: Variant, offsetS: number, signal?: AbortSignal): Promise<AudioSource> {
      const path = join(mediaRoot, 'transcode', 'from', `${randomUUID()}.${specOf(variant.format).extension}`);
      let opened!: (file: { live: LiveFile; lease: LiveLease }) => void;
      let failed!: (err: unknown) => void;
      const published = new Promise<{ live: LiveFile; lease: LiveLease }>((resolve, reject) => ((opened = resolve), (failed = reject)));
      const work = encoder.run(
        async (workSignal) => {
          const live = await LiveFile.create(path);
          // The listener's hold, taken before a byte is written: the file cannot close under it.
          opened({ live, lease: live.lease()! });
          try {
            await encode(source.path, variant, offsetS, (chunk) => live.append(chunk), workSignal);
            await live.commit(path);
          } catch (err) {
            await live.fail(err as Error);
            throw err;
          } finally {
            await rm(path, { force: true });
          }
        },
        signal,
        'listener',
      );
      // Before the file opens a failure is the listener's; after it, the reader sees it (the file fails).
      work.catch(failed);
      const { live, lease } = await published;
      try {
        await untilAborted(live.started, signal);
      } catch (err) {
        lease.release();
        throw err;
      }
      return { kind: 'live', live: lease, mimeType: specOf(variant.format).mimeType };
    },
  };
}
export type TranscodeService = ReturnType<typeof createTranscodeService>;

/**
 * ffmpeg: the first audio stream from `offsetS` seconds in (decoded and dropped up to there, so
 * the cut is sample-exact) → `variant`, stereo, tags kept, pictures dropped, handed to `out` as it
 * is made. Bit-exact flags make a re-transcode byte-identical.
 */
async function encode(
  input: string,
  { format, bitrate }: Variant,
  offsetS: number,
  out: (chunk: Buffer) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const args = [
    ...(offsetS > 0 ? ['-ss', String(offsetS)] : []),
    '-i',
    input,
    '-map',
    '0:a:0',
    '-map_metadata',
    '0',
    '-ac',
    '2',
    ...specOf(format).args(bitrate / 1000),
    '-fflags',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    'pipe:1',
  ];
  const child = spawnFfmpeg(args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => {
    if (stderr.length < 4000) stderr += d;
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, sig) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg transcode failed (${sig ?? code}): ${stderr.trim()}`)),
    );
  });
  exited.catch(() => {});
  try {
    for await (const chunk of child.stdout!) await out(chunk as Buffer);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  await exited;
}
