import type { Db } from '../db/connection.ts';
import { createAlbumRepo } from './albums.ts';
import { createArtistRepo } from './artists.ts';
import { createAudioFileRepo } from './audio-files.ts';
import { createBannerRepo } from './banners.ts';
import { createLyricRepo } from './lyrics.ts';
import { createMetaRepo } from './meta.ts';
import { createPlaylistRepo } from './playlists.ts';
import { createSongRepo } from './songs.ts';
import { createTagRepo } from './tags.ts';
import { createUserRepo } from './users.ts';

/** Every repository over one connection; statements are prepared once, here. */
export function createRepos(db: Db) {
  return {
    db,
    albums: createAlbumRepo(db),
    artists: createArtistRepo(db),
    audioFiles: createAudioFileRepo(db),
    banners: createBannerRepo(db),
    lyrics: createLyricRepo(db),
    meta: createMetaRepo(db),
    playlists: createPlaylistRepo(db),
    songs: createSongRepo(db),
    tags: createTagRepo(db),
    users: createUserRepo(db),
  };
}
export type Repos = ReturnType<typeof createRepos>;
export { withTx } from './tx.ts';
