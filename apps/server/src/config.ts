import { isIPv4 } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorageConfig } from './media/storage.ts';

export interface Config {
  port: number;
  /** the listen address: HOST, else 127.0.0.1 (this machine only) */
  host: string;
  /** holds the SQLite file (unless databaseUrl is set) and generated media */
  dataDir: string;
  /** CLOUDTUNE_DATABASE_URL: a postgres:// URL puts the library in PostgreSQL; null = SQLite in the data directory */
  databaseUrl: string | null;
  /** desktop-shell mode: the API at `/`, no web app */
  apiOnly: boolean;
  /** the browser build served at `/` (null in API-only mode) */
  webDist: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** disk budget of rendered audio, in bytes */
  audioCacheBytes: number;
  /** disk budget of generated art and resized images, in bytes */
  imageCacheBytes: number;
  /** a music folder imported (rescanned) in the background after each start; null = none */
  libraryDir: string | null;
  /** CLOUDTUNE_PUBLIC_URL: the base of absolute URLs in answers (else an allowed Host) */
  publicUrl: string | null;
  /** CLOUDTUNE_ALLOWED_HOSTS: Host names besides this machine's own that URLs may follow */
  allowedHosts: string[];
  /** CLOUDTUNE_ALLOWED_ORIGINS: web origins besides app://cloudtune that may call with cookies */
  allowedOrigins: string[];
  /** CLOUDTUNE_SMS_WEBHOOK: where captcha SMS are POSTed; null = written to <data>/outbox/sms.log */
  smsWebhook: string | null;
  /** CLOUDTUNE_CLOUD_QUOTA_GB: bytes of cloud drive each user may keep (default 10 GB) */
  cloudQuotaBytes: number;
  /** CLOUDTUNE_TLS_CERT / CLOUDTUNE_TLS_KEY: PEM files; both set = the server speaks HTTPS */
  tlsCert: string | null;
  tlsKey: string | null;
  /** CLOUDTUNE_TRUSTED_PROXIES: IPs/CIDRs whose X-Forwarded-Proto/Host/For are believed */
  trustedProxies: string[];
  /**
   * Demo mode: the demo account can log in with the passwords the README publishes. CLOUDTUNE_DEMO
   * (1/0) decides; unset, only a server nothing beyond this machine reaches is one (see demoMode).
   */
  demo: boolean;
  /** CLOUDTUNE_ADMIN: phones whose accounts administer the server (decision 0027) */
  admins: AdminPhone[];
  /** CLOUDTUNE_PODCAST_ALLOW_PRIVATE: podcast feeds and episodes may be fetched from loopback and private addresses (decision 0033) */
  podcastAllowPrivate: boolean;
  /** CLOUDTUNE_STORAGE_URL and the S3 settings: where everything the server writes is kept (decision 0038) */
  storage: StorageConfig;
  /** CLOUDTUNE_S3_MEDIA: how media kept in S3 reaches clients (ignored for the data directory) */
  s3Media: S3MediaMode;
}

/** `proxy`: the server fetches the range asked for from S3 and sends it; `redirect`: 302 to a URL signed for a few minutes. */
export type S3MediaMode = 'proxy' | 'redirect';
export const DEFAULT_S3_MEDIA: S3MediaMode = 'proxy';

/** An account named by phone: country code (86 unless given) and number. */
export interface AdminPhone {
  countryCode: string;
  phone: string;
}

/** apps/server/, whatever the working directory. */
const packageDir = fileURLToPath(new URL('../', import.meta.url));
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function port(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return 4000;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`PORT must be an integer 0–65535, got "${text}"`);
  return n;
}

/** 150 MB of rendered songs and 40 MB of images keep a data directory under 200 MB. */
export const DEFAULT_AUDIO_CACHE_BYTES = 150 * 1024 * 1024;
export const DEFAULT_IMAGE_CACHE_BYTES = 40 * 1024 * 1024;

function megabytes(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text.trim() === '') return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${text}"`);
  return Math.round(n * 1024 * 1024);
}

/** 10 GB of cloud drive per user. */
export const DEFAULT_CLOUD_QUOTA_BYTES = 10 * 1024 ** 3;

function gigabytes(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text.trim() === '') return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${text}"`);
  return Math.round(n * 1024 ** 3);
}

/** A comma- or space-separated list. */
const list = (text: string | undefined): string[] => (text ?? '').split(/[\s,]+/).filter(Boolean);

function httpUrl(name: string, text: string | undefined): string | null {
  if (text === undefined || text.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, got "${text}"`);
  return text.trim();
}

/** `1`/`true` or `0`/`false`; unset or empty = undefined. */
function flag(name: string, text: string | undefined): boolean | undefined {
  const t = text?.trim().toLowerCase();
  if (t === undefined || t === '') return undefined;
  if (t === '1' || t === 'true') return true;
  if (t === '0' || t === 'false') return false;
  throw new Error(`${name} must be 1 or 0, got "${text}"`);
}

/** localhost and the loopback addresses (127.0.0.0/8, ::1): only this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h === '::1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  return isIPv4(v4) && v4.startsWith('127.');
}

/**
 * Whether the demo account may log in (docs/decisions/0027-running-on-a-network.md). CLOUDTUNE_DEMO
 * decides when set. Otherwise a server is a demo only when nobody but this machine's user can
 * reach it: it listens on loopback, and no reverse proxy (CLOUDTUNE_TRUSTED_PROXIES) or public URL
 * (CLOUDTUNE_PUBLIC_URL) brings others in — a published password must not open a real server.
 */
function demoMode(
  asked: boolean | undefined,
  reach: { host: string; trustedProxies: readonly string[]; publicUrl: string | null },
): boolean {
  if (asked !== undefined) return asked;
  return isLoopbackHost(reach.host) && reach.trustedProxies.length === 0 && reach.publicUrl === null;
}

/** CLOUDTUNE_ADMIN entries: `13812345678` (+86) or `+852-61234567` (country code, dash, number). */
function adminPhones(text: string | undefined): AdminPhone[] {
  return list(text).map((entry) => {
    const m = /^(?:\+?(\d{1,4})-)?(\d{5,15})$/.exec(entry);
    const countryCode = m?.[1] ?? '86';
    if (!m || (countryCode === '86' && !/^1\d{10}$/.test(m[2]!))) {
      throw new Error(`CLOUDTUNE_ADMIN must list phone numbers (13812345678, or +852-61234567 with a country code), got "${entry}"`);
    }
    return { countryCode, phone: m[2]! };
  });
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * Where the server keeps what it writes: unset, the data directory; `s3://bucket/prefix`, an
 * S3-compatible object store, reached at AWS_ENDPOINT_URL (or CLOUDTUNE_S3_ENDPOINT) with the usual
 * AWS variables. Every mistake is told at start, naming the variable.
 */
export function storageConfig(env: NodeJS.ProcessEnv): { storage: StorageConfig; s3Media: S3MediaMode } {
  const raw = env.CLOUDTUNE_STORAGE_URL?.trim() ?? '';
  const media = env.CLOUDTUNE_S3_MEDIA?.trim().toLowerCase() ?? '';
  if (media !== '' && media !== 'proxy' && media !== 'redirect') {
    throw new Error(`CLOUDTUNE_S3_MEDIA must be proxy or redirect, got "${env.CLOUDTUNE_S3_MEDIA}"`);
  }
  const s3Media = (media || DEFAULT_S3_MEDIA) as S3MediaMode;
  if (raw === '') {
    const stray = ['CLOUDTUNE_S3_ENDPOINT', 'CLOUDTUNE_S3_PATH_STYLE', 'CLOUDTUNE_S3_MEDIA'].filter((name) => env[name]?.trim());
    if (stray.length) throw new Error(`${stray.join(', ')} apply to S3 storage only: set CLOUDTUNE_STORAGE_URL=s3://bucket/prefix too`);
    return { storage: { kind: 'local' }, s3Media };
  }
  const m = /^s3:\/\/([^/?#]+)(?:\/([^?#]*))?$/i.exec(raw);
  if (!m) throw new Error(`CLOUDTUNE_STORAGE_URL must look like s3://bucket/prefix (or be unset for the data directory), got "${raw}"`);
  const bucket = m[1]!;
  if (!BUCKET.test(bucket))
    throw new Error(`CLOUDTUNE_STORAGE_URL: "${bucket}" is not a bucket name (3–63 lower-case letters, digits, dots, hyphens)`);
  const prefix = (m[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix !== '' && !/^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/.test(prefix)) {
    throw new Error(`CLOUDTUNE_STORAGE_URL: the prefix "${prefix}" may hold letters, digits, . _ - and single slashes only`);
  }
  const endpointName = ['CLOUDTUNE_S3_ENDPOINT', 'AWS_ENDPOINT_URL_S3', 'AWS_ENDPOINT_URL'].find((name) => env[name]?.trim());
  const endpoint = endpointName ? httpUrl(endpointName, env[endpointName]) : null;
  const region = env.AWS_REGION?.trim() || env.AWS_DEFAULT_REGION?.trim() || (endpoint ? 'us-east-1' : '');
  if (!region) throw new Error('S3 storage needs AWS_REGION (or an endpoint, AWS_ENDPOINT_URL, for an S3-compatible server)');
  const accessKeyId = env.AWS_ACCESS_KEY_ID?.trim() ?? '';
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY?.trim() ?? '';
  if ((accessKeyId === '') !== (secretAccessKey === '')) {
    throw new Error('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together: set both, or neither (a profile or an instance role)');
  }
  const sessionToken = env.AWS_SESSION_TOKEN?.trim();
  return {
    storage: {
      kind: 's3',
      bucket,
      prefix,
      endpoint,
      region,
      // MinIO-like servers answer at <endpoint>/<bucket>; AWS itself prefers the bucket in the host name.
      pathStyle: flag('CLOUDTUNE_S3_PATH_STYLE', env.CLOUDTUNE_S3_PATH_STYLE) ?? endpoint !== null,
      credentials: accessKeyId ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } : null,
    },
    s3Media,
  };
}

/** The placeholder of CLOUDTUNE_DATABASE_URL's database name that stands for the data directory (db/postgres-open.ts). */
export const DATA_DIR_PLACEHOLDER = '{dataDir}';

/**
 * CLOUDTUNE_DATABASE_URL: unset or empty, null (the library is a SQLite file in the data
 * directory); else a postgres:// (or postgresql://) URL, the database every process of the server
 * shares. `{dataDir}` in its database name stands for the data directory: each directory gets a
 * database of its own, created on first use (db/postgres-open.ts).
 */
export function databaseUrl(env: NodeJS.ProcessEnv): string | null {
  const raw = env.CLOUDTUNE_DATABASE_URL?.trim() ?? '';
  if (raw === '') return null;
  let url: URL;
  try {
    // Braces are not URL characters: the placeholder is checked in the name it stands in.
    url = new URL(raw.replaceAll(DATA_DIR_PLACEHOLDER, 'datadir'));
  } catch {
    throw new Error(`CLOUDTUNE_DATABASE_URL must be a postgres:// URL, got "${raw}"`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Error(`CLOUDTUNE_DATABASE_URL must be a postgres:// URL (or be unset for SQLite), got "${raw}"`);
  }
  if (raw.includes(DATA_DIR_PLACEHOLDER)) {
    const name = raw
      .replace(/[?#].*$/, '')
      .split('/')
      .slice(3)
      .join('/');
    if (raw.split(DATA_DIR_PLACEHOLDER).length !== 2 || !/^[A-Za-z0-9_]*\{dataDir\}[A-Za-z0-9_]*$/.test(name)) {
      throw new Error(
        `CLOUDTUNE_DATABASE_URL: ${DATA_DIR_PLACEHOLDER} belongs in the database name, beside letters, digits and _ only (postgres://host/cloudtune_{dataDir}), got "${raw}"`,
      );
    }
  }
  return raw;
}

/**
 * Configuration from the environment, with safe defaults. Relative paths resolve against the
 * directory the user ran npm in (npm sets INIT_CWD), so `npm start` at the repository root
 * keeps data in <root>/data even though the script runs inside apps/server. Lists and URLs are
 * checked again (strictly) when the app is built.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const base = env.INIT_CWD ?? process.cwd();
  const apiOnly = env.CLOUDTUNE_API_ONLY === '1' || env.CLOUDTUNE_API_ONLY === 'true';
  const logLevel = (env.CLOUDTUNE_LOG_LEVEL ?? 'warn') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`CLOUDTUNE_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const tlsCert = env.CLOUDTUNE_TLS_CERT?.trim() ? resolve(base, env.CLOUDTUNE_TLS_CERT.trim()) : null;
  const tlsKey = env.CLOUDTUNE_TLS_KEY?.trim() ? resolve(base, env.CLOUDTUNE_TLS_KEY.trim()) : null;
  // The files themselves are read (and checked) when the server starts.
  if ((tlsCert === null) !== (tlsKey === null)) {
    throw new Error('CLOUDTUNE_TLS_CERT and CLOUDTUNE_TLS_KEY go together: set both (a PEM certificate and its private key) or neither');
  }
  // Loopback unless HOST says otherwise: serving a network is a choice, and it ends demo mode.
  const host = env.HOST?.trim() || '127.0.0.1';
  const trustedProxies = list(env.CLOUDTUNE_TRUSTED_PROXIES);
  const publicUrl = httpUrl('CLOUDTUNE_PUBLIC_URL', env.CLOUDTUNE_PUBLIC_URL);
  return {
    port: port(env.PORT),
    host,
    dataDir: resolve(base, env.CLOUDTUNE_DATA?.trim() || './data'),
    databaseUrl: databaseUrl(env),
    apiOnly,
    webDist: apiOnly
      ? null
      : env.CLOUDTUNE_WEB_DIST?.trim()
        ? resolve(base, env.CLOUDTUNE_WEB_DIST.trim())
        : resolve(packageDir, '../web/dist/browser'),
    logLevel,
    audioCacheBytes: megabytes('CLOUDTUNE_AUDIO_CACHE_MB', env.CLOUDTUNE_AUDIO_CACHE_MB, DEFAULT_AUDIO_CACHE_BYTES),
    imageCacheBytes: megabytes('CLOUDTUNE_IMAGE_CACHE_MB', env.CLOUDTUNE_IMAGE_CACHE_MB, DEFAULT_IMAGE_CACHE_BYTES),
    libraryDir: env.CLOUDTUNE_LIBRARY?.trim() ? resolve(base, env.CLOUDTUNE_LIBRARY.trim()) : null,
    publicUrl,
    allowedHosts: list(env.CLOUDTUNE_ALLOWED_HOSTS),
    allowedOrigins: list(env.CLOUDTUNE_ALLOWED_ORIGINS),
    smsWebhook: httpUrl('CLOUDTUNE_SMS_WEBHOOK', env.CLOUDTUNE_SMS_WEBHOOK),
    cloudQuotaBytes: gigabytes('CLOUDTUNE_CLOUD_QUOTA_GB', env.CLOUDTUNE_CLOUD_QUOTA_GB, DEFAULT_CLOUD_QUOTA_BYTES),
    tlsCert,
    tlsKey,
    trustedProxies,
    demo: demoMode(flag('CLOUDTUNE_DEMO', env.CLOUDTUNE_DEMO), { host, trustedProxies, publicUrl }),
    admins: adminPhones(env.CLOUDTUNE_ADMIN),
    podcastAllowPrivate: flag('CLOUDTUNE_PODCAST_ALLOW_PRIVATE', env.CLOUDTUNE_PODCAST_ALLOW_PRIVATE) ?? false,
    ...storageConfig(env),
  };
}
