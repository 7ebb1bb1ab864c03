import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { spawnFfmpeg } from '../media/ffmpeg.ts';
import { LiveFile } from '../media/live-file.ts';
import type { Repos } from '../repos/index.ts';
import { SharedWork, type Joined } from '../media/work.ts';
import { firstBytes, type AudioFile, type AudioServiceOptions, type AudioSource } from './audio.ts';
import { kbpsOf, type VariantBitrate } from './transcode-levels.ts';

/** The encode slots and disk budget are the ones demo rendering uses; variants are evicted first. */
export type TranscodeOptions = AudioServiceOptions;

/**
 * Lower-bitrate MP3 variants of originals, made with ffmpeg on first request and kept on disk
 * under `<media>/transcode/<original md5>-<kbps>k.mp3`: a changed original never serves an old
 * variant, and a Range request always reads the same bytes. Concurrent requests for one variant
 * share a single ffmpeg run, and each hears it from the first bytes ffmpeg makes.
 */
export function createTranscodeService(repos: Repos, mediaRoot: string, { encoder, cacheBytes }: TranscodeOptions) {
  const flights = new SharedWork<AudioFile, LiveFile>();
  const pathOf = (key: string, bitrate: VariantBitrate) => join(mediaRoot, 'transcode', `${key}-${kbpsOf(bitrate)}k.mp3`);
  const variant = (path: string, size: number, md5: string, bitrate: VariantBitrate): AudioFile => ({
    path,
    size,
    md5,
    key: md5,
    bitrate,
    lossless: false,
    type: 'mp3',
    mimeType: 'audio/mpeg',
  });

  async function cached(source: AudioFile, bitrate: VariantBitrate): Promise<AudioFile | undefined> {
    const record = repos.transcodes.find(source.key, bitrate);
    if (!record) return undefined;
    const path = pathOf(source.key, bitrate);
    if ((await stat(path).catch(() => undefined))?.size !== record.size) return undefined;
    repos.transcodes.touch(source.key, bitrate);
    return variant(path, record.size, record.md5, bitrate);
  }

  /** Deletes least recently used variants (never `keep`) while audio on disk exceeds the budget. */
  async function evict(keep: string): Promise<void> {
    let over = repos.audioFiles.totalSize() + repos.transcodes.totalSize() - cacheBytes;
    for (const file of over > 0 ? repos.transcodes.leastRecent(1000) : []) {
      if (over <= 0) break;
      const path = pathOf(file.sourceMd5, file.bitrate as VariantBitrate);
      if (path === keep) continue;
      repos.transcodes.forget(file.sourceMd5, file.bitrate);
      await rm(path, { force: true });
      over -= file.size;
    }
  }

  /** The run making a variant (started, or joined when in flight). */
  function transcoding(source: AudioFile, bitrate: VariantBitrate, signal?: AbortSignal): Joined<AudioFile, LiveFile> {
    const path = pathOf(source.key, bitrate);
    return flights.join(
      path,
      (workSignal, publish) =>
        encoder.run(async () => {
          const again = await cached(source, bitrate);
          if (again) return again;
          const live = await LiveFile.create(path);
          publish(live);
          let done;
          try {
            await encodeMp3(source.path, bitrate, (chunk) => live.append(chunk), workSignal);
            done = await live.commit(path);
          } catch (err) {
            await live.fail(err as Error);
            throw err;
          }
          repos.transcodes.save({ sourceMd5: source.key, bitrate, ...done });
          await evict(path);
          return variant(path, done.size, done.md5, bitrate);
        }, workSignal),
      signal,
    );
  }

  return {
    /** The variant if it is already on disk (never transcodes). */
    cached,
    idle: () => flights.idle(),
    /** The original transcoded to a CBR MP3 at `bitrate`, made if needed (stopped when every requester left). */
    async ensure(source: AudioFile, bitrate: VariantBitrate, signal?: AbortSignal): Promise<AudioFile> {
      return (await cached(source, bitrate)) ?? transcoding(source, bitrate, signal).result;
    },
    /** What to send a listener: the variant's file, or the variant being made, from ffmpeg's first bytes on. */
    async stream(source: AudioFile, bitrate: VariantBitrate, signal?: AbortSignal): Promise<AudioSource> {
      const hit = await cached(source, bitrate);
      if (hit) return { kind: 'file', file: hit };
      return firstBytes(transcoding(source, bitrate, signal), 'audio/mpeg', signal);
    },
  };
}
export type TranscodeService = ReturnType<typeof createTranscodeService>;

/**
 * ffmpeg: first audio stream → CBR MP3, 44.1 kHz (what every MP3 decoder takes), tags kept,
 * pictures dropped, handed to `out` as it is made. LAME quality 7 (as the demo synth uses)
 * encodes twice as fast as the default (a 4-minute FLAC: 4.1 s instead of 7.4 s on a busy 2-core
 * box), and a listener waits. Written to a pipe, so without the Xing header (ffmpeg fills it in
 * by seeking back, which a stream cannot do; a CBR file needs none); bit-exact flags make a
 * re-transcode byte-identical.
 */
async function encodeMp3(
  input: string,
  bitrate: VariantBitrate,
  out: (chunk: Buffer) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const args = [
    '-i',
    input,
    '-map',
    '0:a:0',
    '-map_metadata',
    '0',
    '-c:a',
    'libmp3lame',
    '-b:a',
    `${kbpsOf(bitrate)}k`,
    '-compression_level',
    '7',
    '-ar',
    '44100',
    '-fflags',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    '-id3v2_version',
    '3',
    '-write_xing',
    '0',
    '-f',
    'mp3',
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
