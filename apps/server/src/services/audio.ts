import { rm, stat } from 'node:fs/promises';
import { ApiError } from '../errors.ts';
import type { Repos } from '../repos/index.ts';
import type { MediaPaths } from '../media/store.ts';
import { SharedWork, type WorkQueue } from '../media/work.ts';
import { synthesizeSongMp3 } from '../media/song-audio.ts';
import { MP3_BITRATE } from '../media/synth/encode-mp3.ts';

/** A song's original audio on disk: a rendered demo MP3 or an imported file. */
export interface AudioFile {
  path: string;
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
}

const rendered = (path: string, file: { size: number; md5: string; bitrate: number }): AudioFile => ({
  path,
  ...file,
  key: file.md5,
  lossless: false,
  type: 'mp3',
  mimeType: 'audio/mpeg',
});

export interface AudioServiceOptions {
  /** the encode slots, shared by rendering, transcoding and images: ffmpeg and sharp are CPU-bound */
  encoder: WorkQueue;
  /** disk budget of rendered audio; least recently played files go first beyond it */
  cacheBytes: number;
}

/**
 * A song's original audio: an imported song's own file, or a demo song's MP3, rendered on
 * first request and cached in the data directory. Concurrent requests
 * for one song share a single rendering; renderings wait for a free encode slot. Rendering is
 * deterministic, so evicting a file only costs a re-render the next time it is played.
 */
export function createAudioService(repos: Repos, paths: MediaPaths, { encoder, cacheBytes }: AudioServiceOptions) {
  const flights = new SharedWork<AudioFile>();

  /** An imported song's file as it is on disk now; 'missing' when it is gone; undefined for other songs. */
  async function imported(songId: number): Promise<AudioFile | 'missing' | undefined> {
    const record = repos.libraryFiles.bySong(songId);
    if (!record) return undefined;
    const onDisk = await stat(record.path).catch(() => undefined);
    if (!onDisk?.isFile()) return 'missing';
    // Edited since the last scan: still playable, but its md5 is unknown until rescanned.
    const fresh = onDisk.size === record.size && Math.floor(onDisk.mtimeMs) === record.mtimeMs;
    const { path, bitrate, lossless, type, mimeType } = record;
    return {
      path,
      size: onDisk.size,
      md5: fresh ? record.md5 : null,
      key: fresh ? record.md5 : `${onDisk.size.toString(16)}-${Math.floor(onDisk.mtimeMs).toString(16)}`,
      bitrate,
      lossless,
      type,
      mimeType,
    };
  }

  async function cached(songId: number): Promise<AudioFile | undefined> {
    const file = await imported(songId);
    if (file !== undefined) return file === 'missing' ? undefined : file;
    return renderedFile(songId);
  }

  /** A demo song's rendered MP3, if it is on disk. */
  async function renderedFile(songId: number): Promise<AudioFile | undefined> {
    const record = repos.audioFiles.find(songId);
    if (!record) return undefined;
    const path = paths.audio(songId);
    const onDisk = await stat(path).catch(() => undefined);
    // A file deleted or truncated behind our back is rendered again.
    if (onDisk?.size !== record.size) return undefined;
    repos.audioFiles.touch(songId);
    return rendered(path, record);
  }

  /** Deletes least recently played files (never `keep`) until the cache fits its budget. */
  async function evict(keep: number): Promise<void> {
    let total = repos.audioFiles.totalSize();
    if (total <= cacheBytes) return;
    for (const file of repos.audioFiles.leastRecent(1000)) {
      if (total <= cacheBytes) break;
      if (file.songId === keep) continue;
      // Forget first: a concurrent request then re-renders instead of trusting a vanishing file.
      // (A response already streaming keeps its open file handle.)
      repos.audioFiles.forget(file.songId);
      await rm(paths.audio(file.songId), { force: true });
      total -= file.size;
    }
  }

  return {
    /** The original's file if it already exists (never renders). */
    cached,
    /** An imported song's quality from the library; demo songs are 128 kbit/s MP3s. */
    quality(songId: number): AudioQuality {
      const file = repos.libraryFiles.bySong(songId);
      if (file) return { bitrate: file.bitrate, lossless: file.lossless, type: file.type, imported: true };
      return { bitrate: MP3_BITRATE, lossless: false, type: 'mp3', imported: false };
    },
    /** Resolves when no rendering is in flight. */
    idle: () => flights.idle(),
    /**
     * The song's original audio, rendering a demo song if needed; undefined for an unknown song.
     * An imported song whose file has disappeared is a 404 naming the song. When every request
     * waiting for a rendering has left (`signal`), the rendering stops.
     */
    async ensure(songId: number, signal?: AbortSignal): Promise<AudioFile | undefined> {
      const file = await imported(songId);
      if (file === 'missing') throw new ApiError(404, `the audio file of song ${songId} is missing`);
      if (file) return file;
      const hit = await renderedFile(songId);
      if (hit) return hit;
      const source = repos.audioFiles.sourceOf(songId);
      if (!source) return undefined;
      if (source.audioSeed === null) throw new Error(`song ${songId} has neither a file nor a synth seed`);
      const seed = source.audioSeed;
      return flights.run(
        String(songId),
        (workSignal) =>
          encoder.run(async () => {
            const again = await renderedFile(songId);
            if (again) return again;
            const path = paths.audio(songId);
            const tags = { title: source.name, artist: source.artistNames.join('/'), album: source.albumName };
            const encoded = await synthesizeSongMp3(path, seed, source.durationMs, tags, workSignal);
            repos.audioFiles.save({ songId, ...encoded });
            await evict(songId);
            return rendered(path, encoded);
          }, workSignal),
        signal,
      );
    },
  };
}
export type AudioService = ReturnType<typeof createAudioService>;
