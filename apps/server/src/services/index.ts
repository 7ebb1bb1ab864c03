import type { Db } from '../db/connection.ts';
import { createRepos } from '../repos/index.ts';
import { MediaFiles, type RemoteMediaMode } from '../media/media-files.ts';
import { OpenFiles } from '../media/open-files.ts';
import type { Storage } from '../media/storage.ts';
import { WorkQueue } from '../media/work.ts';
import { createAccountServices, type SmsSender } from './accounts/index.ts';
import type { Phone } from './accounts/captcha.ts';
import { createAlbumService } from './albums.ts';
import { createArtistAboutService } from './artists/about.ts';
import { createArtistService } from './artists/index.ts';
import { createAudioService } from './audio.ts';
import { createBookmarkService } from './bookmarks.ts';
import { createChartService } from './charts/index.ts';
import { createChatService } from './chat.ts';
import { createCloudService, type CloudTagReader } from './cloud/index.ts';
import { createDemoAccountService } from './demo-account.ts';
import { createDiscoverService } from './discover.ts';
import { createImageService } from './images.ts';
import { createImportScanService, type FolderScanner } from './import-scans.ts';
import { createLoginLimits } from './login-limits.ts';
import { createNowPlayingService } from './now-playing.ts';
import { createOpenApiService } from './openapi.ts';
import { createPlayQueueService } from './play-queue.ts';
import { createPlaylistService } from './playlists.ts';
import { createPodcastService } from './podcasts/index.ts';
import { createRadioStationService } from './radio-stations.ts';
import { createRatingService } from './ratings.ts';
import { createRecommendService } from './recommend/index.ts';
import { createMyPlaylistService } from './my-playlists.ts';
import { createSearchService } from './search/index.ts';
import { createShareService } from './shares.ts';
import { createSocialService } from './social/index.ts';
import { createSongService } from './songs/index.ts';
import { createSquareService } from './square/index.ts';
import { createSubsonicServices } from './subsonic/index.ts';
import { createSubsonicInfo } from './subsonic/info.ts';
import { createQrLoginService } from './qr-login.ts';
import { createFmService } from './fm.ts';
import { createMvService } from './mvs.ts';
import { createLeases } from './leases.ts';
import { createLoudnessService } from './loudness.ts';
import { createRateWindows, type Clock } from './rate-windows.ts';
import { createTranscodeService } from './transcode.ts';

export interface ServiceOptions {
  /** disk budget of rendered audio in bytes */
  audioCacheBytes: number;
  /** disk budget of generated art and resized images in bytes */
  imageCacheBytes: number;
  /** encode slots for demo rendering, transcoding and image drawing together (one per core) */
  encodeSlots: number;
  /** how often plays noted in memory are written as last-played times (services/last-played.ts) */
  lastPlayedEveryMs?: number;
  /** real time in ms: sessions, captchas, sign-in days and rate windows (tests move it) */
  clock: Clock;
  /** delivers captcha SMS */
  sms: SmsSender;
  /** bytes of cloud drive each user may keep */
  cloudQuotaBytes: number;
  /** the importer's tag reader, for cloud uploads (services may not import content/) */
  readTags: CloudTagReader;
  /** phones whose accounts administer the server (CLOUDTUNE_ADMIN) */
  admins: readonly Phone[];
  /** podcasts may be fetched from loopback and private addresses (CLOUDTUNE_PODCAST_ALLOW_PRIVATE) */
  podcastAllowPrivate: boolean;
  /** the importer, walking one import folder (services may not import content/) */
  scanFolder: FolderScanner;
  /** lines for whoever runs the server (an import scan's progress and failures) */
  log: (line: string) => void;
  /** makes share ids (tests: predictable ones); default 144 random bits */
  newShareId?: () => string;
  /** where everything the services write is kept: the data directory's media folder, or S3 */
  storage: Storage;
  /** how media in remote storage reaches clients (CLOUDTUNE_S3_MEDIA) */
  remoteMedia: RemoteMediaMode;
  /** false: songs' loudness is not measured (the bench's import without it); default true */
  measureLoudness?: boolean;
}

/** Media work waiting beyond this many jobs is refused (503, retry) rather than queued without end. */
export const MAX_WAITING_MEDIA_WORK = 32;

/** The domain services over one database and data directory. */
export async function createServices(db: Db, dataDir: string, options: ServiceOptions) {
  const repos = createRepos(db);
  const { storage } = options;
  const encoder = new WorkQueue(options.encodeSlots, MAX_WAITING_MEDIA_WORK);
  const leases = createLeases(repos, options.clock);
  const loudness = createLoudnessService(repos, leases, storage, {
    clock: options.clock,
    log: options.log,
    ...(options.measureLoudness === undefined ? {} : { measure: options.measureLoudness }),
  });
  const encoding = {
    encoder,
    cacheBytes: options.audioCacheBytes,
    ...(options.lastPlayedEveryMs === undefined ? {} : { lastPlayedEveryMs: options.lastPlayedEveryMs }),
    onError: (err: unknown) => options.log(`last-played times not written (tried again in a second): ${String(err)}`),
  };
  const audio = createAudioService(repos, storage, {
    ...encoding,
    onRendered: (songId: number, md5: string) => loudness.rendered(songId, md5),
  });
  const transcodes = createTranscodeService(repos, storage, encoding);
  const artistAbout = createArtistAboutService(repos);
  const limits = createLoginLimits(repos, options.clock);
  const accounts = await createAccountServices(repos, {
    clock: options.clock,
    sms: options.sms,
    storage,
    encoder,
    admins: options.admins,
    limits,
  });
  const rateWindows = createRateWindows(repos, options.clock);
  const qrLogin = createQrLoginService(repos, accounts.sessions, options.clock);
  const charts = await createChartService(repos, leases, options.clock);
  const subsonic = createSubsonicServices(repos, dataDir, audio, options.clock, limits);
  const files = new OpenFiles();
  return {
    discover: createDiscoverService(repos),
    playlists: createPlaylistService(repos),
    myPlaylists: createMyPlaylistService(repos, options.clock),
    songs: createSongService(repos, audio, transcodes, loudness),
    albums: createAlbumService(repos, subsonic.stars),
    audio,
    transcodes,
    images: createImageService(repos, storage, { encoder, cacheBytes: options.imageCacheBytes }),
    square: createSquareService(repos),
    charts,
    artists: createArtistService(repos, subsonic.stars),
    mvs: createMvService(repos),
    artistAbout,
    search: await createSearchService(repos),
    openapi: createOpenApiService(),
    social: await createSocialService(repos, options.clock),
    recommend: await createRecommendService(repos, options.clock, artistAbout.similarScores),
    subsonic,
    /** the Subsonic API's info and discovery: artist and album info, top songs, similar songs */
    subsonicInfo: createSubsonicInfo(repos, subsonic.browsing, artistAbout, options.clock),
    demoAccount: createDemoAccountService(repos, options.clock, accounts.auth, subsonic.passwords),
    qrLogin,
    playQueue: createPlayQueueService(repos, options.clock),
    bookmarks: createBookmarkService(repos, options.clock),
    ratings: createRatingService(repos, options.clock),
    nowPlaying: createNowPlayingService(repos, options.clock, charts),
    shares: createShareService(repos, options.clock, options.newShareId),
    fm: createFmService(repos, options.clock),
    ...accounts,
    cloud: await createCloudService(repos, storage, { ...options, loudness }),
    /** songs' loudness, measured in the background by one process at a time */
    loudness,
    radioStations: createRadioStationService(repos, options.clock),
    chat: createChatService(repos, options.clock),
    podcasts: await createPodcastService(repos, { storage, clock: options.clock, allowPrivate: options.podcastAllowPrivate }),
    importScans: createImportScanService(repos, options.scanFolder, options),
    /** work one process at a time does, across every process on the database */
    leases,
    /** request budgets shared by every process on the database (http/rate-limit.ts) */
    rateWindows,
    /** forgets what ran out: request budgets and QR-login keys (app.ts runs it in one process at a time) */
    async sweep(): Promise<void> {
      await rateWindows.prune();
      await qrLogin.prune();
    },
    /** changes with every write to the library: answers cached before it are stale */
    catalogVersion: async (): Promise<string> => await repos.meta.version(),
    /** media files held open between requests (streaming without an open/stat per request) */
    files,
    /** what media responses send: files of this machine held open, or objects in storage */
    media: new MediaFiles(storage, files, options.remoteMedia),
    storage,
  };
}
export type Services = Awaited<ReturnType<typeof createServices>>;
