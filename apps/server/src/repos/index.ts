import type { Database } from '../db/database.ts';
import { createAlbumRepo } from './albums.ts';
import { createArtistRepo } from './artists.ts';
import { createAudioFileRepo } from './audio-files.ts';
import { createBannerRepo } from './banners.ts';
import { createBookmarkRepo } from './bookmarks.ts';
import { createCaptchaRepo } from './captchas.ts';
import { createChatMessageRepo } from './chat-messages.ts';
import { createCloudSongRepo } from './cloud-songs.ts';
import { createChartRepo } from './charts.ts';
import { createFmTrashRepo } from './fm-trash.ts';
import { createGenreRepo } from './genres.ts';
import { createImportFileRepo } from './import-files.ts';
import { createImportFolderRepo } from './import-folders.ts';
import { createImportScanRepo } from './import-scans.ts';
import { createLoginFailureRepo } from './login-failures.ts';
import { createLeaseRepo } from './leases.ts';
import { createLoudnessRepo } from './loudness.ts';
import { createLyricRepo } from './lyrics.ts';
import { createMetaRepo } from './meta.ts';
import { createNowPlayingRepo } from './now-playing.ts';
import { createPlayQueueRepo } from './play-queues.ts';
import { createPlaylistRepo } from './playlists.ts';
import { createPlayRepo } from './plays.ts';
import { createPodcastRepo } from './podcasts.ts';
import { createQrLoginKeyRepo } from './qr-login-keys.ts';
import { createRadioStationRepo } from './radio-stations.ts';
import { createRateWindowRepo } from './rate-windows.ts';
import { createRatingRepo } from './ratings.ts';
import { createRecommendationRepo } from './recommendations.ts';
import { createSearchRepo } from './search.ts';
import { createFts5Matcher } from './search-fts5.ts';
import { createSearchIndexRepo } from './search-index.ts';
import { createPostgresSearchIndexRepo } from './search-index-postgres.ts';
import { createSearchKeywordRepo } from './search-keywords.ts';
import { createTrigramMatcher } from './search-trigram.ts';
import { createSessionRepo } from './sessions.ts';
import { createShareRepo } from './shares.ts';
import { createSigninRepo } from './signins.ts';
import { createSocialRepo } from './social.ts';
import { createSongRepo } from './songs.ts';
import { createStoredCoverRepo } from './stored-covers.ts';
import { createSubRepo } from './subs.ts';
import { createSubsonicApiKeyRepo } from './subsonic-api-keys.ts';
import { createSubsonicPasswordRepo } from './subsonic-passwords.ts';
import { createTagRepo } from './tags.ts';
import { createTranscodeRepo } from './transcodes.ts';
import { createUserRepo } from './users.ts';

/**
 * Every repository over one connection; statements are prepared once, here. One repository per
 * entity, used alike by the NetEase and Subsonic APIs, the demo seeder and the folder importer:
 * a statement lives in the repository of what it returns or writes (songs, albums, artists,
 * playlists, plays…); other tables appear in it only to join, filter, order or count. The
 * search index's full-text tables are an entity of their own (search, search-index).
 */
export function createRepos(db: Database) {
  const songs = createSongRepo(db);
  const importFiles = createImportFileRepo(db);
  return {
    db,
    albums: createAlbumRepo(db),
    artists: createArtistRepo(db),
    // services/audio.ts reads a song's render source here; the statement is the songs repository's.
    audioFiles: { ...createAudioFileRepo(db), sourceOf: songs.renderSource },
    banners: createBannerRepo(db),
    bookmarks: createBookmarkRepo(db),
    captchas: createCaptchaRepo(db),
    chatMessages: createChatMessageRepo(db),
    cloudSongs: createCloudSongRepo(db),
    charts: createChartRepo(db),
    fmTrash: createFmTrashRepo(db),
    genres: createGenreRepo(db),
    importFiles,
    // services/audio.ts reads imported files under this name.
    libraryFiles: importFiles,
    importFolders: createImportFolderRepo(db),
    importScans: createImportScanRepo(db),
    leases: createLeaseRepo(db),
    loginFailures: createLoginFailureRepo(db),
    loudness: createLoudnessRepo(db),
    lyrics: createLyricRepo(db),
    meta: createMetaRepo(db),
    nowPlaying: createNowPlayingRepo(db),
    playQueues: createPlayQueueRepo(db),
    playlists: createPlaylistRepo(db),
    plays: createPlayRepo(db),
    podcasts: createPodcastRepo(db),
    qrLoginKeys: createQrLoginKeyRepo(db),
    radioStations: createRadioStationRepo(db),
    rateWindows: createRateWindowRepo(db),
    ratings: createRatingRepo(db),
    recommendations: createRecommendationRepo(db),
    // One search over two indexes: SQLite's FTS5 tables, PostgreSQL's pg_trgm ones (same documents, same answers).
    search: createSearchRepo(db, db.dialect === 'sqlite' ? createFts5Matcher(db) : createTrigramMatcher(db)),
    searchIndex: db.dialect === 'sqlite' ? createSearchIndexRepo(db) : createPostgresSearchIndexRepo(db),
    searchKeywords: createSearchKeywordRepo(db),
    sessions: createSessionRepo(db),
    shares: createShareRepo(db),
    signins: createSigninRepo(db),
    social: createSocialRepo(db),
    songs,
    storedCovers: createStoredCoverRepo(db),
    subs: createSubRepo(db),
    subsonicApiKeys: createSubsonicApiKeyRepo(db),
    subsonicPasswords: createSubsonicPasswordRepo(db),
    tags: createTagRepo(db),
    transcodes: createTranscodeRepo(db),
    users: createUserRepo(db),
  };
}
export type Repos = Awaited<ReturnType<typeof createRepos>>;
export { withTx, withWriteTx } from './tx.ts';
