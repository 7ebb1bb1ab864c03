import { availableParallelism } from 'node:os';
import type { Db } from '../db/connection.ts';
import { createRepos } from '../repos/index.ts';
import { mediaPaths } from '../library/media-store.ts';
import { createAlbumService } from './albums.ts';
import { createAudioService } from './audio.ts';
import { createDiscoverService } from './discover.ts';
import { createImageService } from './images.ts';
import { createPlaylistService } from './playlists.ts';
import { createSongService } from './songs.ts';

export interface ServiceOptions {
  /** disk budget of rendered audio in bytes */
  audioCacheBytes: number;
}

/** The domain services over one database and data directory. */
export function createServices(db: Db, dataDir: string, options: ServiceOptions) {
  const repos = createRepos(db);
  const paths = mediaPaths(dataDir);
  const audio = createAudioService(repos, paths, {
    concurrency: Math.max(1, availableParallelism()),
    cacheBytes: options.audioCacheBytes,
  });
  return {
    discover: createDiscoverService(repos),
    playlists: createPlaylistService(repos),
    songs: createSongService(repos, audio),
    albums: createAlbumService(repos),
    audio,
    images: createImageService(repos, paths),
  };
}
export type Services = ReturnType<typeof createServices>;
