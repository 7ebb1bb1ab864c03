import { availableParallelism } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { isLoopbackHost, type Config } from './config.ts';
import { DEMO_ACCOUNT } from './content/demo/index.ts';
import { readTlsFiles } from './http/tls.ts';
import { mp3Encoders } from './media/synth/encode-mp3.ts';
import { mp3Variant, warmTranscoder } from './services/transcode.ts';
import { DEMO_SUBSONIC_PASSWORD } from './services/subsonic/index.ts';

export interface RunningServer {
  app: FastifyInstance;
  /** e.g. http://localhost:4000/ (https:// with a certificate) */
  url: string;
}

/** The line printed once listening; the e2e harness and README wait for it. */
export const servingLine = (url: string): string => `Cloudtune is serving at ${url}`;

/**
 * What `serve` tells whoever started it (on stderr, after the serving line): in demo mode how to
 * log in and how to leave it; otherwise that the demo account is off and who becomes the
 * administrator (docs/decisions/0027-running-on-a-network.md).
 */
export function startBanner(config: Pick<Config, 'demo' | 'host' | 'admins'>): string {
  const login = `${DEMO_ACCOUNT.phone} / ${DEMO_ACCOUNT.password} (Subsonic: ${DEMO_SUBSONIC_PASSWORD})`;
  if (config.demo && isLoopbackHost(config.host)) {
    return (
      `Demo mode: log in as ${login}. Set HOST=0.0.0.0 to serve your network — ` +
      'the demo account is then disabled; CLOUDTUNE_DEMO=1 keeps it.'
    );
  }
  if (config.demo) return `Demo mode (CLOUDTUNE_DEMO=1): anyone who reaches this server can log in as ${login}.`;
  const admin = config.admins.length
    ? `The accounts CLOUDTUNE_ADMIN names administer it (${config.admins.map((p) => `+${p.countryCode}-${p.phone}`).join(', ')}).`
    : 'The first account registered administers it (or name one: CLOUDTUNE_ADMIN=<phone>).';
  return `The demo account is disabled (CLOUDTUNE_DEMO=1 enables it). ${admin}`;
}

export async function startServer(config: Config, print: (line: string) => void = console.log): Promise<RunningServer> {
  // Read before anything is opened: a missing or bad certificate stops the start with one line.
  const tls = readTlsFiles(config.tlsCert, config.tlsKey);
  const app = await buildApp({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    apiPrefix: config.apiOnly ? '' : '/api',
    webDist: config.webDist,
    logger: config.logLevel,
    audioCacheBytes: config.audioCacheBytes,
    imageCacheBytes: config.imageCacheBytes,
    publicUrl: config.publicUrl,
    allowedHosts: config.allowedHosts,
    allowedOrigins: config.allowedOrigins,
    smsWebhook: config.smsWebhook,
    cloudQuotaBytes: config.cloudQuotaBytes,
    tls,
    trustedProxies: config.trustedProxies,
    demo: config.demo,
    admins: config.admins,
    podcastAllowPrivate: config.podcastAllowPrivate,
    storage: config.storage,
    s3Media: config.s3Media,
  });
  try {
    // A deep accept queue rides out connection bursts (the kernel caps it at net.core.somaxconn).
    await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  } catch (err) {
    await app.close();
    throw err;
  }
  // A song never played before starts on an encoder already running, one per encode slot; a
  // first transcode on a transcoder already running, at the level the web client asks for by
  // default (320k).
  mp3Encoders.warm(availableParallelism());
  warmTranscoder(mp3Variant(320_000));
  const address = app.server.address();
  // PORT=0 picks a free port; report the real one.
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `${tls ? 'https' : 'http'}://localhost:${port}/`;
  print(servingLine(url));
  return { app, url };
}
