import { stat } from 'node:fs/promises';
import { ApiError } from '../errors.ts';
import type { Repos } from '../repos/index.ts';
import type { AudioFileRecord } from '../repos/audio-files.ts';
import type { ImportFileRecord } from '../repos/import-files.ts';
import { LiveFile, type LiveLease } from '../media/live-file.ts';
import type { MediaRef } from '../media/media-files.ts';
import type { Storage } from '../media/storage.ts';
import { PreemptedError, SharedWork, untilAborted, WorkLane, type Joined, type WorkPriority, type WorkQueue } from '../media/work.ts';
import { renderSongMp3, songMp3Size } from '../media/song-audio.ts';
import { MP3_BITRATE, mp3Encoders } from '../media/synth/encode-mp3.ts';
import { SAMPLE_RATE } from '../media/synth/wavetables.ts';
import { lastPlayed } from './last-played.ts';

/** A song's original audio: a rendered demo MP3 (in storage) or an imported file (where it is). */
export interface AudioFile {
  ref: MediaRef;
  size: number;
  /** null for an imported file changed on disk since the last scan (unknown until rescanned) */
  md5: string | null;
  /** names the content: the md5, else size and mtime (the ETag and the transcode cache key) */
  key: string;
  /** bit/s */
  bitrate: number;
  lossless: boolean;
  /** /song/url `type`: mp3, flac, m4a … */
  type: string;
  mimeType: string;
}

/** What a song's original is, known without touching the disk. */
export interface AudioQuality {
  bitrate: number;
  lossless: boolean;
  type: string;
  /** an imported file (always on disk unless deleted), not a demo song rendered on demand */
  imported: boolean;
  /** Hz, channels, bits per sample (lossless only); null when unknown */
  sampleRate: number | null;
  channels: number | null;
  bitDepth: number | null;
}

/** Every demo song: a 128 kbit/s stereo MP3 at 44.1 kHz. */
const DEMO_QUALITY: AudioQuality = {
  bitrate: MP3_BITRATE,
  lossless: false,
  type: 'mp3',
  imported: false,
  sampleRate: SAMPLE_RATE,
  channels: 2,
  bitDepth: null,
};

/** Where a demo song's rendered MP3 is stored. */
export const renderedKey = (songId: number): string => `audio/${songId}.mp3`;

const rendered = (songId: number, file: { size: number; md5: string; bitrate: number }): AudioFile => ({
  ref: { object: renderedKey(songId) },
  ...file,
  key: file.md5,
  lossless: false,
  type: 'mp3',
  mimeType: 'audio/mpeg',
});

/**
 * What a listener is sent: a file complete on disk, or one still being made, read as it grows
 * (`size`: its final size when known ahead, as for demo songs).
 */
export type AudioSource = { kind: 'file'; file: AudioFile } | { kind: 'live'; live: LiveLease; mimeType: string };

/**
 * Waits until a run has bytes to send: the file it publishes (leased, so it stays readable), or
 * its finished file. `signal`: the listener left.
 */
export async function firstBytes(
  { result, published }: Joined<AudioFile, LiveFile>,
  mimeType: string,
  signal?: AbortSignal,
): Promise<AudioSource> {
  const live = await published;
  if (live) {
    await untilAborted(live.started, signal);
    const lease = live.lease();
    // No lease: complete and closed meanwhile, so the file is on disk.
    if (lease) return { kind: 'live', live: lease, mimeType };
  }
  return { kind: 'file', file: await result };
}

/**
 * A listener's first seconds, made before anyone's later ones: once a render has made this much,
 * it is far ahead of its listener (renders run ~50× real time) and gives way to a newcomer's.
 */
export const OPENING_SECONDS = 10;

/** Songs rendered ahead for nobody yet: a queue's next song or two, never a flood. */
const MAX_PREPARING = 2;

export interface AudioServiceOptions {
  /** the encode slots, shared by rendering, transcoding and images: ffmpeg and sharp are CPU-bound */
  encoder: WorkQueue;
  /** disk budget of rendered audio; least recently played files go first beyond it */
  cacheBytes: number;
  /** how often plays noted in memory are written (services/last-played.ts); a second by default */
  lastPlayedEveryMs?: number;
  /** a failure writing them (tried again later) */
  onError?: (err: unknown) => void;
  /** a demo song's MP3 was rendered and recorded (its loudness is measured next) */
  onRendered?: (songId: number, md5: string) => Promise<void>;
}

/** A song's original as a list needs it: its quality, and its file when that exists. */
export interface Original {
  quality: AudioQuality;
  /** undefined: a demo song not rendered (or evicted), or an imported file gone from disk */
  file: AudioFile | undefined;
}

/** Whether a file is read again from storage rather than trusting its row (see renderedFile). */
export interface Verify {
  verify?: boolean;
}

const qualityOfImported = ({ bitrate, lossless, type, sampleRate, channels, bitDepth }: ImportFileRecord): AudioQuality => ({
  bitrate,
  lossless,
  type,
  imported: true,
  sampleRate,
  channels,
  bitDepth,
});

/**
 * A song's original audio: an imported song's own file, or a demo song's MP3, rendered on
 * first request and kept in storage (within its budget). Concurrent requests
 * for one song share a single rendering; renderings wait for a free encode slot. Rendering is
 * deterministic, so evicting a file only costs a re-render the next time it is played.
 */
export function createAudioService(
  repos: Repos,
  storage: Storage,
  { encoder, cacheBytes, lastPlayedEveryMs, onError, onRendered }: AudioServiceOptions,
) {
  const played = lastPlayed<number>({
    idOf: String,
    write: (songIds, at) => repos.audioFiles.touch(songIds, at),
    ...(lastPlayedEveryMs === undefined ? {} : { everyMs: lastPlayedEveryMs }),
    ...(onError ? { onError } : {}),
  });
  const flights = new SharedWork<AudioFile, LiveFile>();
  /** the priority of each render in flight: a listener joining a prepared render raises it */
  const lanes = new Map<number, WorkLane>();
  /** songs rendered for no listener yet (see prepare) */
  const preparing = new Set<number>();

  /** An imported song's file as it is on disk now; 'missing' when it is gone; undefined for other songs. */
  async function imported(songId: number): Promise<AudioFile | 'missing' | undefined> {
    const record = await repos.libraryFiles.bySong(songId);
    return record && (await importedFile(record));
  }

  /** An imported file as it is on disk now; 'missing' when it is gone. */
  async function importedFile(record: ImportFileRecord): Promise<AudioFile | 'missing'> {
    const onDisk = await stat(record.path).catch(() => undefined);
    if (!onDisk?.isFile()) return 'missing';
    // Edited since the last scan: still playable, but its md5 is unknown until rescanned.
    const fresh = onDisk.size === record.size && Math.floor(onDisk.mtimeMs) === record.mtimeMs;
    const { path, bitrate, lossless, type, mimeType } = record;
    return {
      ref: { path },
      size: onDisk.size,
      md5: fresh ? record.md5 : null,
      key: fresh ? record.md5 : `${onDisk.size.toString(16)}-${Math.floor(onDisk.mtimeMs).toString(16)}`,
      bitrate,
      lossless,
      type,
      mimeType,
    };
  }

  async function cached(songId: number, { verify = false }: Verify = {}): Promise<AudioFile | undefined> {
    const file = await imported(songId);
    if (file !== undefined) return file === 'missing' ? undefined : file;
    return renderedFile(songId, verify);
  }

  /**
   * A demo song's rendered MP3, if it is recorded. Its row is trusted without asking the storage
   * (an S3 HEAD per song per request): a row is written only once its object is stored, and an
   * eviction, by any process, forgets the row before it deletes the object. What the row cannot
   * know — an object deleted or cut short behind the server's back — is found when the file is
   * opened to be sent, and the song is then looked up again with `verify`, which asks the
   * storage and, when the object is not whole, answers undefined: the song is rendered again.
   * Rendering asks too, before it trusts a row another process may have written meanwhile.
   */
  async function renderedFile(songId: number, verify = false): Promise<AudioFile | undefined> {
    const record = await repos.audioFiles.find(songId);
    if (!record) return undefined;
    if (verify && (await storage.stat(renderedKey(songId)))?.size !== record.size) return undefined;
    played.touch(songId);
    return rendered(songId, record);
  }

  /** Deletes least recently played files (never `keep`) until the cache fits its budget. */
  async function evict(keep: number): Promise<void> {
    // This process's plays count before choosing what goes (another's may be a second late).
    await played.flush();
    let total = await repos.audioFiles.totalSize();
    if (total <= cacheBytes) return;
    for (const file of await repos.audioFiles.leastRecent(1000)) {
      if (total <= cacheBytes) break;
      if (file.songId === keep) continue;
      // Forget first: a concurrent request then re-renders instead of trusting a vanishing file.
      // (A response already streaming keeps its open file handle.)
      await repos.audioFiles.forget(file.songId);
      await storage.delete(renderedKey(file.songId));
      total -= file.size;
    }
  }

  /** Renders a demo song into a file that listeners read while it grows. */
  const render =
    (
      songId: number,
      source: { name: string; artistNames: string[]; albumName: string; durationMs: number },
      seed: number,
      lane: WorkLane,
    ) =>
    (workSignal: AbortSignal, publish: (live: LiveFile) => void): Promise<AudioFile> =>
      encoder.run(
        async (signal) => {
          const again = await renderedFile(songId, true);
          if (again) return again;
          const key = renderedKey(songId);
          const tags = tagsOf(source);
          // Rendered into a local file this process's listeners read as it grows; the finished
          // file is then put in storage, where any later listener (of any process) finds it.
          const live = await LiveFile.open(await storage.scratchFile(key), songMp3Size(source.durationMs, tags));
          publish(live);
          try {
            const pcmEncoder = mp3Encoders.take(signal);
            await renderSongMp3(
              pcmEncoder,
              seed,
              source.durationMs,
              tags,
              (chunk) => live.append(chunk),
              signal,
              // A song made ahead pauses while a listener's song is being made (pre-empted, it stops);
              // a listener's song past its opening pauses while another listener's opening is made.
              (seconds) => {
                if (seconds >= OPENING_SECONDS) lane.opened();
                const paused = encoder.yieldToListeners(lane);
                return paused && untilAborted(paused, signal);
              },
            );
          } catch (err) {
            await live.fail(err as Error);
            throw signal.reason instanceof PreemptedError ? signal.reason : err;
          }
          // Put in its place first, then recorded: a recorded song is always there to be read.
          const done = await live.commit((tmp) => storage.putFile(key, tmp, { contentType: 'audio/mpeg' }));
          const encoded = { ...done, bitrate: MP3_BITRATE };
          await repos.audioFiles.save({ songId, ...encoded });
          await onRendered?.(songId, encoded.md5);
          await evict(songId);
          return rendered(songId, encoded);
        },
        workSignal,
        lane,
      );

  const tagsOf = (source: { name: string; artistNames: string[]; albumName: string }) => ({
    title: source.name,
    artist: source.artistNames.join('/'),
    album: source.albumName,
  });

  /**
   * The run making a demo song's MP3 (started, or joined when in flight); undefined for an unknown
   * song. A listener joining a render started for nobody (prepared) makes it a listener's render.
   */
  async function rendering(
    songId: number,
    signal?: AbortSignal,
    priority: WorkPriority = 'listener',
  ): Promise<Joined<AudioFile, LiveFile> | undefined> {
    const source = await repos.audioFiles.sourceOf(songId);
    if (!source) return undefined;
    if (source.audioSeed === null) throw new Error(`song ${songId} has neither a file nor a synth seed`);
    const key = String(songId);
    let lane = lanes.get(songId);
    if (lane && flights.has(key)) lane.raise(priority);
    else lanes.set(songId, (lane = new WorkLane(priority)));
    const mine = lane;
    const work = (workSignal: AbortSignal, publish: (live: LiveFile) => void) =>
      render(
        songId,
        source,
        source.audioSeed!,
        mine,
      )(workSignal, publish).finally(() => {
        if (lanes.get(songId) === mine) lanes.delete(songId);
      });
    return flights.join(key, work, signal);
  }

  /** An imported song's file, or a demo song's rendered file; 404 for an imported file gone from disk. */
  async function onDisk(songId: number, verify = false): Promise<AudioFile | undefined> {
    const file = await imported(songId);
    if (file === 'missing') throw new ApiError(404, `the audio file of song ${songId} is missing`);
    return file ?? renderedFile(songId, verify);
  }

  return {
    /** The original's file if it already exists (never renders). */
    cached,
    /**
     * The originals of songs already read with their rendered file's record (/song/url's list):
     * their quality and file, with one more query only when some are imported.
     */
    async originalsOf(
      songs: readonly { id: number; imported: boolean; rendered: AudioFileRecord | null }[],
    ): Promise<Map<number, Original>> {
      const imports = await repos.libraryFiles.bySongs(songs.filter((s) => s.imported).map((s) => s.id));
      const answer = new Map<number, Original>();
      await Promise.all(
        songs.map(async ({ id, rendered: render }) => {
          const record = imports.get(id);
          if (record) {
            const file = await importedFile(record);
            answer.set(id, { quality: qualityOfImported(record), file: file === 'missing' ? undefined : file });
            return;
          }
          if (render) played.touch(id);
          answer.set(id, { quality: DEMO_QUALITY, file: render ? rendered(id, render) : undefined });
        }),
      );
      return answer;
    },
    /** An imported song's quality from the library; demo songs are 128 kbit/s stereo MP3s at 44.1 kHz. */
    async quality(songId: number): Promise<AudioQuality> {
      const file = await repos.libraryFiles.bySong(songId);
      return file ? qualityOfImported(file) : DEMO_QUALITY;
    },
    /** quality() of a song already read: one without an original file (a demo song) needs no query (lists). */
    async qualityOf(song: { id: number; original: unknown }): Promise<AudioQuality> {
      return song.original === null ? DEMO_QUALITY : await this.quality(song.id);
    },
    /** The exact size of a demo song's MP3 before it is rendered, from the song already read; undefined for other songs. */
    plannedSizeOf(song: { audioSeed: number | null; durationMs: number; name: string; artistNames: string[]; albumName: string }) {
      return song.audioSeed === null ? undefined : songMp3Size(song.durationMs, tagsOf(song));
    },
    /** Resolves when no rendering is in flight. */
    idle: () => flights.idle(),
    /** Writes the plays noted in memory and stops noting them on a timer (shutdown). */
    close: () => played.close(),
    /**
     * The song's original audio, rendering a demo song if needed; undefined for an unknown song.
     * An imported song whose file has disappeared is a 404 naming the song. When every request
     * waiting for a rendering has left (`signal`), the rendering stops.
     */
    async ensure(songId: number, signal?: AbortSignal, { verify = false }: Verify = {}): Promise<AudioFile | undefined> {
      return (await onDisk(songId, verify)) ?? (await rendering(songId, signal))?.result;
    },
    /**
     * What to send a listener of the original: the file, or a demo song being rendered, from its
     * first bytes on (starting the rendering if nobody has). When every listener has left
     * (`signal`), the rendering stops.
     */
    async stream(songId: number, signal?: AbortSignal, { verify = false }: Verify = {}): Promise<AudioSource | undefined> {
      const file = await onDisk(songId, verify);
      if (file) return { kind: 'file', file };
      const run = await rendering(songId, signal);
      return run && firstBytes(run, 'audio/mpeg', signal);
    },
    /**
     * Starts rendering a demo song nobody listens to yet (the next song of a queue), to the end
     * whoever comes and goes. 'ready' when its file exists; undefined for an unknown song.
     */
    async prepare(songId: number): Promise<'ready' | 'preparing' | 'busy' | undefined> {
      if (await onDisk(songId)) return 'ready';
      if (!flights.has(String(songId)) && (preparing.size >= MAX_PREPARING || encoder.waiting >= encoder.maxWaiting)) return 'busy';
      const run = await rendering(songId, undefined, 'background');
      if (!run) return undefined;
      preparing.add(songId);
      const settled = async (err?: unknown) => {
        // A listener took its slot: it waits in line again, behind every listener, and runs when a
        // slot is free (nobody asks twice for the next song).
        if (err instanceof PreemptedError && !flights.has(String(songId)) && encoder.waiting < encoder.maxWaiting) {
          const again = await rendering(songId, undefined, 'background');
          if (again) return void again.result.then(async () => await settled(), settled);
        }
        preparing.delete(songId);
      };
      void run.result.then(async () => await settled(), settled);
      return 'preparing';
    },
  };
}
export type AudioService = Awaited<ReturnType<typeof createAudioService>>;
