import { type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { rm } from 'node:fs/promises';
import { spawnFfmpeg } from '../media/ffmpeg.ts';
import { LiveFile, type LiveLease } from '../media/live-file.ts';
import type { Storage } from '../media/storage.ts';
import type { Repos } from '../repos/index.ts';
import type { TranscodeKey } from '../repos/transcodes.ts';
import { SharedWork, untilAborted, WorkLane, type Joined } from '../media/work.ts';
import { firstBytes, OPENING_SECONDS, type AudioFile, type AudioServiceOptions, type AudioSource, type Verify } from './audio.ts';
import { lastPlayed } from './last-played.ts';
import { specOf, TRANSCODE_FORMATS, variantName, type TranscodeFormat, type Variant } from './transcode-formats.ts';
import type { VariantBitrate } from './transcode-levels.ts';

/** The encode slots and disk budget are the ones demo rendering uses; variants are evicted first. */
export type TranscodeOptions = AudioServiceOptions;

/** The MP3 variant at a NetEase level (what /song/url hands out). */
export const mp3Variant = (bitrate: VariantBitrate): Variant => ({ format: 'mp3', bitrate });

/**
 * Variants of originals (MP3, Opus, AAC at the levels of transcode-formats.ts), made with ffmpeg
 * on first request and kept in storage as `transcode/<original md5>-<kbps>k.<ext>`: a
 * changed original never serves an old variant, and a Range request always reads the same bytes.
 * Concurrent requests for one variant share a single ffmpeg run, and each hears it from the first
 * bytes ffmpeg makes. A stream that starts part way in (Subsonic's timeOffset) is made for its one
 * listener and never kept.
 */
export function createTranscodeService(
  repos: Repos,
  storage: Storage,
  { encoder, cacheBytes, lastPlayedEveryMs, onError }: TranscodeOptions,
) {
  const flights = new SharedWork<AudioFile, LiveFile>();
  const played = lastPlayed<TranscodeKey>({
    idOf: (v) => `${v.sourceMd5} ${v.format} ${v.bitrate}`,
    write: (variants, at) => repos.transcodes.touch(variants, at),
    ...(lastPlayedEveryMs === undefined ? {} : { everyMs: lastPlayedEveryMs }),
    ...(onError ? { onError } : {}),
  });
  const keyOf = (key: string, variant: Variant) => `transcode/${key}-${variantName(variant)}`;
  const fileOf = (object: string, size: number, md5: string, { format, bitrate }: Variant): AudioFile => ({
    ref: { object },
    size,
    md5,
    key: md5,
    bitrate,
    lossless: false,
    type: specOf(format).extension,
    mimeType: specOf(format).mimeType,
  });

  /** ffmpeg's input: a file of this machine (read where it is), or an object in remote storage. */
  const inputOf = ({ ref, type }: Pick<AudioFile, 'ref' | 'type'>): TranscodeInput => {
    if ('path' in ref) return { type, path: ref.path };
    const key = ref.object;
    const path = storage.localPath(key);
    if (path !== undefined) return { type, path };
    return {
      type,
      stream: () => storage.get(key),
      // ffmpeg reads a URL with ranges itself (an M4A's index may be at its end; an offset is sought).
      ...(storage.presign ? { url: () => storage.presign!(key, 3600) } : {}),
    };
  };

  /**
   * The variant if it is recorded. As for rendered songs (audio.ts renderedFile) the row is
   * trusted: written once the object is stored, forgotten before an eviction deletes it.
   * `verify` asks the storage too (the object turned out missing when opened; before transcoding).
   */
  async function cached(source: AudioFile, variant: Variant, { verify = false }: Verify = {}): Promise<AudioFile | undefined> {
    const record = await repos.transcodes.find(source.key, variant.format, variant.bitrate);
    if (!record) return undefined;
    const object = keyOf(source.key, variant);
    if (verify && (await storage.stat(object))?.size !== record.size) return undefined;
    played.touch({ sourceMd5: source.key, format: variant.format, bitrate: variant.bitrate });
    return fileOf(object, record.size, record.md5, variant);
  }

  /** Deletes least recently used variants (never `keep`) while audio in storage exceeds the budget. */
  async function evict(keep: string): Promise<void> {
    // This process's plays count before choosing what goes (another's may be a second late).
    await played.flush();
    let over = (await repos.audioFiles.totalSize()) + (await repos.transcodes.totalSize()) - cacheBytes;
    for (const file of over > 0 ? await repos.transcodes.leastRecent(1000) : []) {
      if (over <= 0) break;
      if (!TRANSCODE_FORMATS.includes(file.format as TranscodeFormat)) continue;
      const object = keyOf(file.sourceMd5, { format: file.format as TranscodeFormat, bitrate: file.bitrate });
      if (object === keep) continue;
      await repos.transcodes.forget(file.sourceMd5, file.format, file.bitrate);
      await storage.delete(object);
      over -= file.size;
    }
  }

  /** The run making a variant (started, or joined when in flight). */
  function transcoding(source: AudioFile, variant: Variant, signal?: AbortSignal): Joined<AudioFile, LiveFile> {
    const object = keyOf(source.key, variant);
    // Someone is listening: ahead of covers and of songs rendered ahead.
    const lane = new WorkLane('listener');
    return flights.join(
      object,
      (workSignal, publish) =>
        encoder.run(
          async () => {
            const again = await cached(source, variant, { verify: true });
            if (again) return again;
            // Made in a local file this process's listeners read as it grows, then put in storage.
            const live = await LiveFile.open(await storage.scratchFile(object));
            publish(live);
            try {
              await encode(
                inputOf(source),
                variant,
                0,
                (chunk) => live.append(chunk),
                workSignal,
                (seconds) => {
                  // Past its opening, it gives way to another listener's (ffmpeg waits on its full pipe).
                  if (seconds >= OPENING_SECONDS) lane.opened();
                  const paused = encoder.yieldToListeners(lane);
                  return paused && untilAborted(paused, workSignal);
                },
              );
            } catch (err) {
              await live.fail(err as Error);
              throw err;
            }
            // Put in its place first, then recorded: a recorded variant is always there to be read.
            const done = await live.commit((tmp) => storage.putFile(object, tmp, { contentType: specOf(variant.format).mimeType }));
            await repos.transcodes.save({ sourceMd5: source.key, format: variant.format, bitrate: variant.bitrate, ...done });
            await evict(object);
            return fileOf(object, done.size, done.md5, variant);
          },
          workSignal,
          lane,
        ),
      signal,
    );
  }

  return {
    /** The variant if it is already stored (never transcodes). */
    cached,
    idle: () => flights.idle(),
    /** Writes the plays noted in memory and stops noting them on a timer (shutdown). */
    close: () => played.close(),
    /** The original transcoded to `variant`, made if needed (stopped when every requester left). */
    async ensure(source: AudioFile, variant: Variant, signal?: AbortSignal): Promise<AudioFile> {
      return (await cached(source, variant)) ?? transcoding(source, variant, signal).result;
    },
    /** What to send a listener: the variant's file, or the variant being made, from ffmpeg's first bytes on. */
    async stream(source: AudioFile, variant: Variant, signal?: AbortSignal, verify: Verify = {}): Promise<AudioSource> {
      const hit = await cached(source, variant, verify);
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
      const scratch = await storage.scratchFile(`transcode/from/${randomUUID()}.${specOf(variant.format).extension}`);
      let opened!: (file: { live: LiveFile; lease: LiveLease }) => void;
      let failed!: (err: unknown) => void;
      const published = new Promise<{ live: LiveFile; lease: LiveLease }>((resolve, reject) => ((opened = resolve), (failed = reject)));
      const work = encoder.run(
        async (workSignal) => {
          const live = await LiveFile.open(scratch);
          // The listener's hold, taken before a byte is written: the file cannot close under it.
          opened({ live, lease: live.lease()! });
          try {
            await encode(inputOf(source), variant, offsetS, (chunk) => live.append(chunk), workSignal);
          } catch (err) {
            await live.fail(err as Error);
            throw err;
          }
          // Never kept: the listener's descriptor reads it to the end.
          await live.commit((tmp) => rm(tmp, { force: true }));
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
export type TranscodeService = Awaited<ReturnType<typeof createTranscodeService>>;

/** Originals ffmpeg reads front to back from a pipe; others (an M4A may keep its index at the end) are read from the file. */
const STREAMS_FROM_A_PIPE = new Set(['flac', 'mp3', 'ogg', 'opus', 'wav', 'aac']);

const alive = (child: ChildProcess): boolean => child.exitCode === null && child.signalCode === null;
/** Stdio pipes are sockets: an unref'd one does not keep the process alive. */
const setRef = (child: ChildProcess, on: boolean): void => {
  for (const s of [child, child.stdin, child.stdout, child.stderr] as ({ ref(): void; unref(): void } | null)[]) {
    if (on) s?.ref();
    else s?.unref();
  }
};

/**
 * A transcoder started ahead: Debian's ffmpeg loads ~200 libraries, 150–400 ms from spawn to
 * its first frame on a busy 2-core machine — all of it silence for a listener whose song is
 * being transcoded. One transcoder for the variant made last waits, reading its input from a
 * pipe (idle: a process blocked on its input, no CPU); the original is fed to it. A listener
 * keeps the bit rate they chose, so the next transcode is usually that variant again. Like the
 * MP3 encoders, the next one starts when the one taken exits, not while it works.
 */
class TranscoderPool {
  #spare: { key: string; child: ChildProcess } | undefined;

  take(args: readonly string[], signal?: AbortSignal): ChildProcess {
    const key = args.join(' ');
    const spare = this.#spare;
    this.#spare = undefined;
    let child: ChildProcess | undefined;
    if (spare && spare.key === key && alive(spare.child)) {
      child = spare.child;
      setRef(child, true);
      const kill = () => child!.kill('SIGKILL');
      if (signal?.aborted) kill();
      else signal?.addEventListener('abort', kill, { once: true });
      child.once('close', () => signal?.removeEventListener('abort', kill));
    } else {
      // Another variant's spare is not what this listener needs: it ends (its input closes).
      spare?.child.stdin!.end();
      child = spawnFfmpeg(['-i', 'pipe:0', ...args], { stdio: ['pipe', 'pipe', 'pipe'], signal });
    }
    child.once('close', () => setImmediate(() => this.#refill(key, args)));
    return child;
  }

  warm(args: readonly string[]): void {
    this.#refill(args.join(' '), args);
  }

  #refill(key: string, args: readonly string[]): void {
    if (this.#spare) return;
    const child = spawnFfmpeg(['-i', 'pipe:0', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.on('error', () => {});
    child.stdin!.on('error', () => {});
    setRef(child, false);
    this.#spare = { key, child };
  }
}

/** The process's transcoder held ready (tests build many apps; one spare serves them all). */
const transcoders = new TranscoderPool();

/** ffmpeg's arguments after the input: the first audio stream → `variant`, stereo, tags kept, pictures dropped. */
function transcodeArgs({ format, bitrate }: Variant): string[] {
  return [
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
}

/**
 * Starts a transcoder for `variant` ahead of the first transcode (at start-up: the level the web
 * client asks for by default, so even the first listener finds one ready).
 */
export function warmTranscoder(variant: Variant): void {
  transcoders.warm(transcodeArgs(variant));
}

/**
 * What ffmpeg transcodes: a file of this machine by its path, or an object in remote storage —
 * its bytes as a stream, and (when the storage signs URLs) a URL ffmpeg reads with ranges.
 */
type TranscodeInput = { type: string } & ({ path: string } | { stream: () => Promise<Readable>; url?: () => Promise<string> });

/**
 * ffmpeg: the first audio stream from `offsetS` seconds in (decoded and dropped up to there, so
 * the cut is sample-exact) → `variant`, stereo, tags kept, pictures dropped, handed to `out` as it
 * is made. Bit-exact flags make a re-transcode byte-identical.
 */
async function encode(
  input: TranscodeInput,
  { format, bitrate }: Variant,
  offsetS: number,
  out: (chunk: Buffer) => Promise<void>,
  signal?: AbortSignal,
  /** awaited before each chunk is handed on, with the seconds made before it */
  pace?: (seconds: number) => Promise<void> | undefined,
): Promise<void> {
  const args = transcodeArgs({ format, bitrate });
  // From the start of a file that streams: a transcoder started ahead, fed the file. An object
  // with no URL to read is fed through the pipe too (ffmpeg drops what precedes an offset).
  const local = 'path' in input ? input.path : undefined;
  const url = local === undefined && !('path' in input) ? input.url : undefined;
  const fromStart = offsetS === 0 && STREAMS_FROM_A_PIPE.has(input.type);
  const piped = fromStart || (local === undefined && !url);
  const named = piped ? undefined : (local ?? (await url!()));
  const child =
    piped && offsetS === 0
      ? transcoders.take(args, signal)
      : spawnFfmpeg([...(offsetS > 0 ? ['-ss', String(offsetS)] : []), '-i', named ?? 'pipe:0', ...args], {
          stdio: [piped ? 'pipe' : 'ignore', 'pipe', 'pipe'],
          signal,
        });
  if (piped) {
    child.stdin!.on('error', () => {});
    // An unreadable original fails the transcode (ffmpeg is stopped; its exit reports it).
    const bytes = (): Promise<Readable> => ('path' in input ? Promise.resolve(createReadStream(input.path)) : input.stream());
    void bytes()
      .then((source) => pipeline(source, child.stdin!))
      .catch(() => child.kill('SIGKILL'));
  }
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
    let made = 0;
    for await (const chunk of child.stdout!) {
      await pace?.((made * 8) / bitrate);
      await out(chunk as Buffer);
      made += (chunk as Buffer).length;
    }
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  await exited;
}
