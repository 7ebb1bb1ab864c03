import { rm, stat } from 'node:fs/promises';
import type { Repos } from '../repos/index.ts';
import { concurrencyLimit, SingleFlight, type MediaPaths } from '../library/media-store.ts';
import { synthesizeSongMp3 } from '../library/song-audio.ts';

export interface AudioFile {
  path: string;
  size: number;
  md5: string;
  bitrate: number;
}

export interface AudioServiceOptions {
  /** renderings at once (encoding is CPU-bound) */
  concurrency: number;
  /** disk budget of rendered audio; least recently played files go first beyond it */
  cacheBytes: number;
}

/**
 * A song's MP3, rendered on first request and cached in the data directory. Concurrent requests
 * for one song share a single rendering; renderings are limited to one per core. Rendering is
 * deterministic, so evicting a file only costs a re-render the next time it is played.
 */
export function createAudioService(repos: Repos, paths: MediaPaths, { concurrency, cacheBytes }: AudioServiceOptions) {
  const flights = new SingleFlight<AudioFile>();
  const limit = concurrencyLimit(concurrency);

  async function cached(songId: number): Promise<AudioFile | undefined> {
    const record = repos.audioFiles.find(songId);
    if (!record) return undefined;
    const path = paths.audio(songId);
    const onDisk = await stat(path).catch(() => undefined);
    // A file deleted or truncated behind our back is rendered again.
    if (onDisk?.size !== record.size) return undefined;
    repos.audioFiles.touch(songId);
    return { path, ...record };
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
    /** The rendered file if it already exists (never renders). */
    cached,
    /** Resolves when no rendering is in flight. */
    idle: () => flights.idle(),
    /** The song's audio file, rendering it if needed; undefined for an unknown song. */
    async ensure(songId: number): Promise<AudioFile | undefined> {
      const hit = await cached(songId);
      if (hit) return hit;
      const source = repos.audioFiles.sourceOf(songId);
      if (!source) return undefined;
      if (source.audioSeed === null) throw new Error(`song ${songId} has neither a file nor a synth seed`);
      const seed = source.audioSeed;
      return flights.run(String(songId), () =>
        limit(async () => {
          const again = await cached(songId);
          if (again) return again;
          const path = paths.audio(songId);
          const encoded = await synthesizeSongMp3(path, seed, source.durationMs, {
            title: source.name,
            artist: source.artistNames.join('/'),
            album: source.albumName,
          });
          repos.audioFiles.save({ songId, ...encoded });
          await evict(songId);
          return { path, ...encoded };
        }),
      );
    },
  };
}
export type AudioService = ReturnType<typeof createAudioService>;
