import { availableParallelism } from 'node:os';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { join } from 'node:path';
import {
  DEFAULT_AUDIO_CACHE_BYTES,
  DEFAULT_CLOUD_QUOTA_BYTES,
  DEFAULT_IMAGE_CACHE_BYTES,
  DEFAULT_S3_MEDIA,
  type AdminPhone,
  type S3MediaMode,
} from './config.ts';
import { folderScanner } from './content/import/folder-scan.ts';
import { readTrack } from './content/import/read-track.ts';
import { removeStrayTemporaries } from './media/disk-cache.ts';
import { ffmpeg } from './media/ffmpeg.ts';
import { openStorage } from './media/open-storage.ts';
import type { Storage, StorageConfig } from './media/storage.ts';
import { openDatabase } from './db/connection.ts';
import {
  DEMO_ACCOUNT,
  ensureDemoAccount,
  ensureDemoGenres,
  needsDemoLibrary,
  seedDemoLibrary,
  type DemoLibraryOptions,
} from './content/demo/index.ts';
import { hostPolicy } from './http/api-base.ts';
import { installSessions } from './http/auth.ts';
import { allowCrossOrigin } from './http/cors.ts';
import { refuseCrossSiteWrites } from './http/cross-site.ts';
import { installDataVersion } from './http/data-version.ts';
import { loggerOptions, type LogStream } from './http/logging.ts';
import { acceptMultipart } from './http/multipart.ts';
import { originPolicy } from './http/origins.ts';
import { proxyTrust } from './http/proxies.ts';
import type { TlsFiles } from './http/tls.ts';
import { installRateLimits } from './http/rate-limit.ts';
import { BodyCache } from './http/body-cache.ts';
import { installErrorHandler } from './http/errors.ts';
import { serverLimitOptions, type ServerLimits } from './http/server-limits.ts';
import { acceptFormBodies } from './http/form-body.ts';
import { apiOnlyNotFound, serveWebApp } from './http/web-app.ts';
import { firstScreen } from './routes/first-screen.ts';
import { apiRoutes } from './routes/index.ts';
import { sharePageRoutes } from './routes/share-page.ts';
import { subsonicRoutes } from './routes/subsonic/index.ts';
import { outboxSmsSender, webhookSmsSender, type SmsSender } from './services/accounts/sms.ts';
import type { DemoLogin } from './services/demo-account.ts';
import { createServices } from './services/index.ts';
import { DEMO_SUBSONIC_PASSWORD } from './services/subsonic/index.ts';
import type { Clock } from './services/rate-windows.ts';

/** How often expired request budgets and QR-login keys are forgotten (by one of the processes sharing the database). */
const SWEEP_EVERY_MS = 60_000;

/** The demo account's published login (README), Subsonic app password included (decision 0022). */
const DEMO_LOGIN: DemoLogin = {
  countryCode: DEMO_ACCOUNT.countryCode,
  phone: DEMO_ACCOUNT.phone,
  password: DEMO_ACCOUNT.password,
  subsonicPassword: DEMO_SUBSONIC_PASSWORD,
};

export interface BuildAppOptions {
  dataDir: string;
  /**
   * Where the library is (CLOUDTUNE_DATABASE_URL): a postgres:// URL, or null for the SQLite file
   * of the data directory; absent, the environment's CLOUDTUNE_DATABASE_URL decides (db/connection.ts).
   */
  databaseUrl?: string | null;
  /**
   * Demo mode (config.demo, the one place it is decided): the demo account logs in with the
   * passwords the README publishes and administers the server. false: it is disabled — no
   * password, no Subsonic password, no session — while the demo catalogue stays.
   */
  demo: boolean;
  /** phones whose accounts administer the server (CLOUDTUNE_ADMIN) */
  admins?: readonly AdminPhone[];
  /** '/api' beside the web app (default), '' for API-only mode (desktop shell) */
  apiPrefix?: '/api' | '';
  /** the browser build to serve at `/`; null or absent = none (a hint page when apiPrefix is '/api') */
  webDist?: string | null;
  /** true = info-level request logs; a level string picks one; default silent. Credentials never reach it (http/logging.ts). */
  logger?: boolean | string;
  /** where log lines go (default stdout) */
  logStream?: LogStream;
  /** the demo library seeded into an empty data dir */
  demoLibrary?: DemoLibraryOptions;
  /** disk budget of rendered audio (default 150 MB: the data dir stays under 200 MB) */
  audioCacheBytes?: number;
  /** disk budget of generated art and resized images (default 40 MB) */
  imageCacheBytes?: number;
  /** encode slots shared by rendering, transcoding and images (default one per core) */
  encodeSlots?: number;
  /** how often plays noted in memory are written as last-played times (default a second; tests: longer, to see shutdown write them) */
  lastPlayedEveryMs?: number;
  /** HTTP time and connection limits (defaults in http/server-limits.ts) */
  limits?: Partial<ServerLimits>;
  /** base of absolute URLs in answers (CLOUDTUNE_PUBLIC_URL); default: an allowed Host of the request */
  publicUrl?: string | null;
  /** Host names besides this machine's own that absolute URLs may follow (CLOUDTUNE_ALLOWED_HOSTS) */
  allowedHosts?: readonly string[];
  /** web origins besides app://cloudtune that may call with cookies (CLOUDTUNE_ALLOWED_ORIGINS) */
  allowedOrigins?: readonly string[];
  /** captcha SMS are POSTed here (CLOUDTUNE_SMS_WEBHOOK); default: <dataDir>/outbox/sms.log */
  smsWebhook?: string | null;
  /** delivers captcha SMS (tests); wins over smsWebhook */
  smsSender?: SmsSender;
  /** real time in ms for sessions, captchas, sign-in days and rate windows (tests move it) */
  clock?: Clock;
  /** bytes of cloud drive each user may keep (CLOUDTUNE_CLOUD_QUOTA_GB; default 10 GB) */
  cloudQuotaBytes?: number;
  /** a PEM certificate and key: the server speaks HTTPS (CLOUDTUNE_TLS_CERT / CLOUDTUNE_TLS_KEY) */
  tls?: TlsFiles | null;
  /** reverse proxies (IPs/CIDRs) whose X-Forwarded-Proto/Host/For are believed (CLOUDTUNE_TRUSTED_PROXIES) */
  trustedProxies?: readonly string[];
  /** podcast feeds and episodes may be fetched from loopback and private addresses (CLOUDTUNE_PODCAST_ALLOW_PRIVATE; default false) */
  podcastAllowPrivate?: boolean;
  /** makes share ids (tests: predictable ones); default 144 random bits (services/shares.ts) */
  newShareId?: () => string;
  /** where everything the server writes is kept (CLOUDTUNE_STORAGE_URL); default the data directory's media folder */
  storage?: StorageConfig;
  /** how media kept in S3 reaches clients (CLOUDTUNE_S3_MEDIA; default proxy) */
  s3Media?: S3MediaMode;
  /** false: songs' loudness is not measured in the background (the bench's baseline); default true */
  measureLoudness?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** where the server keeps what it writes (the importer's covers go there too) */
    storage: Storage;
  }
}

/**
 * Builds the Fastify instance (never listens): opens and migrates the database, seeds the demo
 * library into an empty one, registers the API and, beside it, the web app. Closing the app
 * closes the database.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const apiPrefix = options.apiPrefix ?? '/api';
  // Checked before anything is opened: a bad CLOUDTUNE_PUBLIC_URL or origin stops the start.
  const trustsProxy = proxyTrust(options.trustedProxies);
  const hosts = hostPolicy({ publicUrl: options.publicUrl, allowedHosts: options.allowedHosts, trustsProxy });
  const origins = originPolicy(options.allowedOrigins);
  // A bucket that cannot be used stops the start with why, before the database is opened.
  const storage = await openStorage(options.storage ?? { kind: 'local' }, options.dataDir);
  try {
    await storage.check();
  } catch (err) {
    storage.close();
    throw err;
  }
  const db = await openDatabase(options.dataDir, { url: options.databaseUrl });
  let demoAccount: number | null;
  try {
    // The catalogue is seeded whatever the mode: a fresh machine has music either way.
    const prepareLibrary = async (): Promise<number | null> => {
      if (await needsDemoLibrary(db)) await seedDemoLibrary(db, options.demoLibrary);
      const account = await ensureDemoAccount(db);
      await ensureDemoGenres(db);
      return account;
    };
    // Two processes starting together on one library prepare it once: the second waits for the
    // database lock, then finds it seeded, its demo account made and its genres given (each
    // written by whichever came first: checked outside the lock, the second could write them again).
    demoAccount = await db.lock(prepareLibrary);
  } catch (err) {
    await db.close();
    storage.close();
    throw err;
  }

  const level = options.logger === true ? 'info' : typeof options.logger === 'string' ? options.logger : undefined;
  // Files streamed beyond the open-file pool's budget count against the connection cap; the pool
  // comes with the services, made below.
  let filesBeyondBudget = (): number => 0;
  // Trailing slashes are tolerated like the reference (Express) server does: /api/banner/ works.
  const app = Fastify({
    logger: level ? loggerOptions(level, options.logStream) : false,
    routerOptions: { ignoreTrailingSlash: true },
    // Only a trusted proxy's X-Forwarded-* count (protocol, host, and the client address rate limits use).
    ...(trustsProxy ? { trustProxy: (address: string) => trustsProxy(address) } : {}),
    ...serverLimitOptions(options.limits, options.tls ?? null, () => filesBeyondBudget()),
  });
  // A crash during a render leaves `.tmp` files that nothing would ever delete or count (scratch
  // files are on this machine's disk whatever the storage).
  await removeStrayTemporaries(join(options.dataDir, 'media'));
  // Chosen (and its version checked) now rather than on the first song.
  ffmpeg();
  const sms =
    options.smsSender ??
    (options.smsWebhook ? webhookSmsSender(options.smsWebhook) : outboxSmsSender(options.dataDir, (line) => app.log.warn(line)));
  const services = await createServices(db, options.dataDir, {
    audioCacheBytes: options.audioCacheBytes ?? DEFAULT_AUDIO_CACHE_BYTES,
    imageCacheBytes: options.imageCacheBytes ?? DEFAULT_IMAGE_CACHE_BYTES,
    encodeSlots: options.encodeSlots ?? Math.max(1, availableParallelism()),
    ...(options.lastPlayedEveryMs === undefined ? {} : { lastPlayedEveryMs: options.lastPlayedEveryMs }),
    clock: options.clock ?? Date.now,
    sms,
    cloudQuotaBytes: options.cloudQuotaBytes ?? DEFAULT_CLOUD_QUOTA_BYTES,
    admins: options.admins ?? [],
    podcastAllowPrivate: options.podcastAllowPrivate ?? false,
    ...(options.newShareId ? { newShareId: options.newShareId } : {}),
    // An upload has no folders: only its own name stands in for missing tags.
    readTags: (path, size, fileName) => readTrack('.', path, size, fileName),
    scanFolder: folderScanner(db, options.dataDir, (line) => app.log.info(line), storage),
    log: (line) => app.log.warn(line),
    storage,
    remoteMedia: options.s3Media ?? DEFAULT_S3_MEDIA,
    ...(options.measureLoudness === undefined ? {} : { measureLoudness: options.measureLoudness }),
  });
  app.decorate('storage', storage);
  filesBeyondBudget = () => services.files.beyondBudget;
  // A crash between storing a cloud upload and writing its row leaves a file nobody owns (one
  // process sweeps at a time: several starting together do not walk the storage each).
  await services.leases.runOnceAsync('cloud-sweep', () => services.cloud.sweep());
  // Writes belong to start-up and timers, never to a read: charts are ranked here and kept fresh
  // (by whichever process finds them stale first).
  await services.charts.refresh();
  const stopTimers = [
    services.charts.schedule(),
    services.search.schedule(),
    // Request budgets and QR-login keys that ran out are forgotten now and then, by one process.
    services.leases.every(
      'sweep',
      SWEEP_EVERY_MS,
      async () => await services.sweep(),
      (err) => app.log.warn(`sweep failed: ${String(err)}`),
    ),
  ];
  // Songs whose tags gave no loudness are measured in the background, by one process at a time.
  services.loudness.start();
  app.addHook('onClose', async () => {
    for (const stop of stopTimers) await stop();
    await services.loudness.stop();
    await services.podcasts.close();
    // An import scan writes the catalog: it ends (after the file in hand) before the database closes.
    await services.importScans.stop();
    // Let songs being rendered finish (they record themselves in the database) before closing it.
    await Promise.all([services.audio.idle(), services.transcodes.idle(), services.images.idle()]);
    // Then the last-played times noted since the last second are written (the renders noted some too).
    await Promise.all([services.audio.close(), services.transcodes.close()]);
    services.files.closeAll();
    await db.close();
    storage.close();
  });

  try {
    // Demo mode opens the demo account (its passwords hashed here, once per data directory, rather
    // than in the seed); any other start closes it (docs/decisions/0027-running-on-a-network.md).
    if (demoAccount !== null) {
      if (options.demo) await services.demoAccount.open(demoAccount, DEMO_LOGIN);
      else await services.demoAccount.close(demoAccount);
    }
    for (const p of await services.admins.applyAtStart()) {
      app.log.warn(
        `CLOUDTUNE_ADMIN: no account has the phone +${p.countryCode}-${p.phone} yet; it becomes an administrator when it registers`,
      );
    }
    installErrorHandler(app);
    // Other answers (search, web assets) are compressed as they go; cached bodies come compressed.
    await app.register(fastifyCompress, {
      threshold: 2048,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    });
    acceptFormBodies(app);
    await acceptMultipart(app);
    app.decorate('hostPolicy', hosts);
    await allowCrossOrigin(app, origins);
    refuseCrossSiteWrites(app, origins);
    installDataVersion(app, services.catalogVersion);
    await installSessions(app, async (token, version) => await services.sessions.lookup(token, version));
    await installRateLimits(app, async (limiter, key, windowMs) => await services.rateWindows.hit(limiter, key, windowMs));
    await app.register(apiRoutes, {
      prefix: apiPrefix,
      services,
      apiPrefix,
      cached: { cache: new BodyCache() },
    });
    // Subsonic apps are given the server's address: /rest sits at the root in both modes.
    await app.register(subsonicRoutes, { services, apiPrefix });
    // Share links open at the root too, for anyone (no account), in both modes.
    await app.register(sharePageRoutes, { services, apiPrefix });
    if (apiPrefix === '') apiOnlyNotFound(app);
    else await serveWebApp(app, options.webDist ?? null, apiPrefix, firstScreen(services, apiPrefix));
    return app;
  } catch (err) {
    await app.close();
    throw err;
  }
}
