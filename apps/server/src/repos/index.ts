import type { Db } from '../db/connection.ts';
import { createAlbumRepo } from './albums.ts';
import { createArtistListRepo } from './artist-list.ts';
import { createArtistRelationRepo } from './artist-relations.ts';
import { createArtistRepo } from './artists.ts';
import { createApiKeyRepo } from './api-keys.ts';
import { createAudioFileRepo } from './audio-files.ts';
import { createBannerRepo } from './banners.ts';
import { createBookmarkRepo } from './bookmarks.ts';
import { createCaptchaRepo } from './captchas.ts';
import { createChatMessageRepo } from './chat-messages.ts';
import { createCloudSongRepo } from './cloud-songs.ts';
import { createChartRepo } from './charts.ts';
import { createGenreRepo } from './genres.ts';
import { createLibraryCatalogRepo } from './library-catalog.ts';
import { createLibraryFileRepo } from './library-files.ts';
import { createLibraryFolderRepo } from './library-folders.ts';
import { createLibraryScanRepo } from './library-scans.ts';
import { createLoginFailureRepo } from './login-failures.ts';
import { createLyricRepo } from './lyrics.ts';
import { createMetaRepo } from './meta.ts';
import { createNowPlayingRepo } from './now-playing.ts';
import { createPlayQueueRepo } from './play-queues.ts';
import { createPlaylistRepo } from './playlists.ts';
import { createPlayRepo } from './plays.ts';
import { createPodcastRepo } from './podcasts.ts';
import { createRadioStationRepo } from './radio-stations.ts';
import { createRatingRepo } from './ratings.ts';
import { createRecommendationRepo } from './recommendations.ts';
import { createSearchRepo } from './search.ts';
import { createSearchIndexRepo } from './search-index.ts';
import { createSearchKeywordRepo } from './search-keywords.ts';
import { createSessionRepo } from './sessions.ts';
import { createShareRepo } from './shares.ts';
import { createSigninRepo } from './signins.ts';
import { createSocialRepo } from './social.ts';
import { createSongRepo } from './songs.ts';
import { createSongFilterRepo } from './song-filters.ts';
import { createStoredCoverRepo } from './stored-covers.ts';
import { createSubRepo } from './subs.ts';
import { createSubsonicLibraryRepo } from './subsonic-library.ts';
import { createSubsonicPasswordRepo } from './subsonic-passwords.ts';
import { createTagRepo } from './tags.ts';
import { createTranscodeRepo } from './transcodes.ts';
import { createUserRepo } from './users.ts';
import { createUserPlaylistRepo } from './user-playlists.ts';

/** Every repository over one connection; statements are prepared once, here. */
export function createRepos(db: Db) {
  return {
    db,
    albums: createAlbumRepo(db),
    apiKeys: createApiKeyRepo(db),
    artists: createArtistRepo(db),
    artistList: createArtistListRepo(db),
    artistRelations: createArtistRelationRepo(db),
    audioFiles: createAudioFileRepo(db),
    banners: createBannerRepo(db),
    bookmarks: createBookmarkRepo(db),
    captchas: createCaptchaRepo(db),
    chatMessages: createChatMessageRepo(db),
    cloudSongs: createCloudSongRepo(db),
    charts: createChartRepo(db),
    genres: createGenreRepo(db),
    libraryCatalog: createLibraryCatalogRepo(db),
    libraryFiles: createLibraryFileRepo(db),
    libraryFolders: createLibraryFolderRepo(db),
    libraryScans: createLibraryScanRepo(db),
    loginFailures: createLoginFailureRepo(db),
    lyrics: createLyricRepo(db),
    meta: createMetaRepo(db),
    nowPlaying: createNowPlayingRepo(db),
    playQueues: createPlayQueueRepo(db),
    playlists: createPlaylistRepo(db),
    plays: createPlayRepo(db),
    podcasts: createPodcastRepo(db),
    radioStations: createRadioStationRepo(db),
    ratings: createRatingRepo(db),
    recommendations: createRecommendationRepo(db),
    search: createSearchRepo(db),
    searchIndex: createSearchIndexRepo(db),
    searchKeywords: createSearchKeywordRepo(db),
    sessions: createSessionRepo(db),
    shares: createShareRepo(db),
    signins: createSigninRepo(db),
    social: createSocialRepo(db),
    songs: createSongRepo(db),
    songFilters: createSongFilterRepo(db),
    storedCovers: createStoredCoverRepo(db),
    subs: createSubRepo(db),
    subsonicLibrary: createSubsonicLibraryRepo(db),
    subsonicPasswords: createSubsonicPasswordRepo(db),
    tags: createTagRepo(db),
    transcodes: createTranscodeRepo(db),
    users: createUserRepo(db),
    userPlaylists: createUserPlaylistRepo(db),
  };
}
export type Repos = ReturnType<typeof createRepos>;
export { withTx, withWriteTx } from './tx.ts';
