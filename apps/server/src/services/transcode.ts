import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { spawnFfmpeg } from '../media/ffmpeg.ts';
import type { Repos } from '../repos/index.ts';
import { writeAtomically } from '../media/store.ts';
import { SharedWork } from '../media/work.ts';
import { md5OfFile } from '../media/song-audio.ts';
import type { AudioFile, AudioServiceOptions } from './audio.ts';
import { kbpsOf, type VariantBitrate } from './transcode-levels.ts';

/** The encode slots and disk budget are the ones demo rendering uses; variants are evicted first. */
export type TranscodeOptions = AudioServiceOptions;

/**
 * Lower-bitrate MP3 variants of originals, made with ffmpeg on first request and kept on disk
 * under `<media>/transcode/<original md5>-<kbps>k.mp3`: a changed original never serves an old
 * variant, and a Range request always reads the same bytes. Concurrent requests for one variant
 * share a single ffmpeg run.
 */
export function createTranscodeService(repos: Repos, mediaRoot: string, { encoder, cacheBytes }: TranscodeOptions) {
  const flights = new SharedWork<AudioFile>();
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

  return {
    /** The variant if it is already on disk (never transcodes). */
    cached,
    idle: () => flights.idle(),
    /** The original transcoded to a CBR MP3 at `bitrate`, made if needed (stopped when every requester left). */
    async ensure(source: AudioFile, bitrate: VariantBitrate, signal?: AbortSignal): Promise<AudioFile> {
      const hit = await cached(source, bitrate);
      if (hit) return hit;
      const path = pathOf(source.key, bitrate);
      return flights.run(
        path,
        (workSignal) =>
          encoder.run(async () => {
            const again = await cached(source, bitrate);
            if (again) return again;
            await writeAtomically(path, (tmp) => encodeMp3(source.path, tmp, bitrate, workSignal));
            const [size, md5] = await Promise.all([stat(path).then((s) => s.size), md5OfFile(path)]);
            repos.transcodes.save({ sourceMd5: source.key, bitrate, size, md5 });
            await evict(path);
            return variant(path, size, md5, bitrate);
          }, workSignal),
        signal,
      );
    },
  };
}
export type TranscodeService = ReturnType<typeof createTranscodeService>;

/**
 * ffmpeg: first audio stream → CBR MP3, 44.1 kHz (what every MP3 decoder takes), tags kept,
 * pictures dropped. LAME quality 7 (as the demo synth uses) encodes twice as fast as the
 * default (a 4-minute FLAC: 4.1 s instead of 7.4 s on a busy 2-core box), and a listener waits. Written to a file (not a pipe) so ffmpeg can fill in the Xing header that
 * gives players an exact duration; bit-exact flags make a re-transcode byte-identical.
 */
function encodeMp3(input: string, output: string, bitrate: VariantBitrate, signal?: AbortSignal): Promise<void> {
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
    '-f',
    'mp3',
    '-y',
    output,
  ];
  return new Promise((resolve, reject) => {
    const child = spawnFfmpeg(args, { stdio: ['ignore', 'ignore', 'pipe'], signal });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      if (stderr.length < 4000) stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg transcode failed (${signal ?? code}): ${stderr.trim()}`)),
    );
  });
}
